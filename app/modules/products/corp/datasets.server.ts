import { auditIfAdmin } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { createDump, dumpProgress } from "~/modules/feeds/dumps.server";
import { outputOptionsSchema } from "~/modules/feeds/model";
import { fixedT } from "~/modules/i18n/i18n.server";
import { findDataset, predefinedDatasets, type DatasetFormat, type DatasetListItem } from "./datasets";

/**
 * Generating a predefined dataset is a company dump marked with the dataset's id: the worker builds the file,
 * reports progress and keeps it 30 days like any dump. A user generates one dataset at a time.
 */

export type GenerateOutcome =
  | { ok: true; id: string; status: "queued" }
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "busy"; message: string };

const activeStatuses = ["queued", "running"];

async function latestGeneration(userId: string, datasetId: string) {
  return db
    .selectFrom("dumps")
    .select(["id", "status", "options", "processed", "total", "created_at", "finished_at"])
    .where("user_id", "=", userId)
    .where("dataset_id", "=", datasetId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Every predefined dataset with the user's latest generation of it: its state, progress and files. */
export async function listDatasets(user: CurrentUser): Promise<DatasetListItem[]> {
  const latest = await Promise.all(predefinedDatasets.map((dataset) => latestGeneration(user.id, dataset.id)));
  const dumpIds = latest.flatMap((row) => (row ? [row.id] : []));
  const files = dumpIds.length
    ? await db
        .selectFrom("files")
        .select(["id", "dump_id", "format", "filename", "size", "items"])
        .where("dump_id", "in", dumpIds)
        .where("purged_at", "is", null)
        .orderBy("created_at")
        .execute()
    : [];
  return predefinedDatasets.map((dataset, index) => {
    const row = latest[index];
    return {
      id: dataset.id,
      name: dataset.name,
      description: dataset.description,
      latest: row
        ? {
            id: row.id,
            status: row.status,
            format: outputOptionsSchema.parse(JSON.parse(row.options)).format,
            progress: dumpProgress(row),
            processed: row.processed,
            total: row.total,
            created: row.created_at,
            finished: row.finished_at,
            files: files
              .filter((file) => file.dump_id === row.id)
              .map((file) => ({
                id: file.id,
                format: file.format,
                filename: file.filename,
                size: file.size,
                records: file.items,
                downloadUrl: `/api/files/${file.id}`,
              })),
          }
        : null,
    };
  });
}

function isUniqueViolation(error: unknown): boolean {
  const code = error instanceof Error && "code" in error ? String(error.code) : "";
  const text = error instanceof Error ? `${error.message} ${code}` : "";
  return /UNIQUE constraint failed|duplicate key value|23505|SQLITE_CONSTRAINT_UNIQUE/.test(text);
}

async function activeGeneration(userId: string) {
  return db
    .selectFrom("dumps")
    .select("id")
    .where("user_id", "=", userId)
    .where("dataset_id", "is not", null)
    .where("status", "in", activeStatuses)
    .executeTakeFirst();
}

/**
 * Queues the dataset's generation for the user (an admin generates for themselves). Refused while another of
 * the user's generations is queued or running: of two posts at once, the database's partial unique index
 * (migration 0007) lets one insert win and the other is refused the same way.
 */
export async function generateDataset(user: CurrentUser, datasetId: string, format: DatasetFormat): Promise<GenerateOutcome> {
  const dataset = findDataset(datasetId);
  if (!dataset) return { ok: false, reason: "not-found", message: "datasets.notFound" };
  const busy = { ok: false, reason: "busy", message: "datasets.busy" } as const;
  if (await activeGeneration(user.id)) return busy;
  const t = await fixedT("en");
  try {
    const id = await createDump(user.id, "company", {
      name: t(dataset.name),
      description: t(dataset.description),
      criteria: dataset.criteria,
      options: outputOptionsSchema.parse({ ...dataset.options, format }),
      delivery: { method: "platform", ftp: null },
      notification: { emails: [], url: null, method: "POST" },
      datasetId: dataset.id,
    });
    await auditIfAdmin(user, {
      action: "dump-create",
      target: id,
      ownerId: user.id,
      details: { product: "company", dataset: dataset.id, format },
    });
    return { ok: true, id, status: "queued" };
  } catch (error) {
    // The insert lost the race to a generation posted at the same moment.
    if (isUniqueViolation(error)) return busy;
    throw error;
  }
}
