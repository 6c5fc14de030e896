import { Alert, Button, Group, List, Text, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";

interface ConfirmDeleteProps {
  title: string;
  /** The feeds about to be deleted, posted again with confirm=yes (none: the page's own feed). */
  feeds?: { id: string; name: string }[];
  cancelTo: string;
}

/** The second step of deleting feeds: the same state with or without JavaScript, Confirm posts, Cancel goes back. */
export function ConfirmDelete({ title, feeds = [], cancelTo }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" role="alertdialog" aria-labelledby="confirm-delete-title" data-testid="confirm-delete">
      <Title order={2} size="h4" id="confirm-delete-title" mb="xs">
        {title}
      </Title>
      <Text size="sm">{t("econ.feeds.confirmText")}</Text>
      {feeds.length > 0 ? (
        <List size="sm" mt="sm">
          {feeds.map((feed) => (
            <List.Item key={feed.id}>{feed.name}</List.Item>
          ))}
        </List>
      ) : null}
      <Form method="post">
        {feeds.map((feed) => (
          <input key={feed.id} type="hidden" name="feedId" value={feed.id} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <Group gap="sm" mt="sm">
          <Button type="submit" name="intent" value="delete" color="red">
            {t("econ.feeds.confirmDelete")}
          </Button>
          <Button component={AppLink} to={cancelTo} variant="default">
            {t("econ.common.cancel")}
          </Button>
        </Group>
      </Form>
    </Alert>
  );
}
