/**
 * What a feed or dump page's form shows, for every product: the values to show again, errors as message keys
 * and the preview of the first Save. Plain data, so loaders and actions send it and components read it.
 */

/** Posted or stored values as a form's default values: text, lists and flags; never a password. */
export type FormDefaults = Record<string, string | string[] | boolean>;

/** Posted or stored values as form defaults: text, lists and flags; the password, the SFTP key and intent are never sent back. */
export function displayValues(values: Record<string, unknown>): FormDefaults {
  const shown: FormDefaults = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === "ftpPassword" || name === "sftpPrivateKey" || name === "intent") continue;
    if (typeof value === "string" || typeof value === "boolean") shown[name] = value;
    else if (typeof value === "number") shown[name] = String(value);
    else if (Array.isArray(value)) shown[name] = value.filter((entry): entry is string => typeof entry === "string");
  }
  return shown;
}
