import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/components/layout/format";
import { requireUser } from "~/modules/auth/guards.server";
import { endOtherSessions, endUserSession, listUserSessions } from "~/modules/auth/session.server";
import { summarizeUserAgent } from "~/modules/auth/user-agent";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sessions = await listUserSessions(user.id, request);
  return {
    sessions: sessions.map(({ userAgent, ...session }) => ({ ...session, device: summarizeUserAgent(userAgent) })),
    ...(await pageTitle(request, "account.sessions.title")),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const here = new URL(request.url).pathname;
  switch (form.get("intent")) {
    case "end": {
      // endUserSession accepts only the shape of a handle; anything else ends nothing.
      const ended = await endUserSession(user.id, String(form.get("handle") ?? ""));
      return redirectWithToast(
        here,
        ended ? { type: "success", message: "account.sessions.ended" } : { type: "error", message: "account.sessions.notFound" },
      );
    }
    case "end-others":
      await endOtherSessions(user.id, request);
      return redirectWithToast(here, { type: "success", message: "account.sessions.othersEnded" });
    default:
      return data({ error: "tokens.unknownIntent" }, { status: 400 });
  }
}

export default function SessionsPage() {
  const { sessions } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const others = sessions.filter((session) => !session.current);
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1}>{t("account.sessions.title")}</Title>
        <Text>{t("account.sessions.lead")}</Text>
      </div>
      <Stack gap="sm" data-testid="sessions">
        {sessions.map((session) => {
          const device = t("account.sessions.device", {
            browser: session.device.browser ?? t("account.sessions.unknownBrowser"),
            os: session.device.os ?? t("account.sessions.unknownOs"),
          });
          const created = formatDateTime(session.createdAt, i18n.language);
          return (
            <Card withBorder padding="md" key={session.handle} data-testid="session">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600}>{device}</Text>
                    {session.current ? (
                      <Badge color="teal.9" variant="filled">
                        {t("account.sessions.thisSession")}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm">
                    {t("account.sessions.address", { address: session.address ?? t("account.sessions.unknownAddress") })}
                  </Text>
                  <Text size="sm">
                    {t("account.sessions.created", { date: created })} ·{" "}
                    {t("account.sessions.lastUsed", { date: formatDateTime(session.lastUsedAt, i18n.language) })}
                  </Text>
                </Stack>
                {session.current ? null : (
                  <Form method="post">
                    <input type="hidden" name="handle" value={session.handle} />
                    <Button
                      type="submit"
                      name="intent"
                      value="end"
                      variant="light"
                      color="red"
                      aria-label={t("account.sessions.endLabel", { device, date: created })}
                    >
                      {t("account.sessions.end")}
                    </Button>
                  </Form>
                )}
              </Group>
            </Card>
          );
        })}
      </Stack>
      {others.length === 0 ? (
        <Text>{t("account.sessions.noOthers")}</Text>
      ) : (
        <Form method="post">
          <Button type="submit" name="intent" value="end-others" color="red">
            {t("account.sessions.endOthers")}
          </Button>
        </Form>
      )}
    </Stack>
  );
}
