import type { SubscriptionProduct } from "~/modules/auth/platforms";
import type { DocSetId, Platform } from "~/modules/registry/registry";

/**
 * How each set's calls authenticate (each spec's securityDefinitions) and which subscription a caller needs:
 * a personal API key of the platform in the token query parameter, the sandbox trial key, or fund flows'
 * bearer session opened with POST /Session. A key of the platform whose owner lacks the set's product is
 * refused like an unknown key: the specs answer 401 for a key that does not serve the call.
 */
export type SetAccess =
  | { kind: "api-key"; platform: Platform; product: SubscriptionProduct }
  | { kind: "trial-key" }
  | { kind: "session"; platform: Platform; product: SubscriptionProduct };

export const setAccess: Record<DocSetId, SetAccess> = {
  macroeconomic: { kind: "api-key", platform: "econ", product: "macroeconomic" },
  sandbox: { kind: "trial-key" },
  company: { kind: "api-key", platform: "corp", product: "company" },
  "company-v2": { kind: "api-key", platform: "corp", product: "company" },
  documents: { kind: "api-key", platform: "corp", product: "documents" },
  dealwatch: { kind: "api-key", platform: "corp", product: "company" },
  "fund-flows": { kind: "session", platform: "intel", product: "intelligence" },
  "real-estate": { kind: "api-key", platform: "intel", product: "intelligence" },
};

/** The session token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match ? match[1]! : null;
}

/** The value of the token query parameter (the first one), trimmed; null when absent or blank. */
export function queryToken(query: readonly (readonly [string, string])[]): string | null {
  const value = query.find(([name]) => name === "token")?.[1]?.trim();
  return value ? value : null;
}
