import { AuditTable } from "~/components/dashboard/admin-dashboard-view";
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms/form-error";
import { TextField } from "~/components/forms/form-fields";
import { AppLink } from "~/components/layout/app-link";
import { formatDateTime } from "~/components/layout/format";
import { TableScroll } from "~/components/layout/table-scroll";
import { isOpenEnded, isSubscriptionProduct, subscriptionSchema, userFormSchema } from "~/modules/accounts/user-schemas";
import { userPageData } from "~/modules/accounts/user-page.server";
import {
  endAllSessions,
  endSubscription,
  putSubscription,
  resendInvitation,
  revokeUserInvitation,
  revokeUserKey,
  sendUserReset,
  updateUser,
  type ChangeOutcome,
  type SubscriptionView,
} from "~/modules/accounts/users-admin.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { subscriptionProducts, type SubscriptionProduct } from "~/modules/auth/platforms";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { mayBeStoredId } from "~/modules/db/ids";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { translateMessage } from "~/modules/forms/messages";
import { notFound } from "~/modules/http/responses";
import { localizePathFor } from "~/modules/i18n/language";
import { platforms } from "~/modules/registry/registry";
import { redirectWithToast } from "~/modules/toast/toast.server";

const profileValidator = withZod(userFormSchema);
const subscriptionValidator = withZod(subscriptionSchema);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const data = mayBeStoredId(id) ? await userPageData(id) : null;
  if (!data) throw notFound();
  return { ...data, now: new Date().toISOString(), ...(await pageTitle(request, "admin.users.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `${data.user.email} · ${data.title}` : undefined, data?.siteName);

/** A refused change: the form's own message, with the status the JSON API gives it. */
function refused(outcome: Exclude<ChangeOutcome, { ok: true }>, formId: string, submitted: Record<string, unknown>) {
  if (outcome.reason === "not-found") throw notFound();
  const messages = { conflict: "admin.users.conflict", "own-admin-flag": "admin.users.ownAdminFlag", "own-lock": "admin.users.ownLock" };
  return formFailure(messages[outcome.reason], submitted, outcome.reason === "conflict" ? 409 : 422, formId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  if (!mayBeStoredId(id)) throw notFound();
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const here = localizePathFor(request, `/dashboard/admin/users/${id}`);
  const done = (message: string) => redirectWithToast(here, { type: "success", message });
  const version = Number(form.get("version")) || undefined;
  const product = String(form.get("product") ?? "");
  switch (intent) {
    case "profile": {
      const result = await profileValidator.validate(form);
      if (result.error) return validationFailure(result.error, result.submittedData);
      const outcome = await updateUser(admin, id, result.data);
      return outcome.ok ? done("admin.users.savedToast") : refused(outcome, "profile", result.submittedData);
    }
    case "lock":
    case "unlock": {
      const outcome = await updateUser(admin, id, { locked: intent === "lock", version });
      return outcome.ok ? done(intent === "lock" ? "admin.users.lockedToast" : "admin.users.unlockedToast") : refused(outcome, "lock", {});
    }
    case "subscription": {
      if (!isSubscriptionProduct(product)) throw notFound();
      const formId = `subscription-${product}`;
      const result = await subscriptionValidator.validate(form);
      if (result.error) return validationFailure({ ...result.error, formId }, result.submittedData);
      const outcome = await putSubscription(admin, id, product, result.data);
      return outcome.ok ? done("admin.users.subscriptionSavedToast") : refused(outcome, formId, result.submittedData);
    }
    case "end-subscription": {
      if (!isSubscriptionProduct(product)) throw notFound();
      const outcome = await endSubscription(admin, id, product, version);
      return outcome.ok ? done("admin.users.subscriptionEndedToast") : refused(outcome, `subscription-${product}`, {});
    }
    case "reset":
      if (!(await sendUserReset(admin, id, localizePathFor(request, "/reset-password")))) throw notFound();
      return done("admin.users.resetToast");
    case "resend":
      if (!(await resendInvitation(admin, id, localizePathFor(request, "/invitation")))) throw notFound();
      return done("admin.users.resentToast");
    case "revoke-invitation":
      await revokeUserInvitation(admin, id);
      return done("admin.users.revokedToast");
    case "end-sessions":
      await endAllSessions(admin, id);
      return done("admin.users.sessionsEndedToast");
    case "revoke-key":
      await revokeUserKey(admin, id, String(form.get("keyId") ?? ""));
      return done("admin.users.keyRevokedToast");
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A one-button form: works without JavaScript, a plain POST and a redirect. */
function ActionButton({
  intent,
  label,
  fields = {},
  color,
}: {
  intent: string;
  label: string;
  fields?: Record<string, string | number>;
  color?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="light" color={color} size="sm">
        {label}
      </Button>
    </Form>
  );
}

function useFormError(formId: string): string | null {
  const actionData = useActionData<{ formId?: string; formError?: string | null }>();
  return actionData?.formId === formId ? (actionData.formError ?? null) : null;
}

function FlagField({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  const { t } = useTranslation();
  const { error } = useField(name, { formId: "profile" });
  return (
    <Checkbox
      name={name}
      id={`field-${name}`}
      label={label}
      defaultChecked={defaultChecked}
      error={error ? translateMessage(t, error) : undefined}
    />
  );
}

function ProfileSection({ user }: { user: PageData["user"] }) {
  const { t } = useTranslation();
  const formError = useFormError("profile");
  return (
    <Section title={t("admin.users.profileTitle")} testId="user-profile">
      <ValidatedForm
        validator={profileValidator}
        method="post"
        id="profile"
        noValidate
        defaultValues={{ firstName: user.firstName, lastName: user.lastName }}
      >
        <Stack gap="md">
          <FormError message={formError} />
          <input type="hidden" name="intent" value="profile" />
          <input type="hidden" name="version" value={user.version} />
          <TextInput label={t("admin.users.email")} id="user-email" value={user.email} readOnly />
          <Group grow align="flex-start">
            <TextField name="firstName" label={t("admin.users.firstName")} required />
            <TextField name="lastName" label={t("admin.users.lastName")} required />
          </Group>
          <Checkbox.Group label={t("admin.users.platforms")} defaultValue={user.platforms}>
            <Stack gap="xs" mt="xs">
              {platforms.map((platform) => (
                <Checkbox
                  key={platform}
                  name="platforms"
                  value={platform}
                  id={`platform-${platform}`}
                  label={t(`auth.platforms.${platform}.name`)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <FlagField name="isAdmin" label={t("admin.users.isAdmin")} defaultChecked={user.isAdmin} />
          <FlagField name="hasTokenDecoder" label={t("admin.users.hasTokenDecoder")} defaultChecked={user.hasTokenDecoder} />
          <Button type="submit" w="fit-content">
            {t("admin.users.save")}
          </Button>
        </Stack>
      </ValidatedForm>
    </Section>
  );
}

function AccessSection({ data }: { data: PageData }) {
  const { t, i18n } = useTranslation();
  const { user, invitation } = data;
  const formError = useFormError("lock");
  const date = (value: string | null) => formatDateTime(value, i18n.language) ?? "";
  return (
    <Section title={t("admin.users.lockTitle")} testId="user-access">
      <Stack gap="sm">
        <FormError message={formError} />
        <Text size="sm">{t("admin.users.lockLead")}</Text>
        {user.locked ? (
          <Group gap="xs" data-testid="user-locked">
            <Badge color="red">{t("admin.users.locked")}</Badge>
            <Text>{t("admin.users.lockedSince", { date: date(user.lockedAt) })}</Text>
          </Group>
        ) : null}
        <Group gap="sm">
          <ActionButton
            intent={user.locked ? "unlock" : "lock"}
            label={t(user.locked ? "admin.users.unlock" : "admin.users.lock")}
            fields={{ version: user.version }}
            color={user.locked ? undefined : "red"}
          />
          <ActionButton intent="reset" label={t("admin.users.sendReset")} />
        </Group>
        <Title order={3} size="h4" mt="sm">
          {t("admin.users.invitationTitle")}
        </Title>
        <Text data-testid="user-invitation">
          {t(`admin.users.invitationStates.${invitation.state}`, {
            created: date(invitation.createdAt),
            expires: date(invitation.expiresAt),
          })}
        </Text>
        <Group gap="sm">
          <ActionButton intent="resend" label={t("admin.users.resend")} />
          {invitation.state === "pending" ? <ActionButton intent="revoke-invitation" label={t("admin.users.revoke")} color="red" /> : null}
        </Group>
      </Stack>
    </Section>
  );
}

function subscriptionText(
  t: (key: string, options?: Record<string, string>) => string,
  subscription: SubscriptionView | undefined,
  now: string,
  language: string,
) {
  if (!subscription) return t("admin.users.subscriptionState.none");
  const end = isOpenEnded(subscription.endsAt) ? t("admin.users.openEnded") : (formatDateTime(subscription.endsAt, language) ?? "");
  if (subscription.endsAt <= now) return t("admin.users.subscriptionState.ended", { end });
  if (subscription.startsAt > now)
    return t("admin.users.subscriptionState.upcoming", { start: formatDateTime(subscription.startsAt, language) ?? "" });
  return t("admin.users.subscriptionState.active", { end });
}

function DateField({ name, label, formId, defaultValue }: { name: string; label: string; formId: string; defaultValue: string }) {
  const { t } = useTranslation();
  const { error } = useField(name, { formId });
  return (
    <TextInput
      type="date"
      name={name}
      id={`${formId}-${name}`}
      label={label}
      defaultValue={defaultValue}
      error={error ? translateMessage(t, error) : undefined}
    />
  );
}

function SubscriptionForm({ product, data }: { product: SubscriptionProduct; data: PageData }) {
  const { t, i18n } = useTranslation();
  const formId = `subscription-${product}`;
  const formError = useFormError(formId);
  const subscription = data.user.subscriptions.find((entry) => entry.product === product);
  const running = subscription !== undefined && subscription.endsAt > data.now;
  const day = (value: string | undefined) => (value && !isOpenEnded(value) ? value.slice(0, 10) : "");
  return (
    <Card withBorder padding="md" data-testid={formId}>
      <Title order={3} size="h4">
        {t(`dashboard.products.${product}`)}
      </Title>
      <Text size="sm" mb="sm" data-testid={`${formId}-state`}>
        {subscriptionText(t, subscription, data.now, i18n.language)}
        {product === "macroeconomic" && subscription
          ? ` · ${subscription.databases === null ? t("admin.users.allDatabases") : subscription.databases.join(", ")}`
          : ""}
      </Text>
      <ValidatedForm validator={subscriptionValidator} method="post" id={formId} noValidate>
        <Stack gap="sm">
          <FormError message={formError} />
          <input type="hidden" name="intent" value="subscription" />
          <input type="hidden" name="product" value={product} />
          <input type="hidden" name="version" value={data.user.version} />
          <DateField
            name="startsAt"
            label={t("admin.users.startsAt")}
            formId={formId}
            defaultValue={day(subscription?.startsAt) || data.now.slice(0, 10)}
          />
          <DateField name="endsAt" label={t("admin.users.endsAt")} formId={formId} defaultValue={day(subscription?.endsAt)} />
          {product === "macroeconomic" ? (
            <Checkbox.Group label={t("admin.users.databases")} defaultValue={subscription?.databases ?? []}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {data.databases.map((database) => (
                  <Checkbox
                    key={database.id}
                    name="databases"
                    value={database.id}
                    id={`${formId}-${database.id}`}
                    label={`${database.id} ${database.name}`}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          ) : null}
          <Button type="submit" w="fit-content" size="sm">
            {t("admin.users.saveSubscription")}
          </Button>
        </Stack>
      </ValidatedForm>
      {running ? (
        <Group mt="sm">
          <ActionButton
            intent="end-subscription"
            label={t("admin.users.endNow")}
            fields={{ product, version: data.user.version }}
            color="red"
          />
        </Group>
      ) : null}
    </Card>
  );
}

function KeysSection({ data }: { data: PageData }) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={t("admin.users.keysTitle")} testId="user-keys">
      {data.keys.length === 0 ? (
        <Text>{t("admin.users.noKeys")}</Text>
      ) : (
        <TableScroll minWidth={620}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("admin.users.key")}</Table.Th>
                <Table.Th>{t("admin.users.created")}</Table.Th>
                <Table.Th>{t("admin.users.lastUsed")}</Table.Th>
                <Table.Th>{t("admin.users.status")}</Table.Th>
                <Table.Th>{t("admin.users.action")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.keys.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.hint}</Table.Td>
                  <Table.Td>{formatDateTime(key.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>{formatDateTime(key.lastUsedAt, i18n.language) ?? t("admin.users.never")}</Table.Td>
                  <Table.Td>{t(`admin.users.keyStates.${key.state}`, { defaultValue: key.state })}</Table.Td>
                  <Table.Td>
                    {key.state === "active" || key.state === "locked" ? (
                      <ActionButton intent="revoke-key" label={t("admin.users.revokeKey")} fields={{ keyId: key.id }} color="red" />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}

function SessionsSection({ data }: { data: PageData }) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={t("admin.users.sessionsTitle")} testId="user-sessions">
      {data.sessions.length === 0 ? (
        <Text>{t("admin.users.noSessions")}</Text>
      ) : (
        <TableScroll minWidth={480} mb="sm">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("admin.users.platform")}</Table.Th>
                <Table.Th>{t("admin.users.created")}</Table.Th>
                <Table.Th>{t("admin.users.lastSeen")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.sessions.map((session, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{session.platform}</Table.Td>
                  <Table.Td>{formatDateTime(session.createdAt, i18n.language)}</Table.Td>
                  <Table.Td>{formatDateTime(session.lastSeenAt, i18n.language) ?? ""}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <ActionButton intent="end-sessions" label={t("admin.users.endSessions")} color="red" />
    </Section>
  );
}

function HistorySections({ data }: { data: PageData }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Section title={t("admin.users.itemsTitle")} testId="user-items">
        <Stack gap="xs">
          {data.itemLinks.map((link) => (
            <Anchor key={link.path} component={AppLink} to={link.path}>
              {t(link.label)}
            </Anchor>
          ))}
        </Stack>
      </Section>
      <Section title={t("admin.users.trialsTitle")} testId="user-trials">
        {data.trials.length === 0 ? (
          <Text>{t("admin.users.noTrials")}</Text>
        ) : (
          <TableScroll minWidth={560}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("admin.users.created")}</Table.Th>
                  <Table.Th>{t("admin.users.company")}</Table.Th>
                  <Table.Th>{t("admin.users.linkExpires")}</Table.Th>
                  <Table.Th>{t("admin.users.keyIssued")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.trials.map((trial) => (
                  <Table.Tr key={trial.id}>
                    <Table.Td>{formatDateTime(trial.createdAt, i18n.language)}</Table.Td>
                    <Table.Td>{trial.company}</Table.Td>
                    <Table.Td>{formatDateTime(trial.linkExpiresAt, i18n.language)}</Table.Td>
                    <Table.Td>{formatDateTime(trial.keyIssuedAt, i18n.language) ?? t("admin.users.never")}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Section>
      <Section title={t("admin.users.auditTitle")} testId="user-audit">
        {data.audit.length === 0 ? <Text>{t("admin.users.noAudit")}</Text> : <AuditTable audit={data.audit} />}
      </Section>
    </>
  );
}

export default function UserPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { user } = data;
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Anchor component={AppLink} to="/dashboard/admin/users">
          {t("admin.users.title")}
        </Anchor>
        <Title order={1} style={{ overflowWrap: "anywhere" }}>
          {user.email}
        </Title>
        {user.locked ? (
          <Alert color="red" mt="sm">
            {t("admin.users.locked")}
          </Alert>
        ) : null}
      </div>
      <ProfileSection user={user} />
      <AccessSection data={data} />
      <Section title={t("admin.users.subscriptionsTitle")} testId="user-subscriptions">
        <Stack gap="md">
          {subscriptionProducts.map((product) => (
            <SubscriptionForm key={product} product={product} data={data} />
          ))}
        </Stack>
      </Section>
      <KeysSection data={data} />
      <SessionsSection data={data} />
      <HistorySections data={data} />
    </Stack>
  );
}
