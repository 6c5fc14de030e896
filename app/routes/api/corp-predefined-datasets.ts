import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { jsonResponse, methodNotAllowed, readJsonWith } from "~/modules/forms/json.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { generateDatasetSchema, type DatasetListItem } from "~/modules/products/corp/datasets";
import { generateDataset, listDatasets } from "~/modules/products/corp/datasets.server";

/**
 * /api/corp-predefined-datasets: GET the predefined datasets with the user's latest generation of each (status,
 * progress, files); POST {datasetId, format} queues a generation: 202 {id, status}, 409 while another one is
 * queued or running, 404 for an unknown dataset, 422 for invalid fields. 401 without a session, 403 without a
 * company subscription (admins pass and generate for themselves).
 */

function translated(datasets: DatasetListItem[], t: TFunction) {
  return datasets.map((dataset) => ({ ...dataset, name: t(dataset.name), description: t(dataset.description) }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiSubscription(request, "company");
  const t = await getFixedT(request);
  return jsonResponse({ datasets: translated(await listDatasets(user), t) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "company");
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const t = await getFixedT(request);
  const parsed = await readJsonWith(request, generateDatasetSchema, t);
  if (!parsed.ok) return parsed.response;
  const outcome = await generateDataset(user, parsed.data.datasetId, parsed.data.format);
  if (!outcome.ok) return jsonResponse({ error: t(outcome.message) }, outcome.reason === "busy" ? 409 : 404);
  return jsonResponse({ id: outcome.id, status: outcome.status }, 202);
}
