import { Container, Stack, Title } from "@mantine/core";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageCallView } from "~/components/dashboard/usage-view";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { trialScope, usageCallDetail } from "~/modules/dashboard/usage-page.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** One call of this browser's trial key; another key's, or an unknown id, is the 404 page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const call = await usageCallDetail(await trialScope(request), params.requestId ?? "");
  if (!call) throw notFound();
  const back = new URL(request.url).pathname.replace(/\/[^/]+\/?$/, "");
  const builderLink = call.builderLink ? localizePathFor(request, call.builderLink) : null;
  return { call: { ...call, builderLink }, back, ...(await pageTitle(request, "usagePage.callTitle")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function SandboxUsageCallPage() {
  const { call, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t("usagePage.callTitle")}</Title>
        <UsageCallView call={call} back={back} />
      </Stack>
    </Container>
  );
}
