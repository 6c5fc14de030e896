import { Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageCallView } from "~/components/dashboard/usage-view";
import { requireUser } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { accountOf } from "~/modules/usage/call-record";
import { platformSets, usageCallDetail } from "~/modules/dashboard/usage-page.server";

/** /dashboard/usage/{requestId}: one of the account's calls; anyone else's, or an id nobody has, is the 404 page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const call = await usageCallDetail({ account: accountOf(user.id), sets: platformSets(user.platform) }, params.requestId ?? "");
  if (!call) throw notFound();
  const back = new URL(request.url).pathname.replace(/\/[^/]+\/?$/, "");
  const builderLink = call.builderLink ? localizePathFor(request, call.builderLink) : null;
  return { call: { ...call, builderLink }, back, ...(await pageTitle(request, "usagePage.callTitle")) };
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
