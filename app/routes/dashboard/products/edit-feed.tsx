import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productUis } from "~/components/dashboard/product-views";
import { SelectionForm } from "~/components/dashboard/selection-form";
import { AwaitingAddresses } from "~/components/dashboard/awaiting-addresses";
import { GeneralErrorBoundary, NotFoundPage } from "~/components/errors/general-error-boundary";
import { AppLink } from "~/components/layout/app-link";
import type { CurrentUser } from "~/modules/auth/users.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { placePath, productPlaceOf } from "~/modules/products/places";
import { findFeed } from "~/modules/feeds/feed-queries.server";
import { unconfirmedAddresses } from "~/modules/feeds/notification-addresses.server";
import { readSelection } from "~/modules/feeds/stored";
import { z } from "zod";
import type { FeedProduct } from "~/modules/feeds/model";
import { keepsFtpPassword, storeFeedEdit } from "~/modules/feeds/submission.server";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { checkFeedPost, feedDefaults, type FormState } from "~/modules/products/pages.server";
import { productOptions, requireProductPlace } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

const feedNotFound = "econ.editFeed.notFound";

/** The feed when the user may edit it (their own, any for an admin); otherwise the 404 page with the SPEC message. */
async function requireFeed(user: CurrentUser, product: FeedProduct, feedId: string | undefined) {
  const feed = feedId ? await findFeed(user, product, feedId) : null;
  if (!feed) throw notFound(feedNotFound);
  return feed;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await requireProductPlace(request);
  const feed = await requireFeed(page.user, page.descriptor.product, params.feedId);
  return {
    feedId: feed.id,
    defaults: feedDefaults(page, feed),
    storedPassword: keepsFtpPassword(feed),
    awaiting: [...(await unconfirmedAddresses(feed.user_id, readSelection(feed, z.unknown()).notification.emails))],
    product: await productOptions(page.segment, page.user),
    place: page.place,
    isAdmin: page.user.isAdmin,
    ...(await pageTitle(request, productUis[page.segment].screenText.editFeedTitle)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Save previews the changed selection (intent=preview); Save changes stores it and opens the details. */
export async function action({ request, params }: ActionFunctionArgs) {
  const page = await requireProductPlace(request);
  const feed = await requireFeed(page.user, page.descriptor.product, params.feedId);
  const checked = await checkFeedPost(request, page, { intents: ["preview", "save"], feed });
  if (!checked.ok) return data(checked.state, { status: checked.status });
  if (checked.values.intent === "preview") return data(checked.state);
  await storeFeedEdit(page.descriptor, page.user, feed, checked.values);
  return redirectWithToast(localizePathFor(request, placePath(page.place, "feed-details", feed.id)), {
    type: "success",
    message: "econ.toast.feedSaved",
    values: { name: checked.values.name },
  });
}

export default function EditFeedPage() {
  const { feedId, defaults, storedPassword, product, place, isAdmin, awaiting } = useLoaderData<typeof loader>();
  const state = useActionData<FormState>();
  const { t } = useTranslation();
  const text = productUis[product.segment].screenText;
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t(text.editFeedTitle)}</Title>
        <Text>{t(text.editFeedLead)}</Text>
      </div>
      <AwaitingAddresses addresses={awaiting} action={placePath(place, "feed-details", feedId)} />
      <SelectionForm
        key={feedId}
        kind="feed"
        mode="edit"
        product={product}
        defaults={defaults}
        state={state}
        isAdmin={isAdmin}
        storedPassword={storedPassword}
        cancelTo={placePath(place, "feed-details", feedId)}
      />
    </Stack>
  );
}

/** The SPEC message for a feed the user may not edit, with the way back to the feeds of its place. */
function MissingFeedPage() {
  const { t } = useTranslation();
  const place = productPlaceOf(useLocation().pathname);
  if (!place) return <NotFoundPage />;
  return (
    <Container size="sm" py="xl" className="error-page" data-testid="not-found">
      <Stack gap="md">
        <Title order={1}>{t("errors.notFoundTitle")}</Title>
        <Text>{t(feedNotFound)}</Text>
        <Button component={AppLink} to={placePath(place, "feeds")} w="fit-content">
          {t("econ.feeds.backToList")}
        </Button>
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 404: ({ error }) => (error.data === feedNotFound ? <MissingFeedPage /> : <NotFoundPage />) }} />
  );
}
