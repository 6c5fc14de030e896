import { failureReasonTemplates, failureServiceNames, failureSettingNames, type FailureReason } from "~/locales/failure-reasons";

/**
 * Failure reasons are stored as their English text (locales/failure-reasons.ts), which the failure webhooks send as
 * it is; the pages and e-mails show them in the reader's language by reading the text back into its template and
 * values. A text no template makes (stored before its template existed, or an error of another kind) shows as stored.
 */

export type ReasonValues = Record<string, string | number>;

/** The stored (English) text of a reason. */
export function reasonText(reason: FailureReason, values: ReasonValues = {}): string {
  return failureReasonTemplates[reason].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A {{service}} is one of the names; any other value is at least one character. */
const servicePattern = Object.values(failureServiceNames).map(escapeRegExp).join("|");
const valuePattern = (name: string) => `(?<${name}>${name === "service" ? servicePattern : "[\\s\\S]+?"})`;

/**
 * Each template as a pattern that gives back its values. A reason inside another ("Delivery failed: The FTP server
 * refused the login") matches only the outer template, as a {{service}} must be one of the service names.
 */
const patterns = (Object.keys(failureReasonTemplates) as FailureReason[]).map((reason) => ({
  reason,
  pattern: new RegExp(
    `^${escapeRegExp(failureReasonTemplates[reason]).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => valuePattern(name))}$`,
  ),
}));

/** The template and values of a stored reason, or null for a text no template makes. */
export function readReason(text: string): { reason: FailureReason; values: Record<string, string> } | null {
  for (const { reason, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) return { reason, values: { ...match.groups } };
  }
  return null;
}

const keyOf = (names: Record<string, string>, value: string) => Object.entries(names).find(([, name]) => name === value)?.[0];

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A stored reason in the language of `t`: its template translated, with the service and the setting it names
 * translated too and a reason inside it ("Delivery failed: …") read the same way. Anything else shows as stored.
 */
export function localizedReason(text: string, t: Translate): string {
  const read = readReason(text);
  if (!read) return text;
  const values: Record<string, string> = { ...read.values };
  const service = values.service === undefined ? undefined : keyOf(failureServiceNames, values.service);
  if (service) values.service = t(`failureReasons.services.${service}`);
  const setting = values.setting === undefined ? undefined : keyOf(failureSettingNames, values.setting);
  if (setting) values.setting = t(`failureReasons.settings.${setting}`);
  if (values.reason !== undefined) values.reason = localizedReason(values.reason, t);
  // Values are the stored text's, some of them the subscriber's own (a user name): never read as nested keys.
  return t(`failureReasons.${read.reason}`, { ...values, nest: false });
}
