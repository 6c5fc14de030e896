import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDelete } from "~/components/dashboard/confirm-delete";
import { FeedDetailsView } from "~/components/dashboard/feed-details-view";
import { FeedFirstRun } from "~/components/dashboard/feed-first-run";
import { AwaitingAddresses } from "~/components/dashboard/awaiting-addresses";
import { resendAddressAction } from "~/modules/feeds/resend-address-action.server";
import { FormError } from "~/components/forms/form-error";
import { AppLink } from "~/components/layout/app-link";
import type { CurrentUser } from "~/modules/auth/users.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { deleteFeeds, findFeed, runUserFeedsAsDumps } from "~/modules/feeds/feed-queries.server";
import { retryDeliveryAction } from "~/modules/feeds/retry-delivery-action.server";
import type { FeedProduct } from "~/modules/feeds/model";
import { readFormData } from "~/modules/forms/form-data.server";
import { placePath, productScreenPath } from "~/modules/products/places";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { productFeedDetails, requireProductPlace } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** The feed when the user may see it (their own, any for an admin); otherwise the 404 page. */
async function requireFeed(user: CurrentUser, product: FeedProduct, feedId: string | undefined) {
  const feed = feedId ? await findFeed(user, product, feedId) : null;
  if (!feed) throw notFound();
  return feed;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { segment, descriptor, user, place } = await requireProductPlace(request);
  const feed = await requireFeed(user, descriptor.product, params.feedId);
  const [details, title] = await Promise.all([productFeedDetails(segment, user, feed), pageTitle(request, "econ.feedDetails.title")]);
  return { details, place, ...title };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.details.feed.name ?? data?.title, data?.siteName);

/** intent=run queues a dump of the feed; intent=delete asks for confirmation, then deletes. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { descriptor, user, place, dumps } = await requireProductPlace(request);
  const feed = await requireFeed(user, descriptor.product, params.feedId);
  const list = placePath(place, "feeds");
  const form = await readFormData(request);
  switch (dumps || form.get("intent") !== "run" ? form.get("intent") : null) {
    case "run": {
      const dumps = await runUserFeedsAsDumps(user, descriptor.product, [feed.id]);
      return redirectWithToast(localizePathFor(request, productScreenPath(place, "dumps") ?? list), {
        type: "success",
        message: "econ.toast.dumpsStarted",
        values: { count: String(dumps.length) },
      });
    }
    case "retry-delivery":
      return retryDeliveryAction(request, user, descriptor.product, form);
    case "delete": {
      if (form.get("confirm") !== "yes") return { confirmDelete: true };
      await deleteFeeds(user, descriptor.product, [feed.id]);
      return redirectWithToast(localizePathFor(request, list), {
        type: "success",
        message: "econ.toast.feedDeleted",
        values: { name: feed.name },
      });
    }
    case "resend-address":
      return resendAddressAction(request, feed.user_id, form, placePath(place, "feed-details", feed.id));
    default:
      return data({ error: "econ.errors.unknownIntent" }, { status: 400 });
  }
}

export default function FeedDetailsPage() {
  const { details, place } = useLoaderData<typeof loader>();
  const { feed } = details;
  const customDump = productScreenPath(place, "create-dump");
  const actionData = useActionData<{ confirmDelete?: boolean; error?: string }>();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" className="page-heading">
        <div>
          <Text size="sm">{t("econ.feedDetails.title")}</Text>
          <Title order={1}>{feed.name}</Title>
        </div>
        <Group gap="sm">
          <Button component={AppLink} to={placePath(place, "edit-feed", feed.id)}>
            {t("econ.feedDetails.edit")}
          </Button>
          {customDump ? (
            <>
              <Form method="post">
                <Button type="submit" name="intent" value="run" variant="light" aria-describedby="dump-choices">
                  {t("econ.feedDetails.run")}
                </Button>
              </Form>
              <Button component={AppLink} to={`${customDump}?fromFeed=${feed.id}`} variant="light" aria-describedby="dump-choices">
                {t("econ.feedDetails.customDump")}
              </Button>
            </>
          ) : null}
          <Form method="post">
            <Button type="submit" name="intent" value="delete" color="red" variant="light">
              {t("econ.feedDetails.delete")}
            </Button>
          </Form>
        </Group>
      </Group>

      {customDump ? (
        <Text id="dump-choices" c="dimmed" size="sm" data-testid="dump-choices">
          {t("econ.feedDetails.dumpChoices", { run: t("econ.feedDetails.run"), custom: t("econ.feedDetails.customDump") })}
        </Text>
      ) : null}
      <FormError message={actionData?.error} />
      {actionData?.confirmDelete ? (
        <ConfirmDelete title={t("econ.feedDetails.confirmTitle", { name: feed.name })} cancelTo={pathname} />
      ) : null}

      <FeedFirstRun
        created={feed.created}
        initialDump={feed.initialDump}
        dumpPath={feed.initialDump ? productScreenPath(place, "dump-details", feed.initialDump.id) : null}
      />
      <AwaitingAddresses addresses={feed.awaitingConfirmation} />
      <FeedDetailsView details={details} />
    </Stack>
  );
}
