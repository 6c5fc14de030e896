import { describe, expect, it } from "vitest";
import {
  checkTextChallenge,
  deriveTextChallengeKey,
  issueTextChallenge,
  numberWord,
  parseTextAnswer,
  TEXT_CHALLENGE_TTL_MS,
} from "./text-challenge.server";

const key = deriveTextChallengeKey("unit-test-session-secret-that-is-long-enough");

function memoryClaims() {
  const used = new Set<string>();
  return async (nonce: string) => {
    if (used.has(nonce)) return false;
    used.add(nonce);
    return true;
  };
}

describe("the text challenge", () => {
  it("asks for a sum of two numbers from one to nine, in the page's language", () => {
    const { a, b } = issueTextChallenge(key);
    for (const value of [a, b]) expect(value >= 1 && value <= 9).toBe(true);
    expect(numberWord(3, "en")).toBe("three");
    expect(numberWord(14, "zh")).toBe("十四");
    expect(() => numberWord(21, "en")).toThrow();
  });

  it("reads answers in digits, full-width digits and English or Chinese words", () => {
    expect(parseTextAnswer(" 12 ")).toBe(12);
    expect(parseTextAnswer("１２")).toBe(12);
    expect(parseTextAnswer("Twelve.")).toBe(12);
    expect(parseTextAnswer("十二")).toBe(12);
    expect(parseTextAnswer("两")).toBe(2);
    expect(parseTextAnswer("a dozen")).toBeNull();
    expect(parseTextAnswer("")).toBeNull();
  });

  it("[security-15] accepts the right answer once and refuses its reuse", async () => {
    const claim = memoryClaims();
    const challenge = issueTextChallenge(key);
    expect(await checkTextChallenge(challenge.token, String(challenge.a + challenge.b), key, claim)).toBe("verified");
    expect(await checkTextChallenge(challenge.token, String(challenge.a + challenge.b), key, claim)).toBe("reused");
  });

  it("[security-15] uses a challenge up with a wrong answer, so guessing needs a fresh one each time", async () => {
    const claim = memoryClaims();
    const challenge = issueTextChallenge(key);
    expect(await checkTextChallenge(challenge.token, String(challenge.a + challenge.b + 1), key, claim)).toBe("invalid");
    expect(await checkTextChallenge(challenge.token, String(challenge.a + challenge.b), key, claim)).toBe("reused");
  });

  it("[security-15] refuses expired, foreign, altered and malformed tokens without claiming them", async () => {
    const claims: string[] = [];
    const claim = async (nonce: string) => (claims.push(nonce), true);
    const expired = issueTextChallenge(key, { now: Date.now() - TEXT_CHALLENGE_TTL_MS - 1 });
    expect(await checkTextChallenge(expired.token, String(expired.a + expired.b), key, claim)).toBe("invalid");

    const foreign = issueTextChallenge(deriveTextChallengeKey("another-secret-of-at-least-32-characters"));
    expect(await checkTextChallenge(foreign.token, String(foreign.a + foreign.b), key, claim)).toBe("invalid");

    const challenge = issueTextChallenge(key);
    const [nonce, expires, signature, answer] = challenge.token.split(".");
    const later = `${nonce}.${Number(expires) + 1}.${signature}.${answer}`;
    expect(await checkTextChallenge(later, String(challenge.a + challenge.b), key, claim)).toBe("invalid");
    for (const garbage of ["", "a.b.c", "x".repeat(400), `${challenge.token}.extra`]) {
      expect(await checkTextChallenge(garbage, "3", key, claim)).toBe("invalid");
    }
    expect(claims).toEqual([]);
  });
});
