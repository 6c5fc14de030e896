import { Alert, Badge, Button, Code, Group, NativeSelect, Stack, Table, Text } from "@mantine/core";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import type { AdminActionEntry } from "~/modules/audit/audit";
import { ageParts, specReloadSchema, specReloadTargets, type SpecReloadOutcome, type SpecRow } from "~/modules/admin/dashboard";
import { translateMessage } from "~/modules/forms/messages";
import type { InstanceRow } from "~/modules/instances/instances";
import type { QueueRow } from "~/modules/jobs/queue-summary";
import { formatDateTime } from "~/components/layout/format";
import { HeadedSection } from "~/components/layout/headed-section";
import { NoRecords } from "./no-records";
import { TableScroll } from "~/components/layout/table-scroll";
import { submitThenChange } from "~/modules/forms/validation-behavior";

/** The four parts of the admin dashboard: instances, queues, specifications with their reload, the audit trail. */

export const specReloadValidator = withZod(specReloadSchema);
const specReloadFormId = "spec-reload";

/** "4 s", "3 min": an age in one whole unit. */
function useAge(): (ms: number) => string {
  const { t } = useTranslation();
  return (ms) => {
    const { unit, count } = ageParts(ms);
    return t(`admin.dashboard.age.${unit}`, { count });
  };
}

export function InstancesSection({ instances }: { instances: InstanceRow[] }) {
  const { t, i18n } = useTranslation();
  const age = useAge();
  return (
    <HeadedSection title={t("admin.dashboard.instances.title")} id="instances-title">
      {instances.length === 0 ? (
        <NoRecords />
      ) : (
        <TableScroll minWidth={900}>
          <Table striped withTableBorder data-testid="instances-table" className="one-line-rows">
            <Table.Caption>{t("admin.dashboard.instances.caption")}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("admin.dashboard.instances.id")}</Table.Th>
                <Table.Th scope="col">{t("admin.dashboard.instances.kind")}</Table.Th>
                <Table.Th scope="col">{t("admin.dashboard.instances.version")}</Table.Th>
                <Table.Th scope="col">{t("admin.dashboard.instances.started")}</Table.Th>
                <Table.Th scope="col">{t("admin.dashboard.instances.lastHeartbeat")}</Table.Th>
                <Table.Th scope="col">{t("admin.dashboard.instances.jobsRunning")}</Table.Th>
                <Table.Th scope="col">{t("admin.dashboard.instances.state")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {instances.map((instance) => (
                <Table.Tr key={instance.id} data-testid="instance-row" data-kind={instance.kind} data-state={instance.state}>
                  <Table.Th scope="row" fw={500}>
                    <Group gap={6} wrap="nowrap">
                      {/* host:pid:id stays on one line: the table scrolls in its TableScroll, which keyboards reach. */}
                      <Code style={{ whiteSpace: "nowrap" }}>{instance.id}</Code>
                      {instance.here ? (
                        <Badge variant="outline" size="sm" data-testid="instance-here">
                          {t("admin.dashboard.instances.here")}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Th>
                  <Table.Td>{t(`admin.dashboard.instances.kinds.${instance.kind}`, { defaultValue: instance.kind })}</Table.Td>
                  <Table.Td>{instance.version ?? t("econ.common.none")}</Table.Td>
                  <Table.Td>{formatDateTime(instance.started, i18n.language)}</Table.Td>
                  <Table.Td title={formatDateTime(instance.seen, i18n.language) ?? undefined}>
                    {t("admin.dashboard.ago", { age: age(instance.seenAgoMs) })}
                  </Table.Td>
                  <Table.Td>{instance.jobsRunning ?? t("econ.common.none")}</Table.Td>
                  <Table.Td>
                    <Badge color={instance.state === "live" ? "green" : "red"} variant="light" data-testid="instance-state">
                      {t(`admin.dashboard.instances.states.${instance.state}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </HeadedSection>
  );
}

export function QueuesSection({ queues }: { queues: QueueRow[] }) {
  const { t } = useTranslation();
  const age = useAge();
  return (
    <HeadedSection title={t("admin.dashboard.queues.title")} id="queues-title">
      <TableScroll minWidth={700}>
        <Table striped withTableBorder data-testid="queues-table">
          <Table.Caption>{t("admin.dashboard.queues.caption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("admin.dashboard.queues.kind")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.queues.queued")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.queues.running")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.queues.failed")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.queues.oldestWaiting")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {queues.map((queue) => (
              <Table.Tr key={queue.kind} data-testid="queue-row" data-kind={queue.kind}>
                <Table.Th scope="row" fw={500}>
                  <Code>{queue.kind}</Code>
                </Table.Th>
                <Table.Td>{queue.queued}</Table.Td>
                <Table.Td>{queue.running}</Table.Td>
                <Table.Td>{queue.failed}</Table.Td>
                <Table.Td>{queue.oldestWaitingMs === null ? t("econ.common.none") : age(queue.oldestWaitingMs)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </HeadedSection>
  );
}

/** What the reload action answers when a specification could not be reloaded (a success redirects with a toast). */
export interface SpecReloadFailure {
  outcomes: SpecReloadOutcome[];
}

export function SpecificationsSection({ specifications, failure }: { specifications: SpecRow[]; failure: SpecReloadFailure | null }) {
  const { t, i18n } = useTranslation();
  const setTitle = (set: string) => t(`products.docSetNames.${set}`);
  return (
    <HeadedSection title={t("admin.dashboard.specs.title")} id="specs-title">
      <Text>{t("admin.dashboard.specs.lead")}</Text>
      {failure ? <ReloadFailure outcomes={failure.outcomes} setTitle={setTitle} /> : null}
      <SpecReloadForm setTitle={setTitle} />
      <TableScroll minWidth={700}>
        <Table striped withTableBorder data-testid="specs-table">
          <Table.Caption>{t("admin.dashboard.specs.caption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("admin.dashboard.specs.set")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.specs.version")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.specs.loadedHere")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.specs.lastReload")}</Table.Th>
              <Table.Th scope="col">{t("admin.dashboard.specs.chinese")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {specifications.map((spec) => (
              <Table.Tr key={spec.set} data-testid="spec-row" data-set={spec.set}>
                <Table.Th scope="row" fw={500}>
                  {setTitle(spec.set)}
                </Table.Th>
                <Table.Td data-testid="spec-version">{spec.version}</Table.Td>
                <Table.Td data-testid="spec-loaded-here">{spec.loadedHere ?? t("admin.dashboard.specs.notLoaded")}</Table.Td>
                <Table.Td>
                  {spec.reloadedAt && spec.reloadedBy
                    ? t("admin.dashboard.specs.reloadedBy", {
                        time: formatDateTime(spec.reloadedAt, i18n.language),
                        admin: spec.reloadedBy,
                      })
                    : t("admin.dashboard.specs.never")}
                </Table.Td>
                <Table.Td data-testid="spec-untranslated">
                  {spec.chinese ? t("admin.dashboard.specs.untranslated", spec.chinese) : t("admin.dashboard.specs.notLoaded")}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </HeadedSection>
  );
}

/** SPEC.md's message for each set that failed, with its reason, and the sets that did reload. */
function ReloadFailure({ outcomes, setTitle }: { outcomes: SpecReloadOutcome[]; setTitle: (set: string) => string }) {
  const { t } = useTranslation();
  const reloaded = outcomes.filter((outcome) => outcome.outcome === "reloaded");
  return (
    <Alert color="red" role="alert" data-testid="reload-failure">
      <Stack gap={4}>
        {outcomes.map((outcome) =>
          outcome.outcome === "failed" ? (
            <div key={outcome.set}>
              <Text fw={600} size="sm" data-testid="reload-failure-message">
                {t("admin.dashboard.specs.reloadFailed", { set: setTitle(outcome.set) })}
              </Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {t("admin.dashboard.specs.reason", { reason: outcome.reason })}
              </Text>
            </div>
          ) : null,
        )}
        {reloaded.length > 0 ? (
          <Text size="sm">
            {t("admin.dashboard.specs.reloadedBesides", { sets: reloaded.map((outcome) => setTitle(outcome.set)).join(", ") })}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function SpecReloadForm({ setTitle }: { setTitle: (set: string) => string }) {
  const { t } = useTranslation();
  const submitting = useIsSubmitting(specReloadFormId);
  return (
    <ValidatedForm
      validator={specReloadValidator}
      method="post"
      id={specReloadFormId}
      defaultValues={{ set: "all" }}
      aria-label={t("admin.dashboard.specs.formLabel")}
      noValidate
    >
      <Group align="flex-end" gap="sm">
        <SetSelect setTitle={setTitle} />
        <Button type="submit" loading={submitting}>
          {t("admin.dashboard.specs.reload")}
        </Button>
      </Group>
    </ValidatedForm>
  );
}

function SetSelect({ setTitle }: { setTitle: (set: string) => string }) {
  const { t } = useTranslation();
  const { error, getInputProps } = useField("set", { validationBehavior: submitThenChange });
  return (
    <NativeSelect
      {...getInputProps({ id: "spec-reload-set" })}
      label={t("admin.dashboard.specs.target")}
      error={error ? translateMessage(t, error) : undefined}
      data={specReloadTargets.map((target) => ({
        value: target,
        label: target === "all" ? t("admin.dashboard.specs.all") : setTitle(target),
      }))}
    />
  );
}

/** "Outcome: reloaded": names and values the locales know are translated, others are shown as stored. */
function useDetailsText(): (details: AdminActionEntry["details"]) => string {
  const { t } = useTranslation();
  return (details) =>
    Object.entries(details)
      .map(([name, value]) => {
        const shown = t(`admin.audit.detailValues.${name}.${String(value)}`, { defaultValue: String(value) });
        return `${t(`admin.audit.detailNames.${name}`, { defaultValue: name })}: ${shown}`;
      })
      .join(", ");
}

export function AuditSection({ audit }: { audit: AdminActionEntry[] }) {
  const { t } = useTranslation();
  return (
    <HeadedSection title={t("admin.audit.title")} id="audit-title">
      {audit.length === 0 ? <NoRecords /> : <AuditTable audit={audit} />}
    </HeadedSection>
  );
}

/** Admin actions, newest first: the admin dashboard's audit trail and a user's page show the same table. */
export function AuditTable({ audit }: { audit: AdminActionEntry[] }) {
  const { t, i18n } = useTranslation();
  const detailsText = useDetailsText();
  return (
    <TableScroll minWidth={900}>
      <Table striped withTableBorder data-testid="audit-table">
        <Table.Caption>{t("admin.audit.caption", { count: audit.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("admin.audit.when")}</Table.Th>
            <Table.Th scope="col">{t("admin.audit.admin")}</Table.Th>
            <Table.Th scope="col">{t("admin.audit.action")}</Table.Th>
            <Table.Th scope="col">{t("admin.audit.owner")}</Table.Th>
            <Table.Th scope="col">{t("admin.audit.target")}</Table.Th>
            <Table.Th scope="col">{t("admin.audit.details")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {audit.map((entry) => (
            <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
              <Table.Td>{formatDateTime(entry.created, i18n.language)}</Table.Td>
              <Table.Td>{entry.admin}</Table.Td>
              <Table.Td>{t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
              <Table.Td>{entry.owner ?? t("econ.common.none")}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Code>{entry.target}</Code>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{detailsText(entry.details) || t("econ.common.none")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
