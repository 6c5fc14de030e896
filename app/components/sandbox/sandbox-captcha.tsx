import { Stack, Text, TextInput } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useField } from "remix-validated-form";
import { CaptchaField } from "~/components/forms/captcha-field";
import { CAPTCHA_ERROR_FIELD, RECAPTCHA_SCRIPT_URL, TEXT_ANSWER_FIELD, TEXT_CHALLENGE_FIELD } from "~/modules/captcha/captcha-field";
import { translateMessage } from "~/modules/forms/messages";
import { languageOfPath } from "~/modules/i18n/language";

interface Grecaptcha {
  render(container: HTMLElement, parameters: { sitekey: string }): number;
  reset(widgetId: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    portalRecaptchaLoaded?: () => void;
  }
}

let loadingRecaptcha: Promise<Grecaptcha> | undefined;

/** Loads reCAPTCHA's script once, for explicit rendering (the CSP admits Google's hosts while it is configured). */
function loadRecaptcha(language: string): Promise<Grecaptcha> {
  loadingRecaptcha ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.portalRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error("reCAPTCHA is missing")));
    const script = document.createElement("script");
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=explicit&onload=portalRecaptchaLoaded&hl=${language === "zh" ? "zh-CN" : "en"}`;
    script.async = true;
    script.onerror = () => {
      loadingRecaptcha = undefined;
      script.remove();
      reject(new Error("reCAPTCHA could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loadingRecaptcha;
}

export interface TextChallengeData {
  token: string;
  question: string;
}

/** The accessible question shown where no widget can run; a new question (token) starts with an empty answer. */
function TextChallengeField({ challenge }: { challenge: TextChallengeData }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="xs">{t("sandbox.captcha.noScript")}</Text>
      <input type="hidden" name={TEXT_CHALLENGE_FIELD} value={challenge.token} />
      <TextInput
        key={challenge.token}
        id={`field-${TEXT_ANSWER_FIELD}`}
        name={TEXT_ANSWER_FIELD}
        label={challenge.question}
        description={t("sandbox.captcha.hint")}
        autoComplete="off"
        withAsterisk
      />
    </Stack>
  );
}

/** Google's checkbox widget, when reCAPTCHA is configured; the text challenge stands in until script runs or if it cannot load. */
function RecaptchaField({ siteKey, resetOn, fallback }: { siteKey: string; resetOn: unknown; fallback: ReactNode }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const [state, setState] = useState<"server" | "loading" | "ready" | "failed">("server");

  useEffect(() => {
    let current = true;
    setState("loading");
    loadRecaptcha(language).then(
      (grecaptcha) => {
        if (!current || !container.current) return;
        widget.current ??= grecaptcha.render(container.current, { sitekey: siteKey });
        setState("ready");
      },
      () => current && setState("failed"),
    );
    return () => {
      current = false;
    };
  }, [siteKey, language]);

  // A refused post used the response up: the widget asks again.
  useEffect(() => {
    if (resetOn && widget.current !== null) window.grecaptcha?.reset(widget.current);
  }, [resetOn]);

  return (
    <Stack gap={4} role="group" aria-labelledby="captcha-label">
      <Text id="captcha-label" size="sm" fw={500}>
        {t("contact.captcha.label")}
      </Text>
      {state === "server" || state === "failed" ? fallback : null}
      <div ref={container} />
    </Stack>
  );
}

/**
 * The registration's captcha: the self-hosted proof of work (or reCAPTCHA when configured) with JavaScript, the
 * text challenge without; one message for any missing or wrong answer below it.
 */
export function SandboxCaptcha({
  recaptchaSiteKey,
  textChallenge,
  resetOn,
}: {
  recaptchaSiteKey: string | null;
  textChallenge: TextChallengeData;
  resetOn: unknown;
}) {
  const { t } = useTranslation();
  const { error } = useField(CAPTCHA_ERROR_FIELD);
  const fallback = <TextChallengeField challenge={textChallenge} />;
  return (
    // The error summary's link to the captcha's message lands here.
    <Stack gap={4} id={`field-${CAPTCHA_ERROR_FIELD}`}>
      {recaptchaSiteKey ? (
        <RecaptchaField siteKey={recaptchaSiteKey} resetOn={resetOn} fallback={fallback} />
      ) : (
        <CaptchaField resetOn={resetOn} noScript={fallback} />
      )}
      {error ? (
        <Text c="var(--mantine-color-error)" size="sm" role="alert" data-testid="captcha-error">
          {translateMessage(t, error)}
        </Text>
      ) : null}
    </Stack>
  );
}
