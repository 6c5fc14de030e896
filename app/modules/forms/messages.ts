import type { TFunction } from "i18next";

/**
 * Validation messages travel as i18n keys so one schema serves both languages and the JSON API:
 * `encodeMessage("validation.tooLong", { max: 100 })` -> "validation.tooLong|max=100".
 */
export function encodeMessage(key: string, values: Record<string, string | number> = {}): string {
  const params = Object.entries(values).map(([name, value]) => `${name}=${value}`);
  return [key, ...params].join("|");
}

export function decodeMessage(encoded: string): { key: string; values: Record<string, string> } {
  const [key = "", ...params] = encoded.split("|");
  const values = Object.fromEntries(
    params.map((param) => {
      const at = param.indexOf("=");
      return [param.slice(0, at), param.slice(at + 1)];
    }),
  );
  return { key, values };
}

export function translateMessage(t: TFunction, encoded: string): string {
  const { key, values } = decodeMessage(encoded);
  return t(key, { ...values, defaultValue: key }) as string;
}

export function translateErrors(t: TFunction, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateMessage(t, message)]));
}
