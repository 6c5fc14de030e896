import { localizedReason } from "~/modules/net/failure-reasons";
import { Badge, Button, List, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import type { Row } from "~/components/layout/details-card";
import { formatDateTime } from "~/components/layout/format";
import type { IncidentLinks } from "~/modules/incidents/snowflake-lookup";
import { productScreenPath } from "~/modules/products/places";
import { productCatalogue } from "~/modules/registry/product-catalogue";
import type { DeliveryState } from "~/modules/feeds/delivery-state";
import type { DeliveryEntry } from "~/modules/feeds/run-history.server";

const stateColors: Record<DeliveryState, string> = { pending: "gray", retrying: "orange", delivered: "green", failed: "red" };

export function DeliveryStateBadge({ state }: { state: DeliveryState }) {
  const { t } = useTranslation();
  return (
    <Badge color={stateColors[state]} variant="light" data-testid="delivery-state">
      {t(`deliveryHistory.states.${state}`)}
    </Badge>
  );
}

/** A run's or dump's deliveries, one per channel and target, each with its attempts behind a disclosure (no script needed). */
export function DeliveryList({ deliveries }: { deliveries: DeliveryEntry[] }) {
  const { t, i18n } = useTranslation();
  const date = (value: string | null) => formatDateTime(value, i18n.language);
  if (deliveries.length === 0) return <Text size="sm">{t("deliveryHistory.noDeliveries")}</Text>;
  return (
    <Stack gap="xs" data-testid="deliveries">
      {deliveries.map((delivery, index) => (
        <div key={`${delivery.channel}-${index}`} data-testid="delivery" data-channel={delivery.channel}>
          <Text size="sm" span fw={600}>
            {t(`deliveryHistory.channels.${delivery.channel}`, { defaultValue: delivery.channel })}
          </Text>{" "}
          <DeliveryStateBadge state={delivery.state} />{" "}
          <Text size="xs" span c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {delivery.target}
          </Text>
          {delivery.lastError ? (
            <Text size="xs" c="red.9" data-testid="delivery-error">
              {t("deliveryHistory.lastError")}: {localizedReason(delivery.lastError, t)}
            </Text>
          ) : null}
          {delivery.state === "retrying" && delivery.nextAttemptAt ? (
            <Text size="xs">
              {t("deliveryHistory.nextAttempt")}: {date(delivery.nextAttemptAt)}
            </Text>
          ) : null}
          {delivery.history.length > 0 ? (
            <details>
              <summary>
                <Text size="xs" span>
                  {t("deliveryHistory.attempts")}: {delivery.attempts}
                </Text>
              </summary>
              <List size="xs" data-testid="delivery-attempts">
                {delivery.history.map((attempt, position) => (
                  <List.Item key={position}>
                    {date(attempt.at)} · {t(`deliveryHistory.outcomes.${attempt.outcome}`)}
                    {attempt.error ? ` · ${localizedReason(attempt.error, t)}` : ""}
                  </List.Item>
                ))}
              </List>
            </details>
          ) : null}
        </div>
      ))}
    </Stack>
  );
}

/** "Retry delivery now": a plain form, so it works without JavaScript; the action answers with a toast. */
export function RetryDeliveryButton({ field, id }: { field: "runId" | "dumpId"; id: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name={field} value={id} />
      <Button type="submit" name="intent" value="retry-delivery" size="xs" variant="light">
        {t("deliveryHistory.retryNow")}
      </Button>
    </Form>
  );
}

/** Whether "Retry delivery now" has anything to do. */
export function canRetry(state: DeliveryState | null): boolean {
  return state === "failed" || state === "retrying";
}

/** The id of a run's row in its feed's run history, which an incident's run links to. */
export function feedRunAnchor(runId: string): string {
  return `feed-run-${runId}`;
}

/** A pipeline incident's owner, feed run, feed and dump as the admin's links (their admin screens). */
export function incidentSubjectRows(subject: IncidentLinks, t: TFunction): Row[] {
  const screen = (item: { id: string; product: string }, name: "feed-details" | "dump-details") => {
    const segment = productCatalogue.find((entry) => entry.feedProduct === item.product)?.segment;
    const to = segment ? productScreenPath({ product: segment, admin: true }, name, item.id) : null;
    return to ? (
      <AppLink key={name} to={to} data-testid={`incident-${name}`}>
        {item.id}
      </AppLink>
    ) : (
      item.id
    );
  };
  // A run is a row of its feed's run history (feed details, "feed-run-{id}").
  const runLink = (feed: IncidentLinks["feed"], runId: string) => {
    const segment = feed && productCatalogue.find((entry) => entry.feedProduct === feed.product)?.segment;
    if (!feed || !segment) return runId;
    return (
      <AppLink
        to={`${productScreenPath({ product: segment, admin: true }, "feed-details", feed.id)}#${feedRunAnchor(runId)}`}
        data-testid="incident-run"
      >
        {runId}
      </AppLink>
    );
  };
  return [
    ...(subject.owner
      ? [
          [
            t("deliveryHistory.owner"),
            <AppLink key="owner" to={`/dashboard/admin/users/${subject.owner.id}`} data-testid="incident-owner">
              {subject.owner.username}
            </AppLink>,
          ] satisfies Row,
        ]
      : []),
    ...(subject.feed ? [[t("deliveryHistory.feed"), screen(subject.feed, "feed-details")] satisfies Row] : []),
    ...(subject.feedRunId ? [[t("deliveryHistory.run"), runLink(subject.feed, subject.feedRunId)] satisfies Row] : []),
    ...(subject.dump ? [[t("deliveryHistory.dump"), screen(subject.dump, "dump-details")] satisfies Row] : []),
  ];
}
