import { Alert, Card, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ApiKeyCard, type TokenActionData } from "~/components/dashboard/api-key-card";
import { KEYS_PER_HOUR, keyPlatforms, listActiveKeys, requestApiKey, verifyApiKey } from "~/modules/auth/api-keys.server";
import { verifyTokenSchema } from "~/modules/auth/auth-schemas";
import { requireUser } from "~/modules/auth/guards.server";
import { rememberSessionKey } from "~/modules/auth/session-keys.server";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { encodeMessage, translateMessage } from "~/modules/forms/messages";
import { isPlatform } from "~/modules/registry/registry";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    platforms: keyPlatforms(user.subscriptions),
    keys: await listActiveKeys(user.id),
    ...(await pageTitle(request, "tokens.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs): Promise<ReturnType<typeof data<TokenActionData>>> {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const platform = form.get("platform");
  if (!isPlatform(platform)) return data({ error: "tokens.none" }, { status: 400 });

  switch (form.get("intent")) {
    case "generate": {
      const hasKey = (await listActiveKeys(user.id)).some((key) => key.platform === platform);
      if (hasKey && form.get("confirm") !== "yes") return data({ confirm: platform });
      const generated = await requestApiKey(user, platform);
      if (generated.outcome === "not-subscribed") return data({ error: "tokens.none" }, { status: 403 });
      if (generated.outcome === "too-many") {
        const error = encodeMessage("tokens.tooMany", { max: KEYS_PER_HOUR, minutes: Math.ceil(generated.retryAfterSeconds / 60) });
        return data({ error }, { status: 429, headers: { "Retry-After": String(generated.retryAfterSeconds) } });
      }
      await rememberSessionKey(request, platform, generated.key);
      return data({ generated: { platform, key: generated.key } });
    }
    case "verify": {
      const parsed = verifyTokenSchema.safeParse({ token: form.get("token") ?? undefined });
      if (!parsed.success) return data({ verifyError: { platform, message: "auth.tokenRequired" } }, { status: 400 });
      return data({ verification: { platform, ...(await verifyApiKey(platform, parsed.data.token)) } });
    }
    default:
      return data({ error: "tokens.unknownIntent" }, { status: 400 });
  }
}

export default function TokenManagementPage() {
  const { platforms, keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<TokenActionData>();
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1}>{t("tokens.title")}</Title>
        <Text>{t("tokens.lead")}</Text>
      </div>
      {actionData?.error ? (
        <Alert color="red" role="alert">
          {translateMessage(t, actionData.error)}
        </Alert>
      ) : null}
      {platforms.length === 0 ? (
        <Card withBorder padding="lg" data-testid="no-token">
          <Text>{t("tokens.none")}</Text>
        </Card>
      ) : (
        platforms.map((platform) => (
          <ApiKeyCard key={platform} platform={platform} current={keys.find((key) => key.platform === platform)} actionData={actionData} />
        ))
      )}
    </Stack>
  );
}
