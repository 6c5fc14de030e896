import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormContext, ValidatedForm } from "remix-validated-form";
import { AppLink } from "~/components/layout/app-link";
import type { FormDefaults } from "~/modules/feeds/form-state";
import type { FormState } from "~/modules/products/pages.server";
import { translateMessage } from "~/modules/forms/messages";
import type { ProductOptions, ProductPreview } from "~/modules/products/registry.server";
import { ErrorSummary } from "~/components/forms/choice-fields";
import { ProductCriteriaFields, ProductPreviewView, productUis } from "./product-views";
import { DeliveryFieldset, GeneralFieldset, NotificationFieldset, type FieldReader } from "./selection-fieldsets";

export interface SelectionFormProps {
  kind: "feed" | "dump";
  mode: "create" | "edit";
  /** The product and its option lists. */
  product: ProductOptions;
  /** The values shown before any post (empty, the stored feed, or the feed a dump starts from). */
  defaults: FormDefaults;
  /** A dump prefilled from a feed: the feed's id, posted so the server may keep its FTP password. */
  fromFeedId?: string | null;
  /** What the action answered: values to show again, errors, the preview. */
  state: FormState | undefined;
  isAdmin: boolean;
  /** A stored FTP password (the edited feed's, or the source feed's) that an empty field keeps for the same server and login. */
  storedPassword?: boolean;
  cancelTo: string;
}

/**
 * The feed and dump form of every product, in two steps: Save (intent=preview) validates and previews what
 * the selection matches, then Create (or Save changes) stores. Plain form posts without JavaScript; with it,
 * Remix's Form posts without a reload. The product's own fields come from its part (product-views.tsx).
 */
export function SelectionForm(props: SelectionFormProps) {
  const { t } = useTranslation();
  return (
    <ValidatedForm
      validator={productUis[props.product.segment].validators[props.kind]}
      method="post"
      noValidate
      aria-label={t(`econ.form.${props.kind}Form`)}
      data-testid="selection-form"
    >
      <SelectionFields {...props} />
    </ValidatedForm>
  );
}

/** The form's content, inside the validated form: the browser's messages first, then the server's. */
function SelectionFields({ kind, mode, product, defaults, fromFeedId, state, isAdmin, storedPassword, cancelTo }: SelectionFormProps) {
  const { t } = useTranslation();
  const { fieldErrors } = useFormContext();
  const values = state?.values ?? defaults;
  const errors = { ...(state?.errors ?? {}), ...fieldErrors };
  const preview = state?.preview ?? null;
  const canStore = preview !== null && Object.keys(errors).length === 0;

  const { screenText: screen, formShape: shape } = productUis[product.segment];
  // The shared fields' labels; a product's own fields are labelled by its part, under its own keys.
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const fields: FieldReader = {
    text: (name) => (typeof values[name] === "string" ? String(values[name]) : ""),
    error: (name) => (errors[name] ? translateMessage(t, errors[name]) : undefined),
    label,
    fieldLabel: (name) => t(`${screen.fields}.${name}`, { defaultValue: label(name) }),
  };

  // Enhancements once hydrated: the product's lists may narrow, FTP fields show only for FTP.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Object.keys(state?.errors ?? {}).length > 0 || Object.keys(fieldErrors).length > 0) summary.current?.focus();
  }, [state, fieldErrors]);

  const summaryLabel = (field: string) => (field === "intent" || field === "_" ? null : fields.fieldLabel(field));

  return (
    <Stack gap="lg">
      <ErrorSummary ref={summary} errors={errors} labelOf={summaryLabel} focusOnLoad={!hydrated} />
      {canStore && preview ? <PreviewReady preview={preview} screen={screen} mode={mode} /> : null}

      <GeneralFieldset kind={kind} mode={mode} isAdmin={isAdmin} shape={shape} values={values} fields={fields} />
      <ProductCriteriaFields product={product} kind={kind} values={values} error={fields.error} hydrated={hydrated} />
      <DeliveryFieldset
        shape={shape}
        fields={fields}
        hydrated={hydrated}
        posted={Boolean(state)}
        storedPassword={storedPassword}
        fromFeedId={fromFeedId}
      />
      <NotificationFieldset shape={shape} fields={fields} />

      {preview ? <ProductPreviewView preview={preview} /> : null}

      <FormActions canStore={canStore} mode={mode} cancelTo={cancelTo} twoSteps={screen.twoSteps} />
    </Stack>
  );
}

type ScreenText = (typeof productUis)[ProductOptions["segment"]]["screenText"];

/** Save found no error: what the selection matches, and which button stores it. */
function PreviewReady({ preview, screen, mode }: { preview: ProductPreview; screen: ScreenText; mode: SelectionFormProps["mode"] }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" role="status" data-testid="preview-ready">
      {t(screen.previewTotal, { count: preview.preview.total })}.{" "}
      {t(screen.previewNext, { button: t(mode === "edit" ? "econ.form.saveChanges" : "econ.form.create") })}{" "}
      <a href={`#${screen.previewAnchor}`}>{t("econ.preview.jump")}</a>
      {preview.preview.notice ? (
        <Text size="sm" data-testid="preview-notice">
          {translateMessage(t, preview.preview.notice)}
        </Text>
      ) : null}
    </Alert>
  );
}

/** Save (intent=preview) first; Create or Save changes once a preview found no error; Cancel goes back. */
function FormActions({
  canStore,
  mode,
  cancelTo,
  twoSteps,
}: {
  canStore: boolean;
  mode: SelectionFormProps["mode"];
  cancelTo: string;
  twoSteps: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="sm">
        <Button type="submit" name="intent" value="preview" variant={canStore ? "default" : "filled"}>
          {t("econ.form.save")}
        </Button>
        {canStore ? (
          <Button type="submit" name="intent" value={mode === "edit" ? "save" : "create"}>
            {t(mode === "edit" ? "econ.form.saveChanges" : "econ.form.create")}
          </Button>
        ) : null}
        <Button component={AppLink} to={cancelTo} variant="subtle">
          {t("econ.common.cancel")}
        </Button>
      </Group>
      {!canStore ? <Text size="sm">{t(twoSteps)}</Text> : null}
    </>
  );
}
