import type { ZodType, ZodTypeDef } from "zod";
import { setAccess } from "~/modules/data-api/access-rules";
import { db } from "~/modules/db/db.server";
import { translateMessage } from "~/modules/forms/messages";
import { notFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { localizePathFor } from "~/modules/i18n/language";
import { pageTitle } from "~/modules/content/page-title.server";
import { docSets, type Platform } from "~/modules/registry/registry";
import { readSandboxTrialKey } from "~/modules/sandbox/trial-cookie.server";
import { trialKeyId } from "~/modules/sandbox/trial-keys.server";
import { queryBuilderLink } from "~/modules/usage/builder-link";
import { callsCsv, daysCsv } from "./usage-csv";
import { adminUsageQuerySchema, usageRange, usageSearchFields, type AdminUsageQuery, type UsageQuery } from "~/modules/usage/usage-query";
import { operationUsage, topUsage, usageCall, usageReport, type UsageScope } from "~/modules/usage/usage.server";

/** The sets whose calls a platform's session answers for: its API-key and session sets (the sandbox has its own page). */
export function platformSets(platform: Platform): string[] {
  return docSets
    .map((set) => set.id)
    .filter((id) => {
      const access = setAccess[id];
      return access.kind !== "trial-key" && access.platform === platform;
    });
}

/** The filter form's values as typed, for showing them again beside their messages. */
export type UsageFilterValues = Record<string, string>;

type UsageQuestion<Q> =
  { query: Q; values: UsageFilterValues; errors: null } | { query: null; values: UsageFilterValues; errors: Record<string, string> };

/** A page's question: valid, or the typed values and each field's translated message. */
async function readUsageQuestion<Q extends UsageQuery>(
  request: Request,
  schema: ZodType<Q, ZodTypeDef, unknown>,
): Promise<UsageQuestion<Q>> {
  const values = usageSearchFields(new URL(request.url).searchParams);
  const parsed = schema.safeParse(values);
  if (parsed.success) return { query: parsed.data, values, errors: null };
  const t = await getFixedT(request);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "_")] ??= translateMessage(t, issue.message);
  return { query: null, values, errors };
}

/**
 * What a usage page shows of a scope: the days, the operations with their latency and the calls the filters pick.
 * Bad filters give status 400 (the page answers with it) and each field's message, and no figures.
 */
export async function usagePage<Q extends UsageQuery>(
  request: Request,
  schema: ZodType<Q, ZodTypeDef, unknown>,
  scopeOf: (query: Q) => UsageScope,
) {
  const question = await readUsageQuestion(request, schema);
  if (question.errors !== null) return { status: 400, query: null, values: question.values, errors: question.errors, report: null };
  const scope = scopeOf(question.query);
  const { from, to } = usageRange(question.query, new Date());
  const [report, operations] = await Promise.all([usageReport(scope, question.query), operationUsage(scope, from, to)]);
  return { status: 200, query: question.query, values: question.values, errors: null, report: { ...report, operations } };
}

/**
 * What a call's detail page shows (the subscriber's, the trial user's and the admins' alike): one call of the scope
 * with its builder link in the reader's language, the list it came from and the page's title. Another account's
 * call is as unknown as a made-up id: the 404 page.
 */
export async function usageCallPage(request: Request, scope: UsageScope, requestId: string) {
  const call = await usageCall(scope, requestId);
  if (!call) throw notFound();
  const builderLink = queryBuilderLink(call);
  return {
    call: { ...call, builderLink: builderLink ? localizePathFor(request, builderLink) : null },
    back: new URL(request.url).pathname.replace(/\/[^/]+\/?$/, ""),
    ...(await pageTitle(request, "usagePage.callTitle")),
  };
}

/** Who an account of the log is, for admins: a user's e-mail and id, a trial key, or nobody known. */
async function accountLabels(accounts: readonly string[]): Promise<Record<string, { label: string; userId: string | null }>> {
  const userIds = accounts.filter((account) => account.startsWith("account:")).map((account) => account.slice("account:".length));
  const users = userIds.length > 0 ? await db.selectFrom("users").select(["id", "email"]).where("id", "in", userIds).execute() : [];
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return Object.fromEntries(
    accounts.map((account) => {
      const userId = account.startsWith("account:") ? account.slice("account:".length) : null;
      return [account, { label: (userId && emails.get(userId)) || account, userId }];
    }),
  );
}

/** Rows of a calls CSV when the filters name no limit: the page lists the latest 100, a download more. */
const CSV_CALLS = 10_000;

/**
 * A usage page's CSV download (`calls.csv`, `days.csv` beside it) with the page's filters; bad filters answer 400
 * with their messages as text.
 */
export async function usageCsv<Q extends UsageQuery>(
  request: Request,
  schema: ZodType<Q, ZodTypeDef, unknown>,
  scopeOf: (query: Q) => UsageScope,
  kind: "calls" | "days",
): Promise<Response> {
  const question = await readUsageQuestion(request, schema);
  if (question.errors !== null)
    return new Response(Object.values(question.errors).join("\n"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const query: UsageQuery = question.values.limit ? question.query : { ...question.query, limit: CSV_CALLS };
  const report = await usageReport(scopeOf(question.query), query);
  const csv = kind === "calls" ? callsCsv(report.calls) : daysCsv(report.days);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="usage-${kind}-${report.from}-${report.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The admins' scope: everyone, or the account and the set their filters name. */
export function adminScope(query: AdminUsageQuery): UsageScope {
  return { ...(query.account ? { account: query.account } : {}), ...(query.set ? { sets: [query.set] } : {}) };
}

/** The admins' page: what every usage page shows, the busiest accounts and operations, and who each account is. */
export async function adminUsagePage(request: Request) {
  const page = await usagePage(request, adminUsageQuerySchema, adminScope);
  if (!page.query || !page.report) return { ...page, top: null, accounts: {} as Awaited<ReturnType<typeof accountLabels>> };
  const top = await topUsage(adminScope(page.query), page.report.from, page.report.to);
  const accounts = await accountLabels([
    ...new Set([...top.accounts.map((entry) => entry.name), ...page.report.calls.map((call) => call.account)]),
  ]);
  return { ...page, top, accounts };
}

/**
 * The scope of the trial key this browser holds (its sandbox cookie): the sandbox's calls of that key. Without a
 * valid trial key the trial usage pages are the 404 page, as the dashboard is for visitors.
 */
export async function trialScope(request: Request): Promise<UsageScope> {
  const key = await readSandboxTrialKey(request);
  const id = key ? await trialKeyId(key) : null;
  if (!id) throw notFound();
  return { account: `trial:${id}`, sets: ["sandbox"] };
}
