import { Anchor, Button, Card, Group, Loader, NativeSelect, Progress, Stack, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useTranslation } from "react-i18next";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { DumpStatusBadge } from "~/components/dashboard/dump-progress";
import { FormError } from "~/components/forms/form-error";
import { isActiveDumpStatus } from "~/modules/feeds/progress";
import { translateMessage } from "~/modules/forms/messages";
import { datasetFormats, generateDatasetSchema, type DatasetListItem } from "~/modules/products/corp/datasets";
import { submitThenChange } from "~/modules/forms/validation-behavior";

/** One predefined dataset on its page: what it is, its latest generation (being built, or its files) and the generate form. */

export const generateDatasetValidator = withZod(generateDatasetSchema);

/** Each card's form has its own id, so a refusal is shown on the card that was posted. */
export const generateFormId = (datasetId: string) => `generate-${datasetId}`;

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export function DatasetCard({ dataset, formError }: { dataset: DatasetListItem; formError: string | null | undefined }) {
  const { t } = useTranslation();
  const name = t(dataset.name);
  const latest = dataset.latest;
  const headingId = `dataset-${dataset.id}`;
  return (
    <Card component="section" withBorder padding="lg" aria-labelledby={headingId} data-testid="dataset-card" data-dataset-id={dataset.id}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3" id={headingId}>
          {name}
        </Title>
        <Text size="sm">{t(dataset.description)}</Text>
        {latest === null ? (
          <Text size="sm" c="dimmed" data-testid="dataset-never">
            {t("datasets.never")}
          </Text>
        ) : isActiveDumpStatus(latest.status) ? (
          <GenerationInProgress status={latest.status} format={latest.format} progress={latest.progress} />
        ) : (
          <Stack gap={6}>
            <Group gap="xs">
              <DumpStatusBadge status={latest.status} />
              <Text size="sm">
                {t(latest.status === "completed" ? "datasets.generatedAt" : "datasets.attemptedAt", {
                  time: utc(latest.finished ?? latest.created),
                })}
              </Text>
            </Group>
            {latest.status === "failed" ? <Text size="sm">{t("datasets.failed")}</Text> : null}
            {latest.files.map((file) => (
              <Group key={file.id} gap="xs">
                <Anchor
                  href={file.downloadUrl}
                  download={file.filename}
                  aria-label={t("datasets.downloadNamed", { format: file.format.toUpperCase(), name })}
                >
                  {t("datasets.download", { format: file.format.toUpperCase() })}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t("datasets.fileSummary", { count: file.records, size: Math.max(1, Math.round(file.size / 1024)) })}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <GenerateForm datasetId={dataset.id} name={name} formError={formError} />
      </Stack>
    </Card>
  );
}

/** The reloading state: live with JavaScript (the page revalidates), current on every reload without it. */
function GenerationInProgress({ status, format, progress }: { status: string; format: string; progress: number }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <Stack gap={6} data-testid="dataset-generating" aria-busy="true">
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" fw={600}>
          {t(status === "queued" ? "datasets.queued" : "datasets.generating", { format: format.toUpperCase(), progress })}
        </Text>
      </Group>
      {status === "running" ? <Progress value={progress} aria-label={t("datasets.progressLabel", { progress })} animated /> : null}
      <Anchor href={`${pathname}${search}`} size="sm">
        {t("datasets.refresh")}
      </Anchor>
    </Stack>
  );
}

function GenerateForm({ datasetId, name, formError }: { datasetId: string; name: string; formError: string | null | undefined }) {
  const { t } = useTranslation();
  const formId = generateFormId(datasetId);
  const submitting = useIsSubmitting(formId);
  return (
    <ValidatedForm
      validator={generateDatasetValidator}
      method="post"
      id={formId}
      defaultValues={{ datasetId, format: "json" }}
      noValidate
      style={{ marginTop: "auto" }}
    >
      <Stack gap="xs">
        <FormError message={formError} />
        <input type="hidden" name="datasetId" value={datasetId} />
        <Group align="flex-end" gap="sm">
          <FormatSelect id={`${formId}-format`} />
          <Button type="submit" name="intent" value="generate" loading={submitting} aria-label={t("datasets.generateNamed", { name })}>
            {t("datasets.generate")}
          </Button>
        </Group>
      </Stack>
    </ValidatedForm>
  );
}

/** A native select, so the format is chosen without JavaScript too; ids differ per card. */
function FormatSelect({ id }: { id: string }) {
  const { t } = useTranslation();
  const { error, getInputProps } = useField("format", { validationBehavior: submitThenChange });
  return (
    <NativeSelect
      {...getInputProps({ id })}
      label={t("datasets.format")}
      error={error ? translateMessage(t, error) : undefined}
      data={datasetFormats.map((format) => ({ value: format, label: format.toUpperCase() }))}
    />
  );
}
