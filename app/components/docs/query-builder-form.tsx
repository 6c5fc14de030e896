import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Fieldset,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useActionData, useFetcher, useLocation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { Fragment, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms/form-error";
import { AppLink } from "~/components/layout/app-link";
import { setAccess } from "~/modules/data-api/access-rules";
import {
  BODY_FIELD,
  builderSchema,
  descriptionParts,
  KEY_FIELD,
  QUERY_BUILDER_FORM_ID,
  SHOW_KEY_FIELD,
  USERNAME_FIELD,
  type BuilderAccess,
  type BuilderBody,
  type BuilderField,
  type BuilderForm,
  type BuilderOutcome,
  type BuilderResult,
  type BuilderValues,
} from "~/modules/docs/query-builder";
import { translateMessage } from "~/modules/forms/messages";
import { submitThenChange } from "~/modules/forms/validation-behavior";
import { productPath, products, type DocSetId } from "~/modules/registry/registry";
import { SANDBOX_DOCS_PATH } from "~/modules/sandbox/sandbox-paths";
import { SpecText } from "./doc-page-parts";

export interface QueryBuilderProps {
  form: BuilderForm;
  set: DocSetId;
  access: BuilderAccess;
  initial: BuilderValues;
}

const locations = ["path", "query", "header"] as const;
/** Long answers scroll inside their block, which takes the keyboard focus to scroll. */
const outputStyle = { maxHeight: "32rem", overflow: "auto", whiteSpace: "pre-wrap", wordBreak: "break-word" } as const;

/** An answer of the page action to this form: a call's outcome, or the fields it refused. */
function isBuilderAnswer(value: unknown): value is { formId: string } {
  return typeof value === "object" && value !== null && "formId" in value && value.formId === QUERY_BUILDER_FORM_ID;
}

function isOutcome(value: unknown): value is BuilderOutcome {
  return isBuilderAnswer(value) && "result" in value;
}

/** A refusal of the whole send (the builder's own rate limit), shown above the button. */
function formErrorOf(value: unknown): string | null {
  return isBuilderAnswer(value) && "formError" in value && typeof value.formError === "string" ? value.formError : null;
}

/** A field of the builder's form, its message in the page's language; used inside the form, which it reads. */
function useTranslatedField(name: string) {
  const { t } = useTranslation();
  const field = useField(name, { validationBehavior: submitThenChange });
  return { ...field, error: field.error ? translateMessage(t, field.error) : undefined };
}

/** A description as the spec writes it, its `inline code` as code (without the backticks), marked when untranslated. */
function DescriptionText({ text }: { text: string }) {
  return (
    <SpecText text={text}>
      {descriptionParts(text).map((part, index) =>
        part.code ? <Code key={index}>{part.text}</Code> : <Fragment key={index}>{part.text}</Fragment>,
      )}
    </SpecText>
  );
}

function ParameterInput({ field }: { field: BuilderField }) {
  const { t } = useTranslation();
  const { error, getInputProps } = useTranslatedField(field.name);
  const description = field.description ? (
    <>
      {field.type} — <DescriptionText text={field.description} />
    </>
  ) : (
    field.type
  );
  const common = { label: field.parameter, description, withAsterisk: field.required, error };
  if (field.options) {
    const choices = field.options.map((option) => ({ value: option, label: option }));
    return (
      <NativeSelect
        {...getInputProps({ id: `qb-${field.name}` })}
        {...common}
        data={field.required ? choices : [{ value: "", label: t("queryBuilder.anyValue") }, ...choices]}
      />
    );
  }
  return (
    <TextInput
      {...getInputProps({ id: `qb-${field.name}` })}
      {...common}
      type={field.input === "date" ? "date" : "text"}
      // An optional field starts empty, so the call carries only what the reader sets: its default or example shows here.
      placeholder={field.hint || undefined}
      inputMode={field.input === "number" ? "decimal" : undefined}
      autoComplete="off"
    />
  );
}

function CredentialInputs({ form }: { form: BuilderForm }) {
  const { t } = useTranslation();
  const key = useTranslatedField(KEY_FIELD);
  const username = useTranslatedField(USERNAME_FIELD);
  if (form.credentials === "none") return <Text size="sm">{t("queryBuilder.openOperation")}</Text>;
  const keyLabel = { "api-key": "apiKey", "trial-key": "trialKey", session: "password" }[form.credentials];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {form.credentials === "session" ? (
        <TextInput
          {...username.getInputProps({ id: "qb-username" })}
          label={t("queryBuilder.username")}
          withAsterisk
          error={username.error}
          autoComplete="off"
        />
      ) : null}
      <TextInput
        {...key.getInputProps({ id: "qb-key" })}
        type="password"
        label={t(`queryBuilder.${keyLabel}`)}
        withAsterisk
        error={key.error}
        autoComplete="off"
        spellCheck={false}
      />
    </SimpleGrid>
  );
}

/**
 * Send, busy while the fetcher sends and the page reloads its data. (remix-validated-form's own submitting state
 * can miss a fetcher's short "submitting" phase under React transitions, and then stays busy.)
 */
function SendButton({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" loading={sending} w="fit-content">
      {sending ? t("queryBuilder.sending") : t("queryBuilder.send")}
    </Button>
  );
}

function BodyInput({ body }: { body: BuilderBody }) {
  const { t } = useTranslation();
  const { error, getInputProps } = useTranslatedField(BODY_FIELD);
  return (
    <Textarea
      {...getInputProps({ id: "qb-body" })}
      label={t("queryBuilder.requestBody")}
      description={body.description ? <DescriptionText text={body.description} /> : undefined}
      withAsterisk={body.required}
      error={error}
      autosize
      minRows={6}
      maxRows={20}
      spellCheck={false}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
    />
  );
}

/** Where this browser gets a key, when none is filled in; the form stays usable with a pasted one. */
function AccessNotice({ access, set }: { access: BuilderAccess; set: DocSetId }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const rule = setAccess[set];
  if (access.state === "ready") {
    return <Text size="sm">{t(access.source === "trial" ? "queryBuilder.trialKeyFilled" : "queryBuilder.sessionKeyFilled")}</Text>;
  }
  const product = products.find((candidate) => candidate.docSets.includes(set));
  const links = {
    "sign-in": {
      to: `/login/${"platform" in rule ? rule.platform : ""}?redirectTo=${encodeURIComponent(pathname + search)}`,
      label: "signIn",
    },
    generate: { to: "/dashboard/token-management", label: "tokenManagement" },
    subscribe: { to: product ? productPath(product) : "/api-products", label: "product" },
    register: { to: `${SANDBOX_DOCS_PATH}/register-trial`, label: "register" },
  }[access.state];
  return (
    <Alert color="blue" data-testid="query-builder-access">
      <Text size="sm">{t(`queryBuilder.access.${access.state}`)}</Text>
      <AppLink to={links.to}>{t(`queryBuilder.links.${links.label}`)}</AppLink>
    </Alert>
  );
}

/**
 * The response body or the curl line in a bordered box with a copy button (ux review p2), as the docs' code blocks
 * have it: the same markup, so the page's copy behaviour serves it before and after hydration (hidden without
 * JavaScript, which cannot copy).
 */
function OutputBlock({ label, testId, children }: { label: string; testId: string; children: string }) {
  const { t } = useTranslation();
  return (
    <div className="code-block code-output builder-output">
      <button type="button" className="copy-code" aria-label={t("docs.copyCode")}>
        {t("tokens.copy")}
      </button>
      <Code block tabIndex={0} aria-label={label} style={outputStyle} data-testid={testId}>
        {children}
      </Code>
    </div>
  );
}

function ResultView({ result }: { result: BuilderResult }) {
  const { t } = useTranslation();
  const success = result.status >= 200 && result.status < 300;
  return (
    <Stack gap="sm" mt="lg" component="section" aria-labelledby="qb-response" data-testid="query-builder-result">
      <Title order={3} size="h4" id="qb-response">
        {t("queryBuilder.response")}
      </Title>
      <Group gap="md" role="status">
        <Text>
          {t("queryBuilder.status")}: {/* A span: a div would end the paragraph in the browser's parser, and the page would not hydrate. */}
          <Badge component="span" color={success ? "teal.9" : "red.9"} size="lg" data-testid="query-builder-status">
            {result.status} {result.statusText}
          </Badge>
        </Text>
        <Text data-testid="query-builder-time">{t("queryBuilder.time", { ms: result.durationMs })}</Text>
      </Group>
      {result.sessionRefused ? (
        <Alert color="orange" data-testid="query-builder-session-refused">
          {t("queryBuilder.sessionRefused")}
        </Alert>
      ) : null}
      {result.status === 429 ? (
        <Alert color="orange" data-testid="query-builder-too-many">
          {result.retryAfter ? t("queryBuilder.tooManyRetry", { seconds: result.retryAfter }) : t("queryBuilder.tooMany")}
        </Alert>
      ) : null}
      <details>
        <summary>{t("queryBuilder.headers", { count: result.headers.length })}</summary>
        <Table withTableBorder striped mt="xs" data-testid="query-builder-headers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("queryBuilder.headerName")}</Table.Th>
              <Table.Th>{t("queryBuilder.headerValue")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.headers.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Td>
                  <Code>{name}</Code>
                </Table.Td>
                <Table.Td style={{ wordBreak: "break-all" }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
      <Title order={4} size="h5">
        {t("queryBuilder.body")}
      </Title>
      {result.body ? (
        <OutputBlock label={t("queryBuilder.body")} testId="query-builder-body">
          {result.body}
        </OutputBlock>
      ) : (
        <Text size="sm">{t("queryBuilder.emptyBody")}</Text>
      )}
      {result.truncated ? <Text size="sm">{t("queryBuilder.truncated", { count: result.body.length })}</Text> : null}
      <Title order={4} size="h5">
        {t("queryBuilder.curl")}
      </Title>
      <OutputBlock label={t("queryBuilder.curl")} testId="query-builder-curl">
        {result.curl}
      </OutputBlock>
      {result.keyShown ? null : <Text size="sm">{t("queryBuilder.keyMasked")}</Text>}
    </Stack>
  );
}

/**
 * The query builder of an operation page: every parameter, the key, Send. Without JavaScript the form posts to
 * the page's action and the page comes back with the answer; with it, a fetcher sends it and the answer appears
 * in place. The same schema checks it in the browser and in the action.
 */
export function QueryBuilderForm({ form, set, access, initial }: QueryBuilderProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher();
  const actionData = useActionData();
  const validator = useMemo(() => withZod(builderSchema(form)), [form]);
  const outcome = isOutcome(fetcher.data) ? fetcher.data : isOutcome(actionData) ? actionData : null;
  const formError = formErrorOf(fetcher.data) ?? formErrorOf(actionData);
  // A page that came back from a plain post (no JavaScript) shows what the action answered, errors included.
  const plainPost = isBuilderAnswer(actionData);

  return (
    <section aria-labelledby="query-builder-title" data-testid="query-builder">
      <Title order={2} size="h3" mt="lg" mb="xs" id="query-builder-title">
        {t("queryBuilder.title")}
      </Title>
      <Text size="sm" mb="sm">
        {t(form.credentials === "session" ? "queryBuilder.sessionLead" : "queryBuilder.lead")}
      </Text>
      <AccessNotice access={access} set={set} />
      <ValidatedForm
        id={QUERY_BUILDER_FORM_ID}
        validator={validator}
        method="post"
        // Without JavaScript the page comes back at the builder, not at its top.
        action={`${pathname}${search}#query-builder-title`}
        fetcher={plainPost ? undefined : fetcher}
        defaultValues={outcome?.values ?? initial}
        noValidate
      >
        <Stack gap="md" mt="md">
          <CredentialInputs form={form} />
          {locations.map((location) => {
            const fields = form.fields.filter((field) => field.in === location);
            if (fields.length === 0) return null;
            return (
              <Fieldset key={location} legend={t(`queryBuilder.groups.${location}`)}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {fields.map((field) => (
                    <ParameterInput key={field.name} field={field} />
                  ))}
                </SimpleGrid>
              </Fieldset>
            );
          })}
          {form.body ? <BodyInput body={form.body} /> : null}
          {form.credentials === "none" ? null : (
            <Checkbox name={SHOW_KEY_FIELD} id="qb-show-key" label={t("queryBuilder.showKey")} defaultChecked={outcome?.result.keyShown} />
          )}
          <FormError message={formError} testId="query-builder-error" />
          <SendButton sending={fetcher.state !== "idle"} />
        </Stack>
      </ValidatedForm>
      {outcome ? <ResultView result={outcome.result} /> : null}
    </section>
  );
}
