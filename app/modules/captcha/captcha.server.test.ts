import { createChallenge, solveChallenge } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";
import { describe, expect, it } from "vitest";
import { checkCaptchaSolution, CAPTCHA_TTL_MS, deriveCaptchaKey, issueChallenge, parseCaptchaPayload } from "./captcha.server";

const key = deriveCaptchaKey("unit-test-session-secret-that-is-long-enough");

/** What the widget posts: the challenge with the number a real proof of work found, base64 JSON. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("no solution found");
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString(
    "base64",
  );
}

function memoryClaims() {
  const used = new Set<string>();
  return async (signature: string) => {
    if (used.has(signature)) return false;
    used.add(signature);
    return true;
  };
}

describe("the proof-of-work captcha", () => {
  it("[security-15] accepts a really solved challenge once and refuses its reuse", async () => {
    const claim = memoryClaims();
    const payload = await solve(await issueChallenge(key, { maxNumber: 20_000 }));
    expect(await checkCaptchaSolution(payload, key, claim)).toBe("verified");
    expect(await checkCaptchaSolution(payload, key, claim)).toBe("reused");
  }, 20_000);

  it("[security-15] refuses an expired challenge", async () => {
    const payload = await solve(await issueChallenge(key, { now: Date.now() - CAPTCHA_TTL_MS - 1000, maxNumber: 20_000 }));
    expect(await checkCaptchaSolution(payload, key, memoryClaims())).toBe("invalid");
  }, 20_000);

  it("[security-15] refuses a challenge signed with another key, a wrong number and garbage", async () => {
    const claim = memoryClaims();
    const foreign = await solve(await issueChallenge(deriveCaptchaKey("another-secret-of-at-least-32-characters"), { maxNumber: 20_000 }));
    expect(await checkCaptchaSolution(foreign, key, claim)).toBe("invalid");

    const challenge = await issueChallenge(key, { maxNumber: 20_000 });
    const solved = JSON.parse(Buffer.from(await solve(challenge), "base64").toString("utf8")) as { number: number };
    const wrongNumber = Buffer.from(JSON.stringify({ ...solved, number: solved.number + 1 })).toString("base64");
    expect(await checkCaptchaSolution(wrongNumber, key, claim)).toBe("invalid");
    const forged = Buffer.from(JSON.stringify({ ...solved, signature: "0".repeat(64) })).toString("base64");
    expect(await checkCaptchaSolution(forged, key, claim)).toBe("invalid");

    for (const garbage of ["", "not base64 at all", Buffer.from("[1,2]").toString("base64"), "x".repeat(5000)]) {
      expect(await checkCaptchaSolution(garbage, key, claim)).toBe("invalid");
    }
  }, 20_000);

  it("a challenge without an expiry in its signed salt is refused", async () => {
    const payload = await solve(await createChallenge({ hmacKey: key, maxnumber: 20_000 }));
    expect(await checkCaptchaSolution(payload, key, memoryClaims())).toBe("invalid");
  }, 20_000);

  it("reads only well-formed SHA-256 payloads", () => {
    const good = { algorithm: "SHA-256", challenge: "ab".repeat(32), number: 5, salt: "abc?expires=1&", signature: "cd".repeat(32) };
    expect(parseCaptchaPayload(Buffer.from(JSON.stringify(good)).toString("base64"))).toEqual(good);
    expect(parseCaptchaPayload(Buffer.from(JSON.stringify({ ...good, algorithm: "SHA-1" })).toString("base64"))).toBeNull();
  });

  it("derives a key that is not the session secret", () => {
    expect(deriveCaptchaKey("secret-a")).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveCaptchaKey("secret-a")).not.toBe(deriveCaptchaKey("secret-b"));
  });
});
