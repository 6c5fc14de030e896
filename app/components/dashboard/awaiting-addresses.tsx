import { Alert, Button, Group, List, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalizePath } from "~/components/layout/app-link";

/**
 * Notification addresses that get nothing until they follow their confirmation link, each with "Send the link
 * again", which posts to the feed's details page (`action`; the page's own when left out).
 */
export function AwaitingAddresses({ addresses, action }: { addresses: readonly string[]; action?: string }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  if (addresses.length === 0) return null;
  return (
    <Alert color="yellow" title={t("notificationAddress.awaiting")} data-testid="awaiting-addresses">
      <Text size="sm" mb="xs">
        {t("notificationAddress.awaitingHint")}
      </Text>
      <List spacing="xs">
        {addresses.map((address) => (
          <List.Item key={address}>
            <Group gap="sm" wrap="wrap">
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {address}
              </Text>
              <Form method="post" action={action ? localize(action) : undefined}>
                <input type="hidden" name="address" value={address} />
                <Button type="submit" name="intent" value="resend-address" size="compact-sm" variant="light">
                  {t("notificationAddress.resend", { address })}
                </Button>
              </Form>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
