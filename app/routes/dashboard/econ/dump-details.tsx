import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DumpProgress, DumpStatusBadge } from "~/components/dashboard/dump-progress";
import { useLiveRevalidation } from "~/components/dashboard/use-live-revalidation";
import { AppLink } from "~/components/layout/app-link";
import { requireSubscription } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { cancelEconDump, findEconDump, type DumpDetails } from "~/modules/feeds/econ.server";
import { isActiveDumpStatus } from "~/modules/feeds/progress";
import { readFormData } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const dump = await findEconDump(user, params.dumpId ?? "");
  if (!dump) throw new Response("Not Found", { status: 404 });
  return { dump, now: Date.now(), ...(await pageTitle(request, "dumps.detailsTitle")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.dump ? `${data.dump.name} · ${data.title}` : undefined, data?.siteName);

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const form = await readFormData(request);
  if (form.get("intent") !== "cancel") return data({ error: "dumps.unknownIntent" }, { status: 400 });
  const outcome = await cancelEconDump(user, params.dumpId ?? "");
  if (outcome === "not-found") throw new Response("Not Found", { status: 404 });
  if (outcome === "not-cancellable") return data({ error: "dumps.notCancellable" }, { status: 409 });
  return redirectWithToast(localizePathFor(request, `/dashboard/econ/dump-details/${params.dumpId}`), { type: "success", message: "dumps.cancelledToast" });
}

function formatDate(value: string | null): string {
  return value ? `${value.slice(0, 19).replace("T", " ")} UTC` : "—";
}

/** The criteria that select something, as label and value. */
function criteriaRows(criteria: DumpDetails["criteria"]): [string, string][] {
  const rows: [string, string][] = [];
  for (const [key, value] of Object.entries(criteria)) {
    if (value === undefined || value === null || value === false || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    rows.push([key, Array.isArray(value) ? value.join(", ") : value === true ? "✓" : String(value)]);
  }
  return rows;
}

function Definition({ rows }: { rows: [string, string][] }) {
  return (
    <Table withRowBorders={false} layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="40%">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function DumpDetailsPage() {
  const { dump, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  useLiveRevalidation(isActiveDumpStatus(dump.status));
  const yes = t("dumps.yes");
  const no = t("dumps.no");
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={AppLink} to="/dashboard/econ/dumps" size="sm">
        ← {t("dumps.backToList")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{dump.name}</Title>
          {dump.description ? <Text>{dump.description}</Text> : null}
        </div>
        <DumpStatusBadge status={dump.status} />
      </Group>

      {actionData?.error ? (
        <Alert color="red" role="alert">
          {t(actionData.error)}
        </Alert>
      ) : null}
      {dump.status === "failed" && dump.error ? (
        <Alert color="red" title={t("dumps.failedTitle")} data-testid="dump-error">
          {dump.error}
        </Alert>
      ) : null}

      <Card withBorder padding="lg" aria-labelledby="dump-progress-heading">
        <Title order={2} size="h3" id="dump-progress-heading" mb="sm">
          {t("dumps.progressTitle")}
        </Title>
        <DumpProgress {...dump} now={now} />
        <Definition
          rows={[
            [t("dumps.fields.created"), formatDate(dump.created)],
            [t("dumps.fields.started"), formatDate(dump.started)],
            [t("dumps.fields.finished"), formatDate(dump.finished)],
            ...(dump.username ? ([[t("dumps.username"), dump.username]] as [string, string][]) : []),
          ]}
        />
        <Group mt="sm">
          {dump.files.map((file) => (
            <Button key={file.id} component="a" href={file.downloadUrl} download={file.filename} variant="filled">
              {t("dumps.downloadFile", { format: file.format.toUpperCase(), size: (file.size / 1024).toFixed(1) })}
            </Button>
          ))}
          {dump.canBeCancelled ? (
            <Form method="post">
              <Button type="submit" name="intent" value="cancel" color="red" variant="light">
                {t("dumps.cancel")}
              </Button>
            </Form>
          ) : null}
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="sm">
            {t("dumps.criteriaTitle")}
          </Title>
          <Definition rows={criteriaRows(dump.criteria).map(([key, value]) => [t(`dumps.criteria.${key}`, { defaultValue: key }), value])} />
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="sm">
            {t("dumps.outputTitle")}
          </Title>
          <Definition
            rows={[
              [t("dumps.fields.format"), dump.options.format.toUpperCase()],
              [t("dumps.fields.language"), dump.options.language],
              [t("dumps.fields.consolidation"), dump.options.consolidation],
              [t("dumps.fields.metadataOnly"), dump.options.metadataOnly ? yes : no],
              [t("dumps.fields.fullDump"), dump.options.fullDump ? yes : no],
              [t("dumps.fields.vintages"), dump.options.vintages ? yes : no],
              [t("dumps.fields.delivery"), dump.delivery.ftp ? `FTP ${dump.delivery.ftp.host}${dump.delivery.ftp.path} (${dump.delivery.ftp.username})` : t("dumps.platformDelivery")],
              [t("dumps.fields.notificationEmail"), dump.notification.emails.join(", ") || "—"],
              [t("dumps.fields.notificationUrl"), dump.notification.url ? `${dump.notification.method} ${dump.notification.url}` : "—"],
            ]}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
