import { Stack, Text } from "@mantine/core";
import { Fragment, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_FIELD } from "~/modules/captcha/captcha-field";

const widgetStrings = ["label", "verifying", "verified", "error", "expired", "verificationRequired", "waitAlert"] as const;

/**
 * The self-hosted proof-of-work widget: it fetches a challenge, solves it in a worker and writes the solution
 * into a hidden `altcha` field. Loaded from our own bundle once the page runs script; without script the
 * element stays empty and the form still posts (within the unverified budget), or a form that requires a captcha
 * shows its `noScript` fallback (a text challenge) in the widget's place.
 */
export function CaptchaField({ resetOn, noScript }: { resetOn: unknown; noScript?: ReactNode }) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  const [scripted, setScripted] = useState(false);

  useEffect(() => {
    setScripted(true);
    void import("altcha");
  }, []);

  // A refused post may have used the solution: a fresh widget solves a fresh challenge.
  useEffect(() => {
    if (resetOn) setGeneration((value) => value + 1);
  }, [resetOn]);

  const strings = JSON.stringify(Object.fromEntries(widgetStrings.map((key) => [key, t(`contact.captcha.widget.${key}`)])));
  return (
    <Stack gap={4} role="group" aria-labelledby="captcha-label" aria-describedby="captcha-description">
      <Text id="captcha-label" size="sm" fw={500}>
        {t("contact.captcha.label")}
      </Text>
      <Text id="captcha-description" size="xs" c="dimmed">
        {t("contact.captcha.description")}
      </Text>
      {/* Shown until script runs: browsers that block scripts may still claim to support them, so no <noscript>. */}
      {!scripted && (noScript ?? <Text size="xs">{t("contact.captcha.noScript")}</Text>)}
      <Fragment key={generation}>
        <altcha-widget challengeurl={CAPTCHA_CHALLENGE_PATH} name={CAPTCHA_FIELD} auto="onload" strings={strings} hidefooter hidelogo />
      </Fragment>
    </Stack>
  );
}
