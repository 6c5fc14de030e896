import { Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageCallView } from "~/components/dashboard/usage-view";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { usageCallPage } from "~/modules/dashboard/usage-page.server";

/** /dashboard/admin/usage/{requestId}: any account's call, for admins; the 404 page for an unknown id or anyone else. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return usageCallPage(request, {}, params.requestId ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function AdminUsageCallRoute() {
  const { call, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1}>{t("usagePage.callTitle")}</Title>
      <Text>{t("usagePage.callOf", { account: call.account })}</Text>
      <UsageCallView call={call} back={back} />
    </Stack>
  );
}
