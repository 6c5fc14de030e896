import { Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageCallView } from "~/components/dashboard/usage-view";
import { requireUser } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { accountOf } from "~/modules/usage/call-record";
import { platformSets, usageCallPage } from "~/modules/dashboard/usage-page.server";

/** /dashboard/usage/{requestId}: one of the account's calls; anyone else's, or an id nobody has, is the 404 page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return usageCallPage(request, { account: accountOf(user.id), sets: platformSets(user.platform) }, params.requestId ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function UsageCallRoute() {
  const { call, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1}>{t("usagePage.callTitle")}</Title>
      <UsageCallView call={call} back={back} />
    </Stack>
  );
}
