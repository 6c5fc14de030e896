import { parseEnv } from "./env";

export const env = parseEnv(process.env);

/** The portal's own address without a trailing slash, for absolute links and URLs: PUBLIC_URL. */
export function publicOrigin(): string {
  return env.PUBLIC_URL.replace(/\/+$/, "");
}
