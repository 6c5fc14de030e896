import { localizedReason } from "~/modules/net/failure-reasons";
import i18next from "i18next";
import { z } from "zod";
import { i18nConfig } from "~/modules/i18n/i18n";

/**
 * The notification e-mail of a dump or feed (finding 16): the subject is fixed and names the portal, and
 * whatever the subscriber wrote (the name) or a remote server answered (the reason) appears in the body only,
 * on one quoted line, so it can neither set a header nor pass for a paragraph of the portal's own; and only
 * in the mail to the account's own address (finding N12).
 */

export const pipelineEventSchema = z.object({
  event: z.enum(["dump.completed", "dump.failed", "feed.delivered", "feed.failed", "feed.paused", "dump.stopped"]),
  /** The dump's or feed's id and name. */
  id: z.string(),
  name: z.string(),
  /** The language of the e-mail: the output option of the dump or feed. */
  language: z.enum(["en", "zh"]),
  records: z.number().nullable(),
  /** A feed run's items created, and changed, since the previous run; null for dumps. Jobs queued before they were counted lack them. */
  newCount: z.number().nullable().default(null),
  changedCount: z.number().nullable().default(null),
  fileId: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
});
export type PipelineEvent = z.infer<typeof pipelineEventSchema>;
export type PipelineEventName = PipelineEvent["event"];

/** The event of a dump or feed: its id, name and output language, with what happened and nothing else set. */
export function pipelineEvent(
  source: { id: string; name: string },
  language: PipelineEvent["language"],
  outcome: Pick<PipelineEvent, "event"> & Partial<PipelineEvent>,
): PipelineEvent {
  return {
    id: source.id,
    name: source.name,
    language,
    records: null,
    newCount: null,
    changedCount: null,
    fileId: null,
    downloadUrl: null,
    error: null,
    ...outcome,
  };
}

const mailKeys: Record<PipelineEventName, string> = {
  "dump.completed": "dumpCompleted",
  "dump.failed": "dumpFailed",
  "feed.delivered": "feedDelivered",
  "feed.failed": "feedFailed",
  "feed.paused": "feedPaused",
  "dump.stopped": "dumpStopped",
};

// Resources are bundled, so this instance is ready when init returns (the worker has no request to translate for).
const i18n = i18next.createInstance();
void i18n.init({ ...i18nConfig, lng: "en", initImmediate: false });

/** Control, format (bidi, zero-width) and line-separator characters, which could break a line or hide text. */
const unsafeCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** Subscriber text as one line of plain text: unsafe characters become spaces, at most `max` characters. */
export function plainLine(value: string, max = 200): string {
  const line = value.replace(unsafeCharacters, " ").replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Subscriber text quoted, with quotes and backslashes escaped, so where it begins and ends is plain. */
export function quotedLine(value: string, max = 200): string {
  return JSON.stringify(plainLine(value, max));
}

/**
 * Who reads the mail. The account's own address gets the details; any other address was only typed in by the
 * subscriber, unconfirmed (finding N12), so it gets what happened and where to look, none of the subscriber's
 * text: no name, no reason a remote server gave, no link but the portal's.
 */
export type MailReader = { kind: "owner" } | { kind: "other"; portalUrl: string };

/** The notification e-mail, in the language chosen for the dump or feed. */
export function notificationMail(event: PipelineEvent, reader: MailReader): { subject: string; text: string } {
  const t = i18n.getFixedT(event.language);
  const key = mailKeys[event.event];
  const subject = t(`pipelineMail.subjects.${key}`);
  if (reader.kind === "other") {
    const lines = [
      t(`pipelineMail.others.${key}`),
      "",
      t("pipelineMail.others.details", { url: reader.portalUrl }),
      "",
      t("pipelineMail.footer"),
    ];
    return { subject, text: lines.join("\n") };
  }
  const nameLabel = event.event.startsWith("dump.") ? t("pipelineMail.dumpName") : t("pipelineMail.feedName");
  const lines = [
    t(`pipelineMail.intro.${key}`),
    "",
    `${nameLabel}: ${quotedLine(event.name, 100)}`,
    ...(event.records !== null ? [`${t("pipelineMail.records")}: ${event.records}`] : []),
    ...(event.downloadUrl ? [`${t("pipelineMail.download")}: ${event.downloadUrl}`] : []),
    ...(event.error ? [`${t("pipelineMail.reason")}: ${quotedLine(localizedReason(event.error, t), 500)}`] : []),
    "",
    t("pipelineMail.footer"),
  ];
  return { subject, text: lines.join("\n") };
}
