import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NoRecords } from "~/components/dashboard/no-records";
import { UsageFilterForm, UsageSections } from "~/components/dashboard/usage-view";
import { TableScroll } from "~/components/layout/table-scroll";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { adminUsagePage } from "~/modules/dashboard/usage-page.server";
import type { TopEntry } from "~/modules/usage/usage.server";

/**
 * The admins' usage view (issue 29): calls, errors and 429s per day across everyone, the busiest accounts and
 * operations, and the log, filtered by set and account too (the admin user page links here with its account).
 * Anyone but an admin gets the 404 page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const base = new URL(request.url).pathname.replace(/\/$/, "");
  const { status, values, errors, report, top, accounts } = await adminUsagePage(request);
  return data({ values, errors, report, top, accounts, base, ...(await pageTitle(request, "usagePage.adminTitle")) }, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function AdminUsageRoute() {
  const { values, errors, report, top, accounts, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const extra = [
    { name: "set", label: t("usagePage.filters.set") },
    { name: "account", label: t("usagePage.filters.account") },
  ];
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t("usagePage.adminTitle")}</Title>
        <Text>{t("usagePage.adminLead")}</Text>
      </div>
      <UsageFilterForm values={values} errors={errors} extra={extra} csvBase={base} />
      {top ? (
        <>
          <TopTable
            title={t("usagePage.topAccounts")}
            testId="usage-top-accounts"
            entries={top.accounts}
            name={(entry) => (
              <Anchor component={Link} to={`?${new URLSearchParams({ ...values, account: entry.name }).toString()}`}>
                {accounts[entry.name]?.label ?? entry.name}
              </Anchor>
            )}
          />
          <TopTable
            title={t("usagePage.topOperations")}
            testId="usage-top-operations"
            entries={top.operations}
            name={(entry) => `${entry.set ?? ""} ${entry.name || t("usagePage.noOperation")}`}
          />
        </>
      ) : null}
      {report ? <UsageSections report={report} detailBase={base} accounts={accounts} /> : null}
    </Stack>
  );
}

function TopTable({
  title,
  testId,
  entries,
  name,
}: {
  title: string;
  testId: string;
  entries: TopEntry[];
  name: (entry: TopEntry) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {entries.length === 0 ? (
        <NoRecords />
      ) : (
        <TableScroll minWidth={480}>
          <Table striped withTableBorder data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("usagePage.name")}</Table.Th>
                <Table.Th scope="col">{t("usagePage.calls")}</Table.Th>
                <Table.Th scope="col">{t("usagePage.errors")}</Table.Th>
                <Table.Th scope="col">{t("usagePage.series.rateLimited")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={`${entry.set ?? ""} ${entry.name}`}>
                  <Table.Th scope="row" fw={500}>
                    {name(entry)}
                  </Table.Th>
                  <Table.Td>{entry.calls}</Table.Td>
                  <Table.Td>{entry.errors}</Table.Td>
                  <Table.Td>{entry.rateLimited}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}
