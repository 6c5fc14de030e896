import { loginName } from "~/modules/auth/login-name";
import { numeric, text } from "../call-input";
import { badRequest, conflict, notFound } from "../errors";
import { ok, type CallContext, type Handler, type OpenHandler, type SetHandlers } from "../handler";
import { admitCall } from "../limits.server";
import { createRecord, findRecord, listRecords, type StoredRecord } from "../records.server";
import { openSession } from "../sessions.server";
import { assetClassesOf, reportOutput, type Dataset, type ReportFrequency } from "./fund-flows-data";

/** The Fund Flows API: sessions, asset classes and reports over data derived from the catalog's reference data. */

const createSession: OpenHandler = async ({ input, now, clientAddress }) => {
  const credentials = input.body as { username: string; password: string };
  // Before a session exists, the username is what the call rule counts against.
  const call = await admitCall(`session-open:${loginName(credentials.username)}`);
  try {
    return ok({ data: [await openSession("intel", credentials, clientAddress, now)] });
  } finally {
    await call.release();
  }
};

const listAssetClasses: Handler = async ({ input }) => ok({ data: assetClassesOf(text(input, "dataset") as Dataset) });

interface ReportRequest {
  assetClasses: number[];
  frequency: ReportFrequency;
  categories?: string[];
  assets?: string[];
  [field: string]: unknown;
}

interface ReportBody {
  name: string;
  dataset: Dataset;
  from: string;
  to: string;
  request: ReportRequest;
}

/** A report runs by the clock: queued for a second, running for another, then completed. */
const QUEUED_MS = 1000;
const RUNNING_MS = 1000;

function progress(record: StoredRecord<ReportBody>, now: Date): { status: string; updated: string } {
  const created = Date.parse(record.createdAt);
  const elapsed = now.getTime() - created;
  if (elapsed < QUEUED_MS) return { status: "Queued", updated: record.createdAt };
  if (elapsed < QUEUED_MS + RUNNING_MS) return { status: "Running", updated: new Date(created + QUEUED_MS).toISOString() };
  return { status: "Completed", updated: new Date(created + QUEUED_MS + RUNNING_MS).toISOString() };
}

function toSavedReport(record: StoredRecord<ReportBody>, now: Date) {
  const { name, dataset, from, to, request } = record.body;
  return { id: record.id, name, dataset, from, to, frequency: request.frequency, ...progress(record, now), created: record.createdAt };
}

const reports = (context: CallContext) => ({ set: context.set, kind: "report" as const, ownerId: context.caller.ownerId });

const MAX_REPORTS_LISTED = 500;

const listSavedReports: Handler = async (context) => {
  const dataset = text(context.input, "dataset");
  const records = await listRecords<ReportBody>(reports(context), { limit: MAX_REPORTS_LISTED });
  return ok({
    data: records.filter((record) => !dataset || record.body.dataset === dataset).map((record) => toSavedReport(record, context.now)),
  });
};

async function ownReport(context: CallContext): Promise<StoredRecord<ReportBody>> {
  const report = await findRecord<ReportBody>(reports(context), numeric(context.input, "id") ?? 0);
  if (!report) throw notFound("Not found: no report of this user has this id.");
  return report;
}

const getSavedReport: Handler = async (context) => ok(toSavedReport(await ownReport(context), context.now));

const getSavedReportOutput: Handler = async (context) => {
  const report = await ownReport(context);
  if (progress(report, context.now).status !== "Completed")
    throw conflict("Conflict: the report is not Completed yet; poll its status first.");
  const { dataset, from, to, request } = report.body;
  return ok(
    reportOutput({
      dataset,
      from,
      to,
      frequency: request.frequency,
      assetClasses: request.assetClasses,
      categories: request.categories,
      assets: request.assets,
    }),
  );
};

const createReport: Handler = async (context) => {
  const dataset = text(context.input, "dataset") as Dataset;
  const from = text(context.input, "from")!;
  const to = text(context.input, "to")!;
  if (from > to) throw badRequest("Bad request: from is after to.");
  const request = context.input.body as ReportRequest;
  const known = new Set(assetClassesOf(dataset).map((assetClass) => assetClass.id));
  const unknown = request.assetClasses.find((id) => !known.has(id));
  if (unknown !== undefined) throw badRequest(`Bad request: asset class ${unknown} is not in the ${dataset} dataset.`);
  if (request.assetClasses.length === 0) throw badRequest("Bad request: report.assetClasses must name at least one asset class.");
  const body: ReportBody = { name: `${dataset} ${request.frequency.toLowerCase()} report, ${from} to ${to}`, dataset, from, to, request };
  const record = await createRecord(reports(context), body, { now: context.now });
  return ok({ reportId: record.id, status: progress(record, context.now).status });
};

export const fundFlowsHandlers: SetHandlers = {
  secured: { listAssetClasses, listSavedReports, getSavedReport, getSavedReportOutput, createReport },
  open: { createSession },
};
