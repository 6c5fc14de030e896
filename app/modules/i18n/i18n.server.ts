import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";
import { apiLanguage, languageOfPath, type Language } from "./language";

const instances = new Map<Language, Promise<I18n>>();

/** More than the locales hold: a key made of request data must not grow the memory without end. */
const MAX_REMEMBERED = 20_000;

/** The options a fixed translator always passes (getFixedT, react-i18next's useTranslation): they name the string, nothing more. */
const namingOptions = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/**
 * Keeps the answers of `t(key)` calls that only name a string, with no values, count or context: with bundled
 * strings that never change on the server they are constant, and i18next resolving each again was a twentieth
 * of a signed-in page's server time (issue 17). Any other call is translated as before.
 */
export function rememberPlainStrings(instance: I18n): I18n {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown;
  const answers = new Map<string, unknown>();
  instance.t = ((key: unknown, options?: Record<string, unknown>) => {
    if (typeof key !== "string" || (options !== undefined && (typeof options !== "object" || options === null)))
      return translate(key, options);
    const named = options ?? {};
    if (Object.keys(named).some((option) => !namingOptions.has(option))) return translate(key, options);
    const id = `${key}\u0000${String(named.lng)}\u0000${String(named.lngs)}\u0000${String(named.ns)}\u0000${String(named.keyPrefix)}`;
    if (answers.has(id)) return answers.get(id);
    const answer = translate(key, options);
    if (answers.size < MAX_REMEMBERED) answers.set(id, answer);
    return answer;
  }) as I18n["t"];
  return instance;
}

/**
 * The server's i18next instance for a language, one per process: the strings are bundled and nothing on the
 * server changes an instance's language, so every request shares it (an instance per request was a tenth of a
 * signed-in page's time, issue 17). entry.server.tsx renders with it.
 */
export function serverI18n(language: Language): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: language })
      .then(() => rememberPlainStrings(created));
    instances.set(language, instance);
  }
  return instance;
}

/** The translator of one language. */
export async function fixedT(language: Language): Promise<TFunction> {
  return (await serverI18n(language)).getFixedT(language);
}

/** Pages speak the language of their URL prefix; the JSON API the one asked for by ?lang= or Accept-Language. */
function requestLanguage(request: Request): Language {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return apiLanguage(url, request.headers.get("Accept-Language"));
  return languageOfPath(url.pathname);
}

/** Server-side translator of a request; the language is always the one the URL names. */
export function getFixedT(request: Request) {
  return fixedT(requestLanguage(request));
}
