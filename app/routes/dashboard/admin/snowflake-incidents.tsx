import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/forms/form-error";
import { SnowflakeIncidentDetails, SnowflakeIncidentsTable } from "~/components/dashboard/snowflake-incident-view";
import { lookUpAndList } from "~/modules/admin/log-screen.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { maxListRows } from "~/modules/forms/list-limit";
import { translateMessage } from "~/modules/forms/messages";
import { findSnowflakeIncident, listSnowflakeIncidents } from "~/modules/incidents/snowflake-incidents.server";
import { readSnowflakeSearch, severityFilters, showSnowflakeIncident } from "~/modules/incidents/snowflake-lookup";

/**
 * The data pipeline's incidents (SPEC.md's snowflake incidents): ?id= shows one (400 'Invalid ID', 404 when none
 * has it) above the list, which a GET form filters by ?severity=&from=&to=.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = readSnowflakeSearch(new URL(request.url).searchParams);
  const { row, list, lookupError, status } = await lookUpAndList(search, {
    find: findSnowflakeIncident,
    list: (filter) => listSnowflakeIncidents({ ...filter, limit: maxListRows }),
    empty: [],
    notFound: "admin.incidents.notFound",
  });
  return data(
    {
      values: search.values,
      incident: row ? showSnowflakeIncident(row) : null,
      lookupError,
      incidents: list,
      filterErrors: search.filterErrors,
      ...(await pageTitle(request, "admin.snowflake.title")),
    },
    { status },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function SnowflakeIncidentsPage() {
  const { values, incident, lookupError, incidents, filterErrors } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const filterError = (field: string) => (filterErrors[field] ? translateMessage(t, filterErrors[field]) : undefined);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t("admin.snowflake.title")}</Title>
        <Text>{t("admin.snowflake.lead")}</Text>
      </div>

      <FormError message={lookupError} testId="lookup-error" />
      {incident ? <SnowflakeIncidentDetails incident={incident} /> : null}

      <Title order={2} size="h3">
        {t("admin.snowflake.recentTitle")}
      </Title>
      <Form
        method="get"
        role="search"
        aria-label={t("admin.snowflake.filterLabel")}
        key={`filter:${values.severity}|${values.from}|${values.to}`}
      >
        <Group align="flex-start" gap="sm">
          <NativeSelect
            id="snowflake-severity"
            name="severity"
            label={t("admin.snowflake.severity")}
            defaultValue={values.severity}
            data={severityFilters.map((value) => ({ value, label: t(`admin.snowflake.severities.${value}`) }))}
            error={filterError("severity")}
          />
          <TextInput
            id="snowflake-from"
            name="from"
            type="date"
            label={t("admin.incidents.from")}
            defaultValue={values.from}
            error={filterError("from")}
          />
          <TextInput
            id="snowflake-to"
            name="to"
            type="date"
            label={t("admin.incidents.to")}
            defaultValue={values.to}
            error={filterError("to")}
          />
          <Button type="submit" variant="default" mt={25}>
            {t("admin.incidents.applyFilter")}
          </Button>
        </Group>
      </Form>
      <SnowflakeIncidentsTable incidents={incidents} />
    </Stack>
  );
}
