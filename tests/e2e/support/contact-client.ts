import { test as base, type APIRequestContext } from "@playwright/test";
import { solveChallenge } from "altcha-lib";

/** A made-up address from the benchmarking range 198.18.0.0/15, one per test. */
export function uniqueClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${octet()}.${octet()}`;
}

/**
 * Contact tests post from their own client address (the e2e server trusts one proxy hop, TRUST_PROXY=1), so
 * the per-address contact budgets of one test never reach another.
 */
export const test = base.extend<{ clientAddress: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  clientAddress: async ({}, use) => {
    await use(uniqueClientAddress());
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ "X-Forwarded-For": clientAddress });
  },
});

/** A challenge from the portal solved here with a real proof of work, as the widget would post it. */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/captcha/challenge");
  if (response.status() !== 200) throw new Error(`challenge: ${response.status()}`);
  const challenge = (await response.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("no solution found");
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString(
    "base64",
  );
}
