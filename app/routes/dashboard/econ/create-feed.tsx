import { Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EconSelectionForm } from "~/components/dashboard/econ-selection-form";
import { requireSubscription } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { checkEconFeedForm, loadEconOptions, withErrors, type EconFormState } from "~/modules/feeds/econ-pages.server";
import { createEconFeed } from "~/modules/feeds/econ.server";
import { activeFeedLimit, FeedLimitError } from "~/modules/feeds/feeds.server";
import { encodeMessage } from "~/modules/forms/messages";
import { readFormData } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  return { options: await loadEconOptions(), isAdmin: user.isAdmin, ...(await pageTitle(request, "econ.createFeed.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Save previews the series (intent=preview); Create stores the feed and opens its details. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const checked = await checkEconFeedForm(await readFormData(request), { user, intents: ["preview", "create"] });
  if (!checked.ok) return data(checked.state, { status: checked.status });
  if (checked.values.intent === "preview") return data(checked.state);
  try {
    const feedId = await createEconFeed(checked.ownerId, checked.values);
    return redirectWithToast(localizePathFor(request, `/dashboard/econ/feed-details/${feedId}`), {
      type: "success",
      message: "econ.toast.feedCreated",
      values: { name: checked.values.name },
    });
  } catch (error) {
    if (!(error instanceof FeedLimitError)) throw error;
    return data(withErrors(checked.state, { status: encodeMessage("validation.feedLimit", { max: activeFeedLimit }) }), { status: 422 });
  }
}

export default function CreateFeedPage() {
  const { options, isAdmin } = useLoaderData<typeof loader>();
  const state = useActionData<EconFormState>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t("econ.createFeed.title")}</Title>
        <Text>{t("econ.createFeed.lead")}</Text>
      </div>
      <EconSelectionForm
        kind="feed"
        mode="create"
        options={options}
        defaults={{}}
        state={state}
        isAdmin={isAdmin}
        cancelTo="/dashboard/econ/feeds"
      />
    </Stack>
  );
}
