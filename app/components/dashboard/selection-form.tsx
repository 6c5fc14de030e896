import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormContext, ValidatedForm } from "remix-validated-form";
import { AppLink } from "~/components/layout/app-link";
import { webhookMethods } from "~/modules/delivery/targets";
import { feedStatuses } from "~/modules/feeds/form-shapes";
import type { FormDefaults } from "~/modules/feeds/form-state";
import type { FormState } from "~/modules/products/pages.server";
import { translateMessage } from "~/modules/forms/messages";
import type { ProductOptions } from "~/modules/products/registry.server";
import { ErrorSummary, fieldId } from "~/components/forms/choice-fields";
import { ProductCriteriaFields, ProductPreviewView, productUis } from "./product-views";

const deliveryMethods = ["platform", "ftp"] as const;

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

  const text = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  const error = (name: string) => (errors[name] ? translateMessage(t, errors[name]) : undefined);
  const { screenText: screen, formShape: shape } = productUis[product.segment];
  // The shared fields' labels; a product's own fields are labelled by its part, under its own keys.
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const fieldLabel = (name: string) => t(`${screen.fields}.${name}`, { defaultValue: label(name) });
  const choices = (group: string, codes: readonly string[]) =>
    codes.map((value) => ({ value, label: t(`econ.options.${group}.${value}`) }));

  // Enhancements once hydrated: the product's lists may narrow, FTP fields show only for FTP.
  const [hydrated, setHydrated] = useState(false);
  const [deliveryMethod, setDeliveryMethod] = useState(text("deliveryMethod") || "platform");
  useEffect(() => setHydrated(true), []);

  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (Object.keys(state?.errors ?? {}).length > 0 || Object.keys(fieldErrors).length > 0) summary.current?.focus();
  }, [state, fieldErrors]);

  const summaryLabel = (field: string) => (field === "intent" || field === "_" ? null : fieldLabel(field));
  const showFtp = !hydrated || deliveryMethod === "ftp";

  return (
    <Stack gap="lg">
      <ErrorSummary ref={summary} errors={errors} labelOf={summaryLabel} />
      {canStore && preview ? (
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
      ) : null}

      <Fieldset legend={t("econ.form.general")}>
        <Stack gap="sm">
          {isAdmin && mode === "create" ? (
            <TextInput
              id={fieldId("username")}
              name="username"
              label={label("username")}
              description={t(`econ.form.usernameHint.${kind}`)}
              defaultValue={text("username")}
              error={error("username")}
              autoComplete="off"
            />
          ) : null}
          <TextInput
            id={fieldId("name")}
            name="name"
            label={label("name")}
            withAsterisk
            defaultValue={text("name")}
            error={error("name")}
            maxLength={100}
          />
          {shape.activeCheckbox ? null : (
            <Textarea
              id={fieldId("description")}
              name="description"
              label={label("description")}
              defaultValue={text("description")}
              error={error("description")}
              autosize
              minRows={2}
              maxRows={6}
            />
          )}
          {kind === "feed" ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                id={fieldId("frequency")}
                name="frequency"
                label={label("frequency")}
                data={shape.frequencies.map(({ value, label: key }) => ({ value, label: t(key) }))}
                defaultValue={text("frequency") || shape.frequencies[0]?.value}
                error={error("frequency")}
              />
              {shape.activeCheckbox ? (
                <Checkbox
                  id={fieldId("active")}
                  name="active"
                  label={fieldLabel("active")}
                  defaultChecked={values.active !== false}
                  error={error("active")}
                  mt="xl"
                />
              ) : (
                <NativeSelect
                  id={fieldId("status")}
                  name="status"
                  label={label("status")}
                  data={choices("status", feedStatuses)}
                  defaultValue={text("status") || "active"}
                  error={error("status")}
                />
              )}
            </SimpleGrid>
          ) : null}
        </Stack>
      </Fieldset>

      <ProductCriteriaFields product={product} kind={kind} values={values} error={error} hydrated={hydrated} />

      <Fieldset legend={t("econ.form.delivery")}>
        <Stack gap="sm">
          <NativeSelect
            id={fieldId("deliveryMethod")}
            name="deliveryMethod"
            label={label("deliveryMethod")}
            data={choices("deliveryMethod", deliveryMethods)}
            defaultValue={text("deliveryMethod") || "platform"}
            error={error("deliveryMethod")}
            onChange={(event) => setDeliveryMethod(event.currentTarget.value)}
          />
          <div hidden={!showFtp}>
            <Stack gap="sm">
              <Text size="sm">{t("econ.form.ftpHint")}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {shape.ftp === "address" ? (
                  <TextInput
                    id={fieldId("ftpUrl")}
                    name="ftpUrl"
                    label={label("ftpUrl")}
                    placeholder="ftp.example.com"
                    defaultValue={text("ftpUrl")}
                    error={error("ftpUrl")}
                  />
                ) : (
                  <SimpleGrid cols={2}>
                    <TextInput
                      id={fieldId("ftpHost")}
                      name="ftpHost"
                      label={fieldLabel("ftpHost")}
                      placeholder="ftp.example.com"
                      defaultValue={text("ftpHost")}
                      error={error("ftpHost")}
                    />
                    <TextInput
                      id={fieldId("ftpPort")}
                      name="ftpPort"
                      type="number"
                      label={fieldLabel("ftpPort")}
                      placeholder="21"
                      defaultValue={text("ftpPort")}
                      error={error("ftpPort")}
                    />
                  </SimpleGrid>
                )}
                <TextInput
                  id={fieldId("ftpPath")}
                  name="ftpPath"
                  label={label("ftpPath")}
                  placeholder="/"
                  defaultValue={text("ftpPath")}
                  error={error("ftpPath")}
                />
                <TextInput
                  id={fieldId("ftpUsername")}
                  name="ftpUsername"
                  label={label("ftpUsername")}
                  defaultValue={text("ftpUsername")}
                  error={error("ftpUsername")}
                  autoComplete="off"
                />
                <PasswordInput
                  id={fieldId("ftpPassword")}
                  name="ftpPassword"
                  label={label("ftpPassword")}
                  description={storedPassword ? t("econ.form.ftpPasswordKept") : state ? t("econ.form.ftpPasswordRetype") : undefined}
                  error={error("ftpPassword")}
                  autoComplete="new-password"
                />
              </SimpleGrid>
              {fromFeedId ? <input type="hidden" name="fromFeed" value={fromFeedId} /> : null}
            </Stack>
          </div>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("econ.form.notification")}>
        <SimpleGrid cols={{ base: 1, sm: shape.notificationEmails ? 3 : 1 }}>
          {shape.notificationEmails ? (
            <TextInput
              id={fieldId("notificationEmail")}
              name="notificationEmail"
              label={label("notificationEmail")}
              description={t("econ.form.notificationEmailHint")}
              defaultValue={text("notificationEmail")}
              error={error("notificationEmail")}
            />
          ) : null}
          <TextInput
            id={fieldId("notificationUrl")}
            name="notificationUrl"
            type="url"
            label={label("notificationUrl")}
            placeholder="https://"
            defaultValue={text("notificationUrl")}
            error={error("notificationUrl")}
          />
          {shape.notificationEmails ? (
            <NativeSelect
              id={fieldId("notificationMethod")}
              name="notificationMethod"
              label={label("notificationMethod")}
              data={[...webhookMethods]}
              defaultValue={text("notificationMethod") || "POST"}
              error={error("notificationMethod")}
            />
          ) : null}
        </SimpleGrid>
      </Fieldset>

      {preview ? <ProductPreviewView preview={preview} /> : null}

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
      {!canStore ? <Text size="sm">{t(screen.twoSteps)}</Text> : null}
    </Stack>
  );
}
