import { localizedReason } from "~/modules/net/failure-reasons";
import i18next from "i18next";
import { i18nConfig } from "~/modules/i18n/i18n";
import { quotedLine } from "./notification-mail";

// Resources are bundled, so this instance is ready when init returns (the worker has no request to translate for).
const i18n = i18next.createInstance();
void i18n.init({ ...i18nConfig, lng: "en", initImmediate: false });

export interface DeliveryFailure {
  kind: "feed" | "dump";
  name: string;
  reason: string;
  /** The feed's or dump's page, where the run's history and "Retry delivery now" are. */
  link: string;
  language: "en" | "zh";
}

/**
 * The one e-mail the owner gets when a feed's or dump's delivery starts failing (not one per attempt): what failed,
 * the reason a remote server gave on a quoted line of its own, that it is retried, and the page to follow it on.
 */
export function deliveryFailureMail(failure: DeliveryFailure): { subject: string; text: string } {
  const t = i18n.getFixedT(failure.language);
  const lines = [
    t(`deliveryHistory.mail.intro.${failure.kind}`),
    "",
    `${t(`deliveryHistory.mail.name.${failure.kind}`)}: ${quotedLine(failure.name, 100)}`,
    `${t("deliveryHistory.mail.reason")}: ${quotedLine(localizedReason(failure.reason, t), 500)}`,
    "",
    t("deliveryHistory.mail.retries"),
    `${t("deliveryHistory.mail.link")}: ${failure.link}`,
    "",
    t("pipelineMail.footer"),
  ];
  return { subject: t(`deliveryHistory.mail.subject.${failure.kind}`), text: lines.join("\n") };
}
