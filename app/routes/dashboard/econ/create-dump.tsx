import { Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EconSelectionForm } from "~/components/dashboard/econ-selection-form";
import { requireSubscription } from "~/modules/auth/guards.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { checkEconDumpForm, econFeedAsDump, loadEconOptions, type EconFormState } from "~/modules/feeds/econ-pages.server";
import { createEconDump, findEconFeed } from "~/modules/feeds/econ.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { localizePathFor } from "~/modules/i18n/language";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** `?fromFeed={id}` starts from one of the user's feeds (any for an admin); someone else's is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const fromFeed = new URL(request.url).searchParams.get("fromFeed");
  const feed = fromFeed ? await findEconFeed(user, fromFeed) : null;
  if (fromFeed && !feed) throw new Response("Not Found", { status: 404 });
  const prefill = feed ? econFeedAsDump(feed) : { values: {}, keepsPassword: false };
  return {
    defaults: feed && user.isAdmin ? { ...prefill.values, username: feed.username } : prefill.values,
    storedPassword: prefill.keepsPassword,
    fromFeed: feed ? { id: feed.id, name: feed.name } : null,
    options: await loadEconOptions(),
    isAdmin: user.isAdmin,
    ...(await pageTitle(request, "econ.createDump.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/** Save previews the series (intent=preview); Create queues the dump and opens its details. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubscription(request, "macroeconomic");
  const checked = await checkEconDumpForm(await readFormData(request), { user, intents: ["preview", "create"] });
  if (!checked.ok) return data(checked.state, { status: checked.status });
  if (checked.values.intent === "preview") return data(checked.state);
  const dumpId = await createEconDump(checked.ownerId, checked.values, checked.fromFeed);
  return redirectWithToast(localizePathFor(request, `/dashboard/econ/dump-details/${dumpId}`), {
    type: "success",
    message: "econ.toast.dumpCreated",
    values: { name: checked.values.name },
  });
}

export default function CreateDumpPage() {
  const { defaults, storedPassword, fromFeed, options, isAdmin } = useLoaderData<typeof loader>();
  const state = useActionData<EconFormState>();
  const { search } = useLocation();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{t("econ.createDump.title")}</Title>
        <Text>{t("econ.createDump.lead")}</Text>
        {fromFeed ? <Text fw={600}>{t("econ.createDump.fromFeed", { name: fromFeed.name })}</Text> : null}
      </div>
      <EconSelectionForm
        key={search}
        kind="dump"
        mode="create"
        options={options}
        defaults={defaults}
        fromFeedId={fromFeed?.id ?? null}
        storedPassword={storedPassword}
        state={state}
        isAdmin={isAdmin}
        cancelTo="/dashboard/econ/dumps"
      />
    </Stack>
  );
}
