import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NoRecords } from "~/components/dashboard/no-records";
import { formatDateTime, optionLabel } from "~/components/layout/format";
import { TableScroll } from "~/components/layout/table-scroll";
import { Truncated } from "~/components/layout/truncated";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { languageOfPath } from "~/modules/i18n/language";
import { countryOptions } from "~/modules/registry/countries";
import { LEADS_PER_PAGE, leadSearchQuery, leadStates, readLeadSearch, type LeadSearch } from "~/modules/sandbox/leads";
import { listLeads, type Lead } from "~/modules/sandbox/leads.server";

/**
 * The sandbox registrations, the sales leads: a GET filter form (text over name, company and e-mail, country,
 * offers consent, state), 50 a page, newest first. ?format=csv redirects to the CSV download of every matching row
 * (sandbox-registrations-csv.ts); anyone but an admin gets the 404 page for both.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const search = readLeadSearch(url.searchParams);
  const csvPath = `${url.pathname.replace(/\/$/, "")}.csv`;
  if (url.searchParams.get("format") === "csv") {
    url.searchParams.delete("format");
    throw redirect(`${csvPath}${url.search}`);
  }
  const { leads, total } = await listLeads(search);
  return {
    search,
    leads,
    total,
    csvPath,
    countries: countryOptions(languageOfPath(url.pathname)),
    ...(await pageTitle(request, "admin.sandboxLeads.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

const prefix = "admin.sandboxLeads";

export default function SandboxRegistrationsRoute() {
  const { search, leads, total, csvPath, countries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / LEADS_PER_PAGE));
  const yesNo = [
    { value: "", label: t(`${prefix}.any`) },
    { value: "yes", label: t(`${prefix}.yes`) },
    { value: "no", label: t(`${prefix}.no`) },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t(`${prefix}.title`)}</Title>
        <Text>{t(`${prefix}.lead`)}</Text>
      </div>
      <Form method="get" role="search" aria-label={t(`${prefix}.filterLabel`)} key={leadSearchQuery({ ...search, page: 1 })}>
        <Group align="flex-end" gap="sm">
          <TextInput id="leads-q" name="q" type="search" label={t(`${prefix}.q`)} defaultValue={search.q} autoComplete="off" />
          <NativeSelect
            id="leads-country"
            name="country"
            label={t(`${prefix}.country`)}
            defaultValue={search.country}
            data={[{ value: "", label: t(`${prefix}.anyCountry`) }, ...countries]}
            w={220}
          />
          <NativeSelect id="leads-offers" name="offers" label={t(`${prefix}.offers`)} defaultValue={search.offers} data={yesNo} />
          <NativeSelect
            id="leads-state"
            name="state"
            label={t(`${prefix}.state`)}
            defaultValue={search.state}
            data={[
              { value: "", label: t(`${prefix}.any`) },
              ...leadStates.map((state) => ({ value: state, label: t(`${prefix}.states.${state}`) })),
            ]}
          />
          <Button type="submit" variant="default">
            {t(`${prefix}.applyFilter`)}
          </Button>
          {/* A plain link: the download is a file, not a page Remix would render. */}
          <Anchor href={`${csvPath}${leadSearchQuery({ ...search, page: 1 })}`} data-testid="leads-csv">
            {t(`${prefix}.csv`)}
          </Anchor>
        </Group>
      </Form>
      {leads.length === 0 ? <NoRecords /> : <LeadsTable leads={leads} search={search} total={total} countries={countries} />}
      {pages > 1 ? <Paging search={search} pages={pages} /> : null}
    </Stack>
  );
}

function LeadsTable({
  leads,
  search,
  total,
  countries,
}: {
  leads: Lead[];
  search: LeadSearch;
  total: number;
  countries: { value: string; label: string }[];
}) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => formatDateTime(value, i18n.language);
  const from = (search.page - 1) * LEADS_PER_PAGE + 1;
  const headers = ["name", "company", "jobTitle", "country", "email", "offers", "registered", "linkUsed", "keyUsed", "expiry"];
  return (
    <TableScroll minWidth={1300}>
      <Table striped withTableBorder data-testid="sandbox-leads" className="one-line-rows">
        <Table.Caption>{t(`${prefix}.caption`, { from, to: from + leads.length - 1, total })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col">
                {t(`${prefix}.${header}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr key={lead.id} data-testid="sandbox-lead">
              <Table.Th scope="row" fw={500}>
                {lead.name} {lead.surname}
              </Table.Th>
              <Table.Td>
                <Truncated text={lead.company} max="14rem" />
              </Table.Td>
              <Table.Td>
                <Truncated text={lead.jobTitle} max="14rem" />
              </Table.Td>
              <Table.Td>{optionLabel(countries, lead.country)}</Table.Td>
              <Table.Td>{lead.email}</Table.Td>
              <Table.Td>{t(`${prefix}.${lead.offers ? "yes" : "no"}`)}</Table.Td>
              <Table.Td>{date(lead.registered)}</Table.Td>
              <Table.Td>{lead.linkUsedAt ? date(lead.linkUsedAt) : t(`${prefix}.notUsed`)}</Table.Td>
              <Table.Td>
                {lead.keyLastUsedAt ? date(lead.keyLastUsedAt) : t(`${prefix}.${lead.keyIssued ? "keyIssuedNoUse" : "keyNotIssued"}`)}
              </Table.Td>
              <Table.Td>
                {date(lead.expiresAt)}
                {lead.state === "expired" ? ` (${t(`${prefix}.expired`)})` : ""}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function Paging({ search, pages }: { search: LeadSearch; pages: number }) {
  const { t } = useTranslation();
  const to = (page: number) => leadSearchQuery({ ...search, page }) || "?";
  return (
    <Group component="nav" aria-label={t(`${prefix}.pages`)} gap="md">
      {search.page > 1 ? <Anchor href={to(search.page - 1)}>{t(`${prefix}.previous`)}</Anchor> : null}
      <Text>{t(`${prefix}.pageOf`, { page: search.page, pages })}</Text>
      {search.page < pages ? <Anchor href={to(search.page + 1)}>{t(`${prefix}.next`)}</Anchor> : null}
    </Group>
  );
}
