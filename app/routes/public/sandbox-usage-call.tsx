import { Container, Stack, Title } from "@mantine/core";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsageCallView } from "~/components/dashboard/usage-view";
import { pageMeta } from "~/modules/content/page-meta";
import { trialScope, usageCallPage } from "~/modules/dashboard/usage-page.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** One call of this browser's trial key; another key's, or an unknown id, is the 404 page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return usageCallPage(request, await trialScope(request), params.requestId ?? "");
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
