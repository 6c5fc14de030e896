import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DatasetCard, generateDatasetValidator, generateFormId } from "~/components/dashboard/dataset-card";
import { useLiveRevalidation } from "~/components/dashboard/use-live-revalidation";
import { FormError } from "~/components/forms/form-error";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { requireProductPlace } from "~/modules/products/registry.server";
import { isActiveDumpStatus } from "~/modules/feeds/progress";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { findDataset } from "~/modules/products/corp/datasets";
import { generateDataset, listDatasets } from "~/modules/products/corp/datasets.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireProductPlace(request);
  return { datasets: await listDatasets(user), ...(await pageTitle(request, "datasets.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Generate (intent=generate): queues the dataset, or says why not (another one is being generated, unknown dataset). */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = await requireProductPlace(request);
  const form = await readFormData(request);
  if (form.get("intent") !== "generate") return formFailure("datasets.unknownIntent", {}, 400);
  const result = await generateDatasetValidator.validate(form);
  if (result.error) return validationFailure(result.error, result.submittedData);
  const { datasetId, format } = result.data;
  const outcome = await generateDataset(user, datasetId, format);
  if (!outcome.ok) {
    return formFailure(
      outcome.message,
      result.submittedData,
      outcome.reason === "busy" ? 409 : 404,
      result.formId ?? generateFormId(datasetId),
    );
  }
  const t = await getFixedT(request);
  return redirectWithToast(new URL(request.url).pathname, {
    type: "success",
    message: "datasets.generatingToast",
    values: { name: t(findDataset(datasetId)?.name ?? datasetId), format: format.toUpperCase() },
  });
}

/** A refused generation shows the one in its way: the datasets are read again after every post, refused ones too. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" || defaultShouldRevalidate;

type Refusal = { formError?: string | null; formId?: string };

/**
 * The last refusal, kept until the next post: the live revalidation while a dataset is generated (exactly when
 * refusals happen) would otherwise clear it within seconds.
 */
function useLastRefusal(): Refusal | undefined {
  const actionData = useActionData<Refusal>();
  const { state } = useNavigation();
  const [last, setLast] = useState(actionData);
  useEffect(() => {
    if (actionData) setLast(actionData);
  }, [actionData]);
  useEffect(() => {
    if (state === "submitting") setLast(undefined);
  }, [state]);
  return state === "submitting" ? undefined : (actionData ?? last);
}

export default function PredefinedDatasetsPage() {
  const { datasets } = useLoaderData<typeof loader>();
  const actionData = useLastRefusal();
  const { t } = useTranslation();
  useLiveRevalidation(datasets.some((dataset) => dataset.latest !== null && isActiveDumpStatus(dataset.latest.status)));
  const formIds = new Set(datasets.map((dataset) => generateFormId(dataset.id)));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t("datasets.title")}</Title>
        <Text>{t("datasets.lead")}</Text>
      </div>
      {actionData?.formId && formIds.has(actionData.formId) ? null : <FormError message={actionData?.formError} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {datasets.map((dataset) => (
          <DatasetCard
            key={dataset.id}
            dataset={dataset}
            formError={actionData?.formId === generateFormId(dataset.id) ? actionData.formError : null}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
