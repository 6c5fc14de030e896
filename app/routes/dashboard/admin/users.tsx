import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { formatDateTime } from "~/components/layout/format";
import { TableScroll } from "~/components/layout/table-scroll";
import { Truncated } from "~/components/layout/truncated";
import { subscriptionStates, userSearchSchema, userSorts } from "~/modules/accounts/user-schemas";
import { searchUsers } from "~/modules/accounts/users-admin.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { subscriptionProducts } from "~/modules/auth/platforms";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { platforms } from "~/modules/registry/registry";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = userSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { search, result: await searchUsers(search), now: new Date().toISOString(), ...(await pageTitle(request, "admin.users.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

function pageLink(search: Record<string, string | number | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...search, page }))
    if (value !== undefined && String(value) !== "") params.set(name, String(value));
  return `/dashboard/admin/users?${params.toString()}`;
}

export default function UsersPage() {
  const { search, result, now } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const any = { value: "", label: t("admin.users.any") };
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" className="page-heading">
        <div>
          <Title order={1}>{t("admin.users.title")}</Title>
          <Text>{t("admin.users.lead")}</Text>
        </div>
        <Button component={AppLink} to="/dashboard/admin/users/new">
          {t("admin.users.newUser")}
        </Button>
      </Group>
      <Form method="get" role="search" aria-label={t("admin.users.searchLabel")}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput name="q" id="users-q" type="search" label={t("admin.users.q")} defaultValue={search.q} w={260} maw="100%" />
          <NativeSelect
            name="platform"
            id="users-platform"
            label={t("admin.users.platform")}
            defaultValue={search.platform ?? ""}
            data={[any, ...platforms.map((platform) => ({ value: platform, label: t(`auth.platforms.${platform}.name`) }))]}
          />
          <NativeSelect
            name="product"
            id="users-product"
            label={t("admin.users.product")}
            defaultValue={search.product ?? ""}
            data={[any, ...subscriptionProducts.map((product) => ({ value: product, label: t(`dashboard.products.${product}`) }))]}
          />
          <NativeSelect
            name="state"
            id="users-state"
            label={t("admin.users.state")}
            defaultValue={search.state ?? ""}
            data={[any, ...subscriptionStates.map((state) => ({ value: state, label: t(`admin.users.states.${state}`) }))]}
          />
          <NativeSelect
            name="sort"
            id="users-sort"
            label={t("admin.users.sort")}
            defaultValue={search.sort}
            data={userSorts.map((sort) => ({ value: sort, label: t(`admin.users.sorts.${sort}`) }))}
          />
          <NativeSelect
            name="dir"
            id="users-dir"
            label={t("admin.users.dir")}
            defaultValue={search.dir}
            data={(["asc", "desc"] as const).map((dir) => ({ value: dir, label: t(`admin.users.dirs.${dir}`) }))}
          />
          <Button type="submit">{t("admin.users.search")}</Button>
        </Group>
      </Form>
      {result.users.length === 0 ? (
        <Text data-testid="users-none">{t("admin.users.none")}</Text>
      ) : (
        <TableScroll minWidth={760}>
          <Table striped withTableBorder data-testid="users-table" className="one-line-rows">
            <Table.Caption>{t("admin.users.caption", { count: result.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("admin.users.email")}</Table.Th>
                <Table.Th>{t("admin.users.name")}</Table.Th>
                <Table.Th>{t("admin.users.platforms")}</Table.Th>
                <Table.Th>{t("admin.users.subscriptions")}</Table.Th>
                <Table.Th>{t("admin.users.status")}</Table.Th>
                <Table.Th>{t("admin.users.created")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <Anchor component={AppLink} to={`/dashboard/admin/users/${user.id}`}>
                      {user.email}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Truncated text={`${user.firstName} ${user.lastName}`.trim()} max="14rem" />
                  </Table.Td>
                  <Table.Td>{user.platforms.join(", ")}</Table.Td>
                  <Table.Td>
                    {user.subscriptions
                      .filter((subscription) => subscription.startsAt <= now && subscription.endsAt > now)
                      .map((subscription) => t(`dashboard.products.${subscription.product}`))
                      .join(", ")}
                  </Table.Td>
                  <Table.Td>
                    {user.locked ? <Badge color="red">{t("admin.users.locked")}</Badge> : t("admin.users.open")}
                    {user.isAdmin ? ` · ${t("admin.users.isAdmin")}` : ""}
                  </Table.Td>
                  <Table.Td>{formatDateTime(user.createdAt, i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {result.pages > 1 ? (
        <Group component="nav" aria-label={t("admin.users.pagination")} gap="md">
          {result.page > 1 ? (
            <Anchor component={AppLink} to={pageLink(search, result.page - 1)}>
              {t("admin.users.previous")}
            </Anchor>
          ) : null}
          <Text>{t("admin.users.page", { page: result.page, pages: result.pages })}</Text>
          {result.page < result.pages ? (
            <Anchor component={AppLink} to={pageLink(search, result.page + 1)}>
              {t("admin.users.next")}
            </Anchor>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
