import { Badge, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { remainingTime } from "~/modules/feeds/progress";

const statusColors: Record<string, string> = { queued: "gray", running: "blue", completed: "green", failed: "red", cancelled: "dark" };

export function DumpStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status] ?? "gray"} variant="light" data-testid="dump-status">
      {t(`dumps.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** Processed and total items (series, companies or documents), a bar, and the time still needed by the current pace. */
export function DumpProgress({
  product,
  status,
  processed,
  total,
  progress,
  estimatedEnd,
  now,
}: {
  /** The dump's product, which names what it counts. */
  product: string;
  status: string;
  processed: number;
  total: number;
  progress: number;
  estimatedEnd: string | null;
  now: number;
}) {
  const { t } = useTranslation();
  const remaining = remainingTime(estimatedEnd, now);
  return (
    <Stack gap={4} miw={160}>
      <Progress value={progress} aria-label={t("dumps.progressLabel", { progress })} color={status === "failed" ? "red" : undefined} />
      <Text size="sm" data-testid="dump-processed">
        {t(`dumps.processed.${product}`, { processed: processed.toLocaleString("en"), total: total.toLocaleString("en"), progress })}
      </Text>
      {status === "running" && remaining.kind !== "unknown" ? (
        <Text size="sm" c="dimmed" data-testid="dump-remaining">
          {t(`dumps.remaining.${remaining.kind}`, remaining)}
        </Text>
      ) : null}
    </Stack>
  );
}
