import { Alert, Button, Group, List, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Notification addresses that get nothing until they follow their confirmation link, each with "Send the link again". */
export function AwaitingAddresses({ addresses }: { addresses: readonly string[] }) {
  const { t } = useTranslation();
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
              <Form method="post">
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
