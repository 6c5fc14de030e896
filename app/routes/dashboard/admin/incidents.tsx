import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/forms/form-error";
import { IncidentDetails, IncidentsTable } from "~/components/dashboard/incident-view";
import { lookUpAndList } from "~/modules/admin/log-screen.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { translateMessage } from "~/modules/forms/messages";
import { maxListRows } from "~/modules/forms/list-limit";
import { readIncidentSearch, showIncident } from "~/modules/incidents/incident-lookup";
import { findIncident, listIncidents } from "~/modules/incidents/incidents.server";

/**
 * Two GET forms, so a lookup is an address to link and share: ?id= shows one incident (400 'Invalid ID', 404 when
 * none has it), ?path=&username=&from=&to= filters the recent incidents listed below.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = readIncidentSearch(new URL(request.url).searchParams);
  const { row, list, lookupError, status } = await lookUpAndList(search, {
    find: findIncident,
    list: (filter) => listIncidents({ ...filter, limit: maxListRows }),
    empty: [],
    notFound: "admin.incidents.notFound",
  });
  return data(
    {
      values: search.values,
      incident: row ? showIncident(row) : null,
      lookupError,
      incidents: list,
      filterErrors: search.filterErrors,
      ...(await pageTitle(request, "admin.incidents.title")),
    },
    { status },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function IncidentsPage() {
  const { values, incident, lookupError, incidents, filterErrors } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const filterError = (field: string) => (filterErrors[field] ? translateMessage(t, filterErrors[field]) : undefined);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t("admin.incidents.title")}</Title>
        <Text>{t("admin.incidents.lead")}</Text>
      </div>

      <Form method="get" role="search" aria-label={t("admin.incidents.lookupLabel")} key={`id:${values.id}`}>
        <Group align="flex-start" gap="sm">
          <TextInput
            id="incident-id"
            name="id"
            label={t("admin.incidents.id")}
            defaultValue={values.id}
            error={lookupError === "admin.incidents.invalidId"}
            w={380}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" mt={25}>
            {t("admin.incidents.lookUp")}
          </Button>
        </Group>
      </Form>
      <FormError message={lookupError} testId="lookup-error" />
      {incident ? <IncidentDetails incident={incident} /> : null}

      <Title order={2} size="h3">
        {t("admin.incidents.recentTitle")}
      </Title>
      <Form
        method="get"
        role="search"
        aria-label={t("admin.incidents.filterLabel")}
        key={`filter:${values.path}|${values.username}|${values.from}|${values.to}`}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            id="incidents-path"
            name="path"
            label={t("admin.incidents.path")}
            defaultValue={values.path}
            error={filterError("path")}
          />
          <TextInput
            id="incidents-username"
            name="username"
            label={t("admin.incidents.username")}
            defaultValue={values.username}
            error={filterError("username")}
          />
          <TextInput
            id="incidents-from"
            name="from"
            type="date"
            label={t("admin.incidents.from")}
            defaultValue={values.from}
            error={filterError("from")}
          />
          <TextInput
            id="incidents-to"
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
      <IncidentsTable incidents={incidents} />
    </Stack>
  );
}
