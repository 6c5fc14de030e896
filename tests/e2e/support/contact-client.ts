import type { APIRequestContext } from "@playwright/test";
import { solveChallenge } from "altcha-lib";

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
