import { Stack, Text, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageFilterForm, UsageSections } from "~/components/dashboard/usage-view";
import { requireUser } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { env } from "~/modules/env/env.server";
import { accountOf } from "~/modules/usage/call-record";
import { platformSets, usagePage } from "~/modules/dashboard/usage-page.server";
import { usageQuerySchema } from "~/modules/usage/usage-query";

/**
 * The subscriber's Usage page (issue 29): the calls of the session's platform by any key or session of the account —
 * calls per day as a chart and a table, calls and latency per operation, and the log, filtered by a GET form (no
 * JavaScript needed; bad filters answer 400 with the page and their messages). Visitors get the 404 page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const base = new URL(request.url).pathname.replace(/\/$/, "");
  const { status, values, errors, report } = await usagePage(request, usageQuerySchema, () => ({
    account: accountOf(user.id),
    sets: platformSets(user.platform),
  }));
  return data({ values, errors, report, base, logDays: env.USAGE_LOG_DAYS, ...(await pageTitle(request, "usagePage.title")) }, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function UsageRoute() {
  const { values, errors, report, base, logDays } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t("usagePage.title")}</Title>
        <Text>{t("usagePage.lead", { days: logDays })}</Text>
      </div>
      <UsageFilterForm values={values} errors={errors} csvBase={base} />
      {report ? <UsageSections report={report} detailBase={base} /> : null}
    </Stack>
  );
}
