import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/dashboard/confirm-delete";
import { FeedsTable } from "~/components/dashboard/feeds-table";
import { productUis } from "~/components/dashboard/product-views";
import { StatusFilterSelect } from "~/components/dashboard/status-filter-select";
import { FormError } from "~/components/forms/form-error";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { deleteFeeds, findFeed, listFeeds, runUserFeedsAsDumps } from "~/modules/feeds/feed-queries.server";
import { feedLimitMessage, setFeedActive } from "~/modules/feeds/submission.server";
import { listFilter, selectedIds } from "~/modules/feeds/status-filter";
import { readFormData } from "~/modules/forms/form-data.server";
import { placePath, productScreenPath } from "~/modules/products/places";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { requireProductPlace } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** The list filters are a GET form: ?status=active|inactive|all and, for admins, ?username=. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { segment, descriptor, user, place } = await requireProductPlace(request);
  const { status, username } = listFilter(new URL(request.url).searchParams, user.isAdmin);
  return {
    segment,
    place,
    feeds: await listFeeds(user, descriptor.product, { status, username: username || undefined }),
    filter: { status, username },
    isAdmin: user.isAdmin,
    ...(await pageTitle(request, productUis[segment].screenText.feedsTitle)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

interface FeedsActionData {
  error?: string;
  /** Deleting asks first: the feeds about to be deleted. */
  confirmDelete?: { id: string; name: string }[];
}

/**
 * intent=delete (asks for confirmation first) or intent=run (one dump per feed), or toggle={id} to turn one feed
 * on or off; only the user's own feeds count (any for an admin).
 */
export async function action({ request }: ActionFunctionArgs) {
  const { descriptor, user, place, dumps } = await requireProductPlace(request);
  const list = placePath(place, "feeds");
  const form = await readFormData(request);
  const toggle = form.get("toggle");
  if (typeof toggle === "string") {
    const feed = await findFeed(user, descriptor.product, toggle);
    if (!feed) throw notFound();
    const active = feed.status !== "active";
    if ((await setFeedActive(descriptor, user, feed, active)) === "limit")
      return data<FeedsActionData>({ error: feedLimitMessage(descriptor) }, { status: 422 });
    return redirectWithToast(localizePathFor(request, `${list}${new URL(request.url).search}`), {
      type: "success",
      message: active ? "econ.toast.feedActivated" : "econ.toast.feedDeactivated",
      values: { name: feed.name },
    });
  }
  const intent = form.get("intent");
  if (intent !== "delete" && !(intent === "run" && dumps))
    return data<FeedsActionData>({ error: "econ.errors.unknownIntent" }, { status: 400 });
  const ids = selectedIds(form);
  if (ids.length === 0) return data<FeedsActionData>({ error: "validation.required" }, { status: 400 });
  const feeds = (await listFeeds(user, descriptor.product)).filter((feed) => ids.includes(feed.id));
  if (feeds.length === 0) throw notFound();

  if (intent === "run") {
    const dumps = await runUserFeedsAsDumps(
      user,
      descriptor.product,
      feeds.map((feed) => feed.id),
    );
    return redirectWithToast(localizePathFor(request, productScreenPath(place, "dumps") ?? list), {
      type: "success",
      message: "econ.toast.dumpsStarted",
      values: { count: String(dumps.length) },
    });
  }
  if (form.get("confirm") !== "yes") return data<FeedsActionData>({ confirmDelete: feeds.map(({ id, name }) => ({ id, name })) });
  const deleted = await deleteFeeds(
    user,
    descriptor.product,
    feeds.map((feed) => feed.id),
  );
  const back = new URL(request.url).search;
  return redirectWithToast(localizePathFor(request, `${list}${back}`), {
    type: "success",
    message: "econ.toast.feedsDeleted",
    values: { count: String(deleted) },
  });
}

export default function FeedsPage() {
  const { segment, place, feeds, filter, isAdmin } = useLoaderData<typeof loader>();
  const actionData = useActionData<FeedsActionData>();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  const confirming = actionData?.confirmDelete;
  const createFeed = productScreenPath(place, "create-feed");
  const dumps = productScreenPath(place, "dumps");
  const deleted = productScreenPath(place, "deleted-feeds");

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" className="page-heading">
        <div>
          <Title order={1}>{t(productUis[segment].screenText.feedsTitle)}</Title>
          <Text>{t(productUis[segment].screenText.feedsLead)}</Text>
        </div>
        <Group gap="sm">
          {createFeed ? (
            <Button component={AppLink} to={createFeed}>
              {t("econ.feeds.create")}
            </Button>
          ) : null}
          {dumps ? (
            <Button component={AppLink} to={dumps} variant="light">
              {t("econ.feeds.dumps")}
            </Button>
          ) : null}
          {deleted ? (
            <Button component={AppLink} to={deleted} variant="light">
              {t("admin.deletedFeeds.link")}
            </Button>
          ) : null}
        </Group>
      </Group>

      <Form method="get" role="search" aria-label={t("econ.feeds.filterLabel")}>
        <Group align="flex-end" gap="sm">
          <StatusFilterSelect
            id="feeds-status"
            label={t("econ.feeds.statusFilter")}
            value={filter.status}
            optionLabel={(value) => t(`econ.feeds.statusFilters.${value}`)}
          />
          {isAdmin ? (
            <TextInput id="feeds-username" name="username" label={t("econ.feeds.usernameFilter")} defaultValue={filter.username} />
          ) : null}
          <Button type="submit" variant="default">
            {t("econ.feeds.applyFilter")}
          </Button>
        </Group>
      </Form>

      {confirming ? (
        <ConfirmDelete
          title={t("econ.feeds.confirmTitle", { count: confirming.length })}
          feeds={confirming}
          cancelTo={`${pathname}${search}`}
        />
      ) : (
        <Form method="post">
          <Stack gap="sm">
            <FormError message={actionData?.error} testId="list-error" />
            <FeedsTable feeds={feeds} showOwner={isAdmin} place={place} />
            {feeds.length > 0 ? (
              <Group gap="sm">
                <Button type="submit" name="intent" value="delete" color="red" variant="light">
                  {t("econ.feeds.deleteSelected")}
                </Button>
                {dumps ? (
                  <Button type="submit" name="intent" value="run" variant="light">
                    {t("econ.feeds.runSelected")}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Form>
      )}
    </Stack>
  );
}
