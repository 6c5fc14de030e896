import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EconConfirmDelete } from "~/components/dashboard/econ-confirm-delete";
import { EconFeedDetailsView } from "~/components/dashboard/econ-feed-details-view";
import { AppLink } from "~/components/layout/app-link";
import { requireSubscription } from "~/modules/auth/guards.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { loadEconOptions } from "~/modules/feeds/econ-pages.server";
import { deleteEconFeeds, econFeedDetails, findEconFeed, runEconFeedsAsDumps } from "~/modules/feeds/econ.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** The feed when the user may see it (their own, any for an admin); otherwise the 404 page. */
async function requireFeed(user: CurrentUser, feedId: string | undefined) {
  const feed = feedId ? await findEconFeed(user, feedId) : null;
  if (!feed) throw new Response("Not Found", { status: 404 });
  return feed;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const feed = await requireFeed(user, params.feedId);
  const [details, options, title] = await Promise.all([
    econFeedDetails(feed),
    loadEconOptions(),
    pageTitle(request, "econ.feedDetails.title"),
  ]);
  return { feed: details, options, ...title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.feed.name ?? data?.title, data?.siteName);

/** intent=run queues a dump of the feed; intent=delete asks for confirmation, then deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const feed = await requireFeed(user, params.feedId);
  const form = await readFormData(request);
  switch (form.get("intent")) {
    case "run": {
      const dumps = await runEconFeedsAsDumps(user, [feed.id]);
      return redirectWithToast(localizePathFor(request, "/dashboard/econ/dumps"), {
        type: "success",
        message: "econ.toast.dumpsStarted",
        values: { count: String(dumps.length) },
      });
    }
    case "delete": {
      if (form.get("confirm") !== "yes") return { confirmDelete: true };
      await deleteEconFeeds(user, [feed.id]);
      return redirectWithToast(localizePathFor(request, "/dashboard/econ/feeds"), {
        type: "success",
        message: "econ.toast.feedDeleted",
        values: { name: feed.name },
      });
    }
    default:
      return data({ error: "econ.errors.unknownIntent" }, { status: 400 });
  }
}

export default function FeedDetailsPage() {
  const { feed, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ confirmDelete?: boolean; error?: string }>();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm">{t("econ.feedDetails.title")}</Text>
          <Title order={1}>{feed.name}</Title>
        </div>
        <Group gap="sm">
          <Button component={AppLink} to={`/dashboard/econ/edit-feed/${feed.id}`}>
            {t("econ.feedDetails.edit")}
          </Button>
          <Form method="post">
            <Button type="submit" name="intent" value="run" variant="light">
              {t("econ.feedDetails.run")}
            </Button>
          </Form>
          <Button component={AppLink} to={`/dashboard/econ/create-dump?fromFeed=${feed.id}`} variant="light">
            {t("econ.feedDetails.customDump")}
          </Button>
          <Form method="post">
            <Button type="submit" name="intent" value="delete" color="red" variant="light">
              {t("econ.feedDetails.delete")}
            </Button>
          </Form>
        </Group>
      </Group>

      {actionData?.error ? (
        <Alert color="red" role="alert">
          {t(actionData.error)}
        </Alert>
      ) : null}
      {actionData?.confirmDelete ? (
        <EconConfirmDelete title={t("econ.feedDetails.confirmTitle", { name: feed.name })} cancelTo={pathname} />
      ) : null}

      <EconFeedDetailsView feed={feed} options={options} />
    </Stack>
  );
}
