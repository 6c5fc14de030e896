import { Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productUis } from "~/components/dashboard/product-views";
import { SelectionForm } from "~/components/dashboard/selection-form";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { FeedLimitError } from "~/modules/feeds/feeds.server";
import { feedLimitMessage, storeFeed } from "~/modules/feeds/submission.server";
import { placePath, productScreenPath } from "~/modules/products/places";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { checkFeedPost, type FormState } from "~/modules/products/pages.server";
import { productOptions, requireProductPlace } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { segment, user, place } = await requireProductPlace(request);
  if (!productScreenPath(place, "create-feed")) throw notFound();
  return {
    product: await productOptions(segment, user),
    place,
    isAdmin: user.isAdmin,
    ...(await pageTitle(request, productUis[segment].screenText.createFeedTitle)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Save previews the selection (intent=preview); Create stores the feed and opens its details. */
export async function action({ request }: ActionFunctionArgs) {
  const page = await requireProductPlace(request);
  if (!productScreenPath(page.place, "create-feed")) throw notFound();
  const checked = await checkFeedPost(request, page, { intents: ["preview", "create"] });
  if (!checked.ok) return data(checked.state, { status: checked.status });
  if (checked.values.intent === "preview") return data(checked.state);
  try {
    const feed = await storeFeed(page.descriptor, page.user, checked.ownerId, checked.values);
    return redirectWithToast(localizePathFor(request, placePath(page.place, "feed-details", feed.id)), {
      type: "success",
      message: "econ.toast.feedCreated",
      values: { name: checked.values.name },
    });
  } catch (error) {
    // Another request took the last active place since the check: the same answer as the check's.
    if (!(error instanceof FeedLimitError)) throw error;
    return data({ ...checked.state, errors: { status: feedLimitMessage(page.descriptor) } }, { status: 422 });
  }
}

export default function CreateFeedPage() {
  const { product, place, isAdmin } = useLoaderData<typeof loader>();
  const state = useActionData<FormState>();
  const { t } = useTranslation();
  const text = productUis[product.segment].screenText;
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t(text.createFeedTitle)}</Title>
        <Text>{t(text.createFeedLead)}</Text>
      </div>
      <SelectionForm
        kind="feed"
        mode="create"
        product={product}
        defaults={{}}
        state={state}
        isAdmin={isAdmin}
        cancelTo={placePath(place, "feeds")}
      />
    </Stack>
  );
}
