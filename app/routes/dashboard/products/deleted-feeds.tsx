import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { formatDateTime } from "~/components/layout/format";
import { NoRecords } from "~/components/dashboard/no-records";
import { FormError } from "~/components/forms/form-error";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { placePath, productScreenPath } from "~/modules/products/places";
import { listFeeds, recoverFeed } from "~/modules/feeds/feed-queries.server";
import { recoverFeedSchema } from "~/modules/feeds/form-shapes";
import { listFilter } from "~/modules/feeds/status-filter";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { requireProductPlace, type ProductPage } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { TableScroll } from "~/components/layout/table-scroll";
import { Truncated } from "~/components/layout/truncated";

const recoverFeedValidator = withZod(recoverFeedSchema);
const recoverFormId = (feedId: string) => `recover-${feedId}`;

/** Deleted feeds are listed and recovered in the admin panel only (the macroeconomic feeds section). */
async function requireDeletedFeedsScreen(request: Request): Promise<ProductPage> {
  const page = await requireProductPlace(request);
  if (!page.user.isAdmin || !productScreenPath(page.place, "deleted-feeds")) throw notFound();
  return page;
}

/** ?username= narrows the list to one subscriber's deleted feeds. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { descriptor, user, place } = await requireDeletedFeedsScreen(request);
  const { username } = listFilter(new URL(request.url).searchParams, true);
  return {
    place,
    username,
    feeds: await listFeeds(user, descriptor.product, { deleted: true, username: username || undefined }),
    ...(await pageTitle(request, "admin.deletedFeeds.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Recover {id}: the feed comes back inactive and its details open; one that is not deleted (any more) cannot be. */
export async function action({ request }: ActionFunctionArgs) {
  const { descriptor, user, place } = await requireDeletedFeedsScreen(request);
  const result = await recoverFeedValidator.validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData);
  const { id } = result.data;
  const name = (await listFeeds(user, descriptor.product, { deleted: true })).find((feed) => feed.id === id)?.name;
  if (name === undefined || !(await recoverFeed(user, descriptor.product, id)))
    return formFailure("econApi.recoverFailed", result.submittedData, 404, result.formId ?? recoverFormId(id));
  return redirectWithToast(localizePathFor(request, placePath(place, "feed-details", id)), {
    type: "success",
    message: "admin.deletedFeeds.recovered",
    values: { name },
  });
}

export default function DeletedFeedsPage() {
  const { place, username, feeds } = useLoaderData<typeof loader>();
  const failure = useActionData<{ formError?: string | null; formId?: string }>();
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" className="page-heading">
        <div>
          <Title order={1}>{t("admin.deletedFeeds.title")}</Title>
          <Text>{t("admin.deletedFeeds.lead")}</Text>
        </div>
        <Button component={AppLink} to={placePath(place, "feeds")} variant="light">
          {t("econ.feeds.backToList")}
        </Button>
      </Group>

      <Form method="get" role="search" aria-label={t("econ.feeds.filterLabel")}>
        <Group align="flex-end" gap="sm">
          <TextInput id="deleted-feeds-username" name="username" label={t("econ.feeds.usernameFilter")} defaultValue={username} />
          <Button type="submit" variant="default">
            {t("econ.feeds.applyFilter")}
          </Button>
        </Group>
      </Form>

      <FormError message={failure?.formError} testId="recover-error" />

      {feeds.length === 0 ? (
        <NoRecords />
      ) : (
        <TableScroll minWidth={760}>
          <Table striped withTableBorder data-testid="deleted-feeds-table" className="one-line-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("econ.feeds.name")}</Table.Th>
                <Table.Th scope="col">{t("econ.feeds.owner")}</Table.Th>
                <Table.Th scope="col">{t("econ.feeds.frequency")}</Table.Th>
                <Table.Th scope="col">{t("econ.feeds.created")}</Table.Th>
                <Table.Th scope="col">{t("admin.deletedFeeds.deleted")}</Table.Th>
                <Table.Th scope="col">{t("econ.feeds.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feeds.map((feed) => (
                <Table.Tr key={feed.id} data-testid="deleted-feed-row">
                  <Table.Th scope="row" fw={500}>
                    <Truncated text={feed.name} />
                  </Table.Th>
                  <Table.Td>
                    <Truncated text={feed.username} max="14rem" />
                  </Table.Td>
                  <Table.Td>{t(`econ.options.frequency.${feed.frequency}`, { defaultValue: feed.frequency })}</Table.Td>
                  <Table.Td>{formatDateTime(feed.created, i18n.language)}</Table.Td>
                  <Table.Td>{formatDateTime(feed.deleted, i18n.language)}</Table.Td>
                  <Table.Td>
                    <RecoverButton feedId={feed.id} name={feed.name} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <Anchor component={AppLink} to={placePath(place, "feeds")} size="sm">
        {t("econ.feeds.backToList")}
      </Anchor>
    </Stack>
  );
}

function RecoverButton({ feedId, name }: { feedId: string; name: string }) {
  const { t } = useTranslation();
  const formId = recoverFormId(feedId);
  const submitting = useIsSubmitting(formId);
  return (
    <ValidatedForm validator={recoverFeedValidator} method="post" id={formId} defaultValues={{ id: feedId }} noValidate>
      <input type="hidden" name="id" value={feedId} />
      <Button
        type="submit"
        size="compact-sm"
        variant="light"
        loading={submitting}
        aria-label={t("admin.deletedFeeds.recoverNamed", { name })}
      >
        {t("admin.deletedFeeds.recover")}
      </Button>
    </ValidatedForm>
  );
}
