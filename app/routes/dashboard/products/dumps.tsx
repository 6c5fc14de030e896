import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DumpsTable } from "~/components/dashboard/dumps-table";
import { productUis } from "~/components/dashboard/product-views";
import { StatusFilterSelect } from "~/components/dashboard/status-filter-select";
import { useLiveRevalidation } from "~/components/dashboard/use-live-revalidation";
import { FormError } from "~/components/forms/form-error";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { cancelUserDump, listDumps } from "~/modules/feeds/dump-queries.server";
import { isActiveDumpStatus } from "~/modules/feeds/progress";
import { readFormData } from "~/modules/forms/form-data.server";
import { productScreenPath } from "~/modules/products/places";
import { notFound } from "~/modules/http/responses";
import { localizePathFor, splitLanguagePrefix } from "~/modules/i18n/language";
import { listFilter } from "~/modules/feeds/status-filter";
import { requireProductPlace } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { segment, descriptor, user, place } = await requireProductPlace(request);
  if (!productScreenPath(place, "dumps")) throw notFound();
  const { status, username } = listFilter(new URL(request.url).searchParams, user.isAdmin);
  return {
    segment,
    place,
    dumps: await listDumps(user, descriptor.product, { status, username: username || undefined }),
    status,
    username,
    isAdmin: user.isAdmin,
    now: Date.now(),
    ...(await pageTitle(request, "dumps.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Cancel from the list: only while the dump can be cancelled. */
export async function action({ request }: ActionFunctionArgs) {
  const { descriptor, user } = await requireProductPlace(request);
  const form = await readFormData(request);
  const dumpId = form.get("dumpId");
  if (form.get("intent") !== "cancel" || typeof dumpId !== "string") return data({ error: "dumps.unknownIntent" }, { status: 400 });
  const outcome = await cancelUserDump(user, descriptor.product, dumpId);
  if (outcome === "not-found") throw notFound();
  if (outcome === "not-cancellable") return data({ error: "dumps.notCancellable" }, { status: 409 });
  const url = new URL(request.url);
  return redirectWithToast(localizePathFor(request, `${splitLanguagePrefix(url.pathname).path}${url.search}`), {
    type: "success",
    message: "dumps.cancelledToast",
  });
}

export default function DumpsPage() {
  const { segment, place, dumps, status, username, isAdmin, now } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const createDump = productScreenPath(place, "create-dump");
  const { pathname, search } = useLocation();
  useLiveRevalidation(dumps.some((dump) => isActiveDumpStatus(dump.status)));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" className="page-heading">
        <div>
          <Title order={1}>{t("dumps.title")}</Title>
          <Text>{t(productUis[segment].screenText.dumpsLead)}</Text>
        </div>
        {createDump ? (
          <Button component={AppLink} to={createDump}>
            {t("dumps.create")}
          </Button>
        ) : null}
      </Group>

      <Form method="get" aria-label={t("dumps.filter")}>
        <Group align="flex-end">
          <StatusFilterSelect label={t("dumps.statusFilter")} value={status} optionLabel={(value) => t(`dumps.filters.${value}`)} />
          {isAdmin ? <TextInput name="username" label={t("dumps.username")} defaultValue={username} /> : null}
          <Button type="submit" variant="default">
            {t("dumps.applyFilter")}
          </Button>
          <Anchor component={AppLink} to={`${pathname}${search}`} size="sm" reloadDocument>
            {t("dumps.refresh")}
          </Anchor>
        </Group>
      </Form>

      <FormError message={actionData?.error} />

      <DumpsTable dumps={dumps} showOwner={isAdmin} place={place} now={now} />
    </Stack>
  );
}
