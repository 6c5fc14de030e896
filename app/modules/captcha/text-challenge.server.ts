import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Language } from "~/modules/i18n/language";

/**
 * The accessible captcha for browsers without JavaScript: a sum of two small numbers asked in words ("What is
 * three plus four?"), answered in digits or words. The form carries an opaque token: a nonce and an expiry
 * signed with the server's key, and a MAC binding the right answer to the nonce, so the answer is not in the
 * page's source beyond the question itself, cannot be forged, and each token is claimed once (right or wrong).
 */

/** Long enough to fill in a whole form without script. */
export const TEXT_CHALLENGE_TTL_MS = 30 * 60 * 1000;

export type TextChallengeCheck = "verified" | "invalid" | "reused";

/** Records a nonce's first use; false when it was used before (the store makes this atomic). */
export type ClaimNonce = (nonce: string) => Promise<boolean>;

export interface TextChallenge {
  token: string;
  /** The two numbers to add; the question shows them as words of the page's language. */
  a: number;
  b: number;
}

const numberWords: Record<Language, readonly string[]> = {
  en: [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
  ],
  zh: [
    "零",
    "一",
    "二",
    "三",
    "四",
    "五",
    "六",
    "七",
    "八",
    "九",
    "十",
    "十一",
    "十二",
    "十三",
    "十四",
    "十五",
    "十六",
    "十七",
    "十八",
    "十九",
    "二十",
  ],
};

/** A number from 0 to 20 as a word of the language. */
export function numberWord(value: number, language: Language): string {
  const word = numberWords[language][value];
  if (word === undefined) throw new Error(`numberWord: ${value} is out of range`);
  return word;
}

/** Reads an answer given in ASCII or full-width digits, or as an English or Chinese number word; null otherwise. */
export function parseTextAnswer(raw: string): number | null {
  const answer = raw
    .trim()
    .toLowerCase()
    .replace(/[\uff10-\uff19]/g, (digit) => String(digit.charCodeAt(0) - 0xff10))
    .replace(/[.。!！]+$/, "")
    .trim();
  if (/^\d{1,3}$/.test(answer)) return Number(answer);
  const normalised = answer.replace(/两/g, "二");
  for (const words of Object.values(numberWords)) {
    const index = words.indexOf(normalised);
    if (index >= 0) return index;
  }
  return null;
}

/** The key text challenges are signed with, derived from the session secret for this purpose alone. */
export function deriveTextChallengeKey(secret: string): string {
  return createHmac("sha256", secret).update("portal text challenge v1").digest("hex");
}

function mac(key: string, purpose: string, value: string): string {
  return createHmac("sha256", key).update(`${purpose}|${value}`).digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function issueTextChallenge(key: string, { now = Date.now() } = {}): TextChallenge {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  const nonce = randomBytes(16).toString("base64url");
  const expires = String(now + TEXT_CHALLENGE_TTL_MS);
  const signed = `${nonce}.${expires}`;
  return { token: `${signed}.${mac(key, "challenge", signed)}.${mac(key, "answer", `${nonce}|${a + b}`)}`, a, b };
}

/**
 * A token passes once: issued by us, not expired, not claimed before, and answered right. The token is claimed
 * before the answer is compared, so a wrong answer uses it up and guessing costs a fresh challenge each time.
 */
export async function checkTextChallenge(
  token: string,
  answer: string,
  key: string,
  claim: ClaimNonce,
  { now = Date.now() } = {},
): Promise<TextChallengeCheck> {
  const parts = token.split(".");
  if (parts.length !== 4 || token.length > 300) return "invalid";
  const [nonce = "", expires = "", signature = "", answerMac = ""] = parts;
  if (!/^[\w-]{22}$/.test(nonce) || !/^\d{1,15}$/.test(expires)) return "invalid";
  if (!sameText(signature, mac(key, "challenge", `${nonce}.${expires}`))) return "invalid";
  if (Number(expires) <= now) return "invalid";
  if (!(await claim(nonce))) return "reused";
  const value = parseTextAnswer(answer);
  return value !== null && sameText(answerMac, mac(key, "answer", `${nonce}|${value}`)) ? "verified" : "invalid";
}
