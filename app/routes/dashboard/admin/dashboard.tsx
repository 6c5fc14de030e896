import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AuditSection,
  InstancesSection,
  QueuesSection,
  SpecificationsSection,
  specReloadValidator,
  type SpecReloadFailure,
} from "~/components/dashboard/admin-dashboard-view";
import { useLiveRevalidation } from "~/components/dashboard/use-live-revalidation";
import { dashboardRefreshMs } from "~/modules/admin/dashboard";
import { loadAdminDashboard, reloadSpecifications } from "~/modules/admin/dashboard.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { engineJobKinds } from "~/modules/server/engine.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { dashboard: await loadAdminDashboard(engineJobKinds), ...(await pageTitle(request, "admin.dashboard.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/**
 * Reloads one specification or all: success comes back as a toast naming what was reloaded; a set that
 * failed (its old specification still served) as SPEC.md's message on the page, with a 502.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const result = await specReloadValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);
  const outcomes = await reloadSpecifications(admin, result.data.set);
  if (outcomes.some((outcome) => outcome.outcome === "failed")) return data({ outcomes } satisfies SpecReloadFailure, { status: 502 });
  const t = await getFixedT(request);
  const [one] = outcomes;
  return redirectWithToast(
    new URL(request.url).pathname,
    result.data.set !== "all" && one?.outcome === "reloaded"
      ? {
          type: "success",
          message: "admin.dashboard.specs.reloaded",
          values: { set: t(`products.docSetNames.${one.set}`), version: String(one.version) },
        }
      : { type: "success", message: "admin.dashboard.specs.reloadedAll", values: { count: String(outcomes.length) } },
  );
}

/** The last failed reload, kept until the next post: the page's own refresh every few seconds would clear it. */
function useLastFailure(): SpecReloadFailure | null {
  const actionData = useActionData<typeof action>();
  const { state } = useNavigation();
  const failure = actionData && "outcomes" in actionData ? actionData : null;
  const [last, setLast] = useState(failure);
  useEffect(() => {
    if (failure) setLast(failure);
  }, [failure]);
  useEffect(() => {
    if (state === "submitting") setLast(null);
  }, [state]);
  return state === "submitting" ? null : (failure ?? last);
}

export default function AdminDashboardPage() {
  const { dashboard } = useLoaderData<typeof loader>();
  const failure = useLastFailure();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useLiveRevalidation(true, dashboardRefreshMs);
  return (
    <Stack gap="xl" maw={1400}>
      <div>
        <Title order={1}>{t("admin.dashboard.title")}</Title>
        <Text>{t("admin.dashboard.lead")}</Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="dashboard-updated">
            {t("admin.dashboard.updated", { time: dashboard.generatedAt.slice(0, 19).replace("T", " ") })}
          </Text>
          <Anchor href={pathname} size="sm">
            {t("admin.dashboard.refresh")}
          </Anchor>
        </Group>
      </div>
      <InstancesSection instances={dashboard.instances} />
      <QueuesSection queues={dashboard.queues} />
      <SpecificationsSection specifications={dashboard.specifications} failure={failure} />
      <AuditSection audit={dashboard.audit} />
    </Stack>
  );
}
