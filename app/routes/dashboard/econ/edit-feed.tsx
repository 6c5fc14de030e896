import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EconSelectionForm } from "~/components/dashboard/econ-selection-form";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { AppLink } from "~/components/layout/app-link";
import type { CurrentUser } from "~/modules/auth/users.server";
import { requireSubscription } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { checkEconFeedForm, econDisplayValues, loadEconOptions, type EconFormState } from "~/modules/feeds/econ-pages.server";
import { econFeedFormValues, findEconFeed, keepsFtpPassword, updateEconFeed } from "~/modules/feeds/econ.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

const feedNotFound = "econ.editFeed.notFound";

/** The feed when the user may edit it (their own, any for an admin); otherwise the 404 page with the SPEC message. */
async function requireFeed(user: CurrentUser, feedId: string | undefined) {
  const feed = feedId ? await findEconFeed(user, feedId) : null;
  if (!feed) throw data({ message: feedNotFound }, { status: 404 });
  return feed;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const feed = await requireFeed(user, params.feedId);
  return {
    feedId: feed.id,
    defaults: econDisplayValues(econFeedFormValues(feed)),
    storedPassword: keepsFtpPassword(feed),
    options: await loadEconOptions(),
    isAdmin: user.isAdmin,
    ...(await pageTitle(request, "econ.editFeed.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Save previews the changed selection (intent=preview); Save changes stores it and opens the details. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const feed = await requireFeed(user, params.feedId);
  const checked = await checkEconFeedForm(await readFormData(request), { user, intents: ["preview", "save"], feed });
  if (!checked.ok) return data(checked.state, { status: checked.status });
  if (checked.values.intent === "preview") return data(checked.state);
  await updateEconFeed(feed, checked.values);
  return redirectWithToast(localizePathFor(request, `/dashboard/econ/feed-details/${feed.id}`), {
    type: "success",
    message: "econ.toast.feedSaved",
    values: { name: checked.values.name },
  });
}

export default function EditFeedPage() {
  const { feedId, defaults, storedPassword, options, isAdmin } = useLoaderData<typeof loader>();
  const state = useActionData<EconFormState>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t("econ.editFeed.title")}</Title>
        <Text>{t("econ.editFeed.lead")}</Text>
      </div>
      <EconSelectionForm
        key={feedId}
        kind="feed"
        mode="edit"
        options={options}
        defaults={defaults}
        state={state}
        isAdmin={isAdmin}
        storedPassword={storedPassword}
        cancelTo={`/dashboard/econ/feed-details/${feedId}`}
      />
    </Stack>
  );
}

function isMissingFeed(error: unknown): boolean {
  if (!isRouteErrorResponse(error) || error.status !== 404) return false;
  const body: unknown = error.data;
  return typeof body === "object" && body !== null && "message" in body && body.message === feedNotFound;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isMissingFeed(error)) return <GeneralErrorBoundary />;
  return (
    <Container size="sm" py="xl" className="error-page" data-testid="not-found">
      <Stack gap="md">
        <Title order={1}>{t("errors.notFoundTitle")}</Title>
        <Text>{t(feedNotFound)}</Text>
        <Button component={AppLink} to="/dashboard/econ/feeds" w="fit-content">
          {t("econ.feeds.backToList")}
        </Button>
      </Stack>
    </Container>
  );
}
