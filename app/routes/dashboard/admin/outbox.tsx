import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/forms/form-error";
import { OutboxMessageDetails, OutboxTable } from "~/components/dashboard/outbox-view";
import { readOutboxMessage } from "~/modules/admin/audited-reads.server";
import { lookUpAndList } from "~/modules/admin/log-screen.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { env } from "~/modules/env/env.server";
import { maxListRows } from "~/modules/forms/list-limit";
import { translateMessage } from "~/modules/forms/messages";
import { outboxStatusFilters, readOutboxSearch } from "~/modules/mail/outbox-lookup";
import { listOutbox } from "~/modules/mail/outbox.server";

/**
 * The e-mail outbox: ?id= shows one message, recorded in the audit trail (400 'Invalid ID', 404 when none has it),
 * above the latest ones, which a GET form filters by ?status=&recipient=. Read only: sendMail tries each message
 * once, as it writes it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const search = readOutboxSearch(new URL(request.url).searchParams);
  const { row, list, lookupError, status } = await lookUpAndList(search, {
    find: (id) => readOutboxMessage(admin, id),
    list: (filter) => listOutbox({ ...filter, limit: maxListRows }),
    empty: { messages: [], total: 0 },
    notFound: "admin.outbox.notFound",
  });
  return data(
    {
      values: search.values,
      message: row,
      lookupError,
      list,
      filterErrors: search.filterErrors,
      smtp: Boolean(env.SMTP_URL),
      ...(await pageTitle(request, "admin.outbox.title")),
    },
    { status },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function OutboxPage() {
  const { values, message, lookupError, list, filterErrors, smtp } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const filterError = (field: string) => (filterErrors[field] ? translateMessage(t, filterErrors[field]) : undefined);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t("admin.outbox.title")}</Title>
        <Text>{t("admin.outbox.lead")}</Text>
        <Text c="dimmed" data-testid="outbox-delivery">
          {t(smtp ? "admin.outbox.smtpOn" : "admin.outbox.smtpOff")}
        </Text>
        <Text c="dimmed">{t("admin.outbox.securityNote")}</Text>
      </div>

      <FormError message={lookupError} testId="lookup-error" />
      {message ? <OutboxMessageDetails message={message} /> : null}

      <Title order={2} size="h3">
        {t("admin.outbox.listTitle")}
      </Title>
      <Form method="get" role="search" aria-label={t("admin.outbox.filterLabel")} key={`filter:${values.status}|${values.recipient}`}>
        <Group align="flex-start" gap="sm">
          <NativeSelect
            id="outbox-status"
            name="status"
            label={t("admin.outbox.status")}
            defaultValue={values.status}
            data={outboxStatusFilters.map((value) => ({ value, label: t(`admin.outbox.statuses.${value}`) }))}
            error={filterError("status")}
          />
          <TextInput
            id="outbox-recipient"
            name="recipient"
            type="search"
            label={t("admin.outbox.recipient")}
            defaultValue={values.recipient}
            error={filterError("recipient")}
            autoComplete="off"
          />
          <Button type="submit" variant="default" mt={25}>
            {t("admin.incidents.applyFilter")}
          </Button>
        </Group>
      </Form>
      {list.total > list.messages.length ? (
        <Text data-testid="outbox-showing">{t("admin.outbox.showingLatest", { shown: list.messages.length, total: list.total })}</Text>
      ) : null}
      <OutboxTable messages={list.messages} />
    </Stack>
  );
}
