import { Checkbox, Fieldset, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { deliveryMethods, isUploadMethod, webhookMethods } from "~/modules/delivery/targets";
import { feedStatuses } from "~/modules/feeds/form-shapes";
import type { FormDefaults } from "~/modules/feeds/form-state";
import { fieldId } from "~/components/forms/choice-fields";
import type { FormShape } from "~/components/products/product-ui";

/** How a fieldset of the feed and dump form reads it: each field's value, translated error and label. */
export interface FieldReader {
  text: (name: string) => string;
  error: (name: string) => string | undefined;
  /** A shared field's label. */
  label: (name: string) => string;
  /** A field a product may label in its own words, else with the shared label. */
  fieldLabel: (name: string) => string;
}

type Translate = ReturnType<typeof useTranslation>["t"];

function choices(t: Translate, group: string, codes: readonly string[]) {
  return codes.map((value) => ({ value, label: t(`econ.options.${group}.${value}`) }));
}

interface GeneralFieldsetProps {
  kind: "feed" | "dump";
  mode: "create" | "edit";
  isAdmin: boolean;
  shape: FormShape;
  values: FormDefaults;
  fields: FieldReader;
}

/** Name, description, and for a feed its frequency and status; an admin creating one names its owner. */
export function GeneralFieldset({ kind, mode, isAdmin, shape, values, fields }: GeneralFieldsetProps) {
  const { t } = useTranslation();
  const { text, error, label } = fields;
  return (
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
        {kind === "feed" ? <ScheduleFields shape={shape} values={values} fields={fields} /> : null}
        {kind === "feed" && mode === "create" ? (
          <Checkbox
            id={fieldId("initialDump")}
            name="initialDump"
            label={label("initialDump")}
            description={t("feedStart.initialDumpHint")}
            defaultChecked={values.initialDump !== false}
            error={error("initialDump")}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** A feed's frequency, and its state as an "active" checkbox or an active/inactive select. */
function ScheduleFields({ shape, values, fields }: { shape: FormShape; values: FormDefaults; fields: FieldReader }) {
  const { t } = useTranslation();
  const { text, error, label, fieldLabel } = fields;
  return (
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
          data={choices(t, "status", feedStatuses)}
          defaultValue={text("status") || "active"}
          error={error("status")}
        />
      )}
    </SimpleGrid>
  );
}

interface DeliveryFieldsetProps {
  shape: FormShape;
  fields: FieldReader;
  hydrated: boolean;
  /** The form was posted before: a password typed then must be typed again. */
  posted: boolean;
  storedPassword?: boolean;
  fromFeedId?: string | null;
}

/** The output's delivery method, and the server's fields, which show only for an upload (the key only for SFTP) once hydrated. */
export function DeliveryFieldset({ shape, fields, hydrated, posted, storedPassword, fromFeedId }: DeliveryFieldsetProps) {
  const { t } = useTranslation();
  const { text, error, label } = fields;
  const [deliveryMethod, setDeliveryMethod] = useState(text("deliveryMethod") || "platform");
  const showFtp = !hydrated || isUploadMethod(deliveryMethod);
  return (
    <Fieldset legend={t("econ.form.delivery")}>
      <Stack gap="sm">
        <NativeSelect
          id={fieldId("deliveryMethod")}
          name="deliveryMethod"
          label={label("deliveryMethod")}
          data={choices(t, "deliveryMethod", deliveryMethods)}
          defaultValue={text("deliveryMethod") || "platform"}
          error={error("deliveryMethod")}
          onChange={(event) => setDeliveryMethod(event.currentTarget.value)}
        />
        <div hidden={!showFtp}>
          <FtpFields shape={shape} fields={fields} posted={posted} storedPassword={storedPassword} fromFeedId={fromFeedId} />
        </div>
        <div hidden={hydrated && deliveryMethod !== "sftp"}>
          <SftpKeyField fields={fields} />
        </div>
      </Stack>
    </Fieldset>
  );
}

/** The FTP server as one address or as host and port, its path and login; the password is never shown again. */
function FtpFields({ shape, fields, posted, storedPassword, fromFeedId }: Omit<DeliveryFieldsetProps, "hydrated">) {
  const { t } = useTranslation();
  const { text, error, label, fieldLabel } = fields;
  return (
    <Stack gap="sm">
      <Text size="sm">{t("econ.form.ftpHint")}</Text>
      <Text size="sm">{t("econ.form.ftpsHint")}</Text>
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
          description={storedPassword ? t("econ.form.ftpPasswordKept") : posted ? t("econ.form.ftpPasswordRetype") : undefined}
          error={error("ftpPassword")}
          autoComplete="new-password"
        />
      </SimpleGrid>
      {fromFeedId ? <input type="hidden" name="fromFeed" value={fromFeedId} /> : null}
    </Stack>
  );
}

/** The SFTP private key: pasted, sealed on the server, never shown again (like the password). */
function SftpKeyField({ fields: { error, label } }: { fields: FieldReader }) {
  const { t } = useTranslation();
  return (
    <Textarea
      id={fieldId("sftpPrivateKey")}
      name="sftpPrivateKey"
      label={label("sftpPrivateKey")}
      description={t("econ.form.sftpKeyHint")}
      placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
      error={error("sftpPrivateKey")}
      autoComplete="off"
      spellCheck={false}
      autosize
      minRows={3}
      maxRows={10}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
    />
  );
}

/** Whom to tell of a delivery: e-mail addresses (where the product has them) and a webhook. */
export function NotificationFieldset({ shape, fields }: { shape: FormShape; fields: FieldReader }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t("econ.form.notification")}>
      <SimpleGrid cols={{ base: 1, sm: shape.notificationEmails ? 3 : 1 }}>
        {shape.notificationEmails ? <EmailField fields={fields} /> : null}
        <WebhookFields withMethod={shape.notificationEmails} fields={fields} />
      </SimpleGrid>
    </Fieldset>
  );
}

function EmailField({ fields: { text, error, label } }: { fields: FieldReader }) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={fieldId("notificationEmail")}
      name="notificationEmail"
      label={label("notificationEmail")}
      description={t("econ.form.notificationEmailHint")}
      defaultValue={text("notificationEmail")}
      error={error("notificationEmail")}
    />
  );
}

/** The webhook's URL, and its HTTP method where the product lets the subscriber choose it. */
function WebhookFields({ withMethod, fields: { text, error, label } }: { withMethod: boolean; fields: FieldReader }) {
  return (
    <>
      <TextInput
        id={fieldId("notificationUrl")}
        name="notificationUrl"
        type="url"
        label={label("notificationUrl")}
        placeholder="https://"
        defaultValue={text("notificationUrl")}
        error={error("notificationUrl")}
      />
      {withMethod ? (
        <NativeSelect
          id={fieldId("notificationMethod")}
          name="notificationMethod"
          label={label("notificationMethod")}
          data={[...webhookMethods]}
          defaultValue={text("notificationMethod") || "POST"}
          error={error("notificationMethod")}
        />
      ) : null}
    </>
  );
}
