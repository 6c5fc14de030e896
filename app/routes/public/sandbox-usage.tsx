import { Container, Stack, Text, Title } from "@mantine/core";
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageFilterForm, UsageSections } from "~/components/dashboard/usage-view";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { trialScope, usagePage } from "~/modules/dashboard/usage-page.server";
import { usageQuerySchema } from "~/modules/usage/usage-query";

/** One browser's trial calls: no cache may keep them. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The sandbox trial's usage page (issue 29): what the Usage page shows a subscriber, for the trial key this browser
 * holds (its sandbox cookie). Without one it is the 404 page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const scope = await trialScope(request);
  const base = new URL(request.url).pathname.replace(/\/$/, "");
  const { status, values, errors, report } = await usagePage(request, usageQuerySchema, () => scope);
  return data({ values, errors, report, base, ...(await pageTitle(request, "usagePage.trialTitle")) }, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function SandboxUsagePage() {
  const { values, errors, report, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("usagePage.trialTitle")}</Title>
          <Text>{t("usagePage.trialLead")}</Text>
        </div>
        <UsageFilterForm values={values} errors={errors} csvBase={base} />
        {report ? <UsageSections report={report} detailBase={base} /> : null}
      </Stack>
    </Container>
  );
}
