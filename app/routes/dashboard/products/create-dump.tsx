import { Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { productUis } from "~/components/dashboard/product-views";
import { SelectionForm } from "~/components/dashboard/selection-form";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { findFeed } from "~/modules/feeds/feed-queries.server";
import { storeDump } from "~/modules/feeds/submission.server";
import { productScreenPath } from "~/modules/products/places";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { checkDumpPost, feedAsDumpDefaults, type FormState } from "~/modules/products/pages.server";
import { productOptions, requireProductPlace } from "~/modules/products/registry.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** `?fromFeed={id}` starts from one of the user's feeds (any for an admin); someone else's is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await requireProductPlace(request);
  const back = productScreenPath(page.place, "dumps");
  if (!back) throw notFound();
  const fromFeed = new URL(request.url).searchParams.get("fromFeed");
  const feed = fromFeed ? await findFeed(page.user, page.descriptor.product, fromFeed) : null;
  if (fromFeed && !feed) throw notFound();
  const prefill = feed ? feedAsDumpDefaults(page, feed) : { values: {}, keepsPassword: false };
  return {
    defaults: feed && page.user.isAdmin ? { ...prefill.values, username: feed.username } : prefill.values,
    storedPassword: prefill.keepsPassword,
    fromFeed: feed ? { id: feed.id, name: feed.name } : null,
    product: await productOptions(page.segment, page.user),
    back,
    isAdmin: page.user.isAdmin,
    ...(await pageTitle(request, productUis[page.segment].screenText.createDumpTitle)),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Save previews the selection (intent=preview); Create queues the dump and opens its details. */
export async function action({ request }: ActionFunctionArgs) {
  const page = await requireProductPlace(request);
  const back = productScreenPath(page.place, "dumps");
  if (!back) throw notFound();
  const checked = await checkDumpPost(request, page, { intents: ["preview", "create"] });
  if (!checked.ok) return data(checked.state, { status: checked.status });
  if (checked.values.intent === "preview") return data(checked.state);
  const dumpId = await storeDump(page.descriptor, page.user, checked.ownerId, checked.values, checked.fromFeed);
  return redirectWithToast(localizePathFor(request, productScreenPath(page.place, "dump-details", dumpId) ?? back), {
    type: "success",
    message: "econ.toast.dumpCreated",
    values: { name: checked.values.name },
  });
}

export default function CreateDumpPage() {
  const { defaults, storedPassword, fromFeed, product, back, isAdmin } = useLoaderData<typeof loader>();
  const state = useActionData<FormState>();
  const { search } = useLocation();
  const { t } = useTranslation();
  const text = productUis[product.segment].screenText;
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t(text.createDumpTitle)}</Title>
        <Text>{t(text.createDumpLead)}</Text>
        {fromFeed ? <Text fw={600}>{t("econ.createDump.fromFeed", { name: fromFeed.name })}</Text> : null}
      </div>
      <SelectionForm
        key={search}
        kind="dump"
        mode="create"
        product={product}
        defaults={defaults}
        fromFeedId={fromFeed?.id ?? null}
        storedPassword={storedPassword}
        state={state}
        isAdmin={isAdmin}
        cancelTo={back}
      />
    </Stack>
  );
}
