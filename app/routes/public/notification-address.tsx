import { Alert, Button, Container, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { confirmNotificationAddress, pendingAddress } from "~/modules/feeds/notification-addresses.server";

/**
 * /notification-address/{token}: the link mailed to a notification address other than the account's own. Opening
 * it only asks (mail scanners open links too); the button confirms, and from then on the address gets notifications.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return { pending: await pendingAddress(params.token ?? ""), ...(await pageTitle(request, "notificationAddress.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export async function action({ params }: ActionFunctionArgs) {
  return { confirmed: await confirmNotificationAddress(params.token ?? "") };
}

export default function NotificationAddressPage() {
  const { pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const confirmed = actionData?.confirmed;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("notificationAddress.title")}</Title>
        {confirmed ? (
          <Alert color="green" role="status" data-testid="address-confirmed">
            {t("notificationAddress.confirmed", { address: confirmed })}
          </Alert>
        ) : !pending || actionData ? (
          <Alert color="red" role="alert">
            {t("notificationAddress.invalid")}
          </Alert>
        ) : (
          <>
            <Text>{t("notificationAddress.question", { address: pending.address, username: pending.username })}</Text>
            <Form method="post">
              <Button type="submit">{t("notificationAddress.confirm")}</Button>
            </Form>
          </>
        )}
      </Stack>
    </Container>
  );
}
