import { platforms } from "~/modules/registry/registry";
import { identityProviders } from "./identity.server";
import { projectDecoding, type TokenDecoding } from "./token-decoder";
import { classifyToken, tokenHint } from "./token-shapes";

/**
 * Asks every platform's identity service whose API key or session token this is. Reads only: the decoder
 * changes nothing, and the token is neither stored nor logged.
 */
export async function decodeToken(token: string): Promise<TokenDecoding> {
  if (!classifyToken(token)) return { found: false, reason: "malformed" };
  const answers = await Promise.all(
    platforms.map(async (platform) => ({ platform, holder: await identityProviders[platform].lookupToken(token) })),
  );
  return projectDecoding(tokenHint(token), answers);
}
