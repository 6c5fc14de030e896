/**
 * The data APIs' call rule, the one source of its numbers and its words: the server enforces it
 * (limits.server.ts), and the product pages, specifications, docs pages, FAQ and terms state it in these
 * words (call-rule.test.ts holds them together).
 */

/** At most this many calls of one account within one second (a fixed window); the next one is refused. */
export const CALLS_PER_SECOND = 5;
export const RATE_WINDOW_MS = 1000;
/** The seconds a call refused because the account's previous call still runs is told to wait. */
export const IN_FLIGHT_RETRY_SECONDS = 1;

/** The refused call's place within the second, in words (CALLS_PER_SECOND + 1). */
const REFUSED_CALL = { en: "sixth", zh: "第六次" } as const;

/** The rule as every page states it (after "Rate limit:" or "速率限制："). */
export const CALL_RULE = {
  en: `about ${CALLS_PER_SECOND} calls per second on average, sequential: a call made while the same account's previous call is still running, or the ${REFUSED_CALL.en} call within one second, is refused with 429 and a Retry-After header; do not retry at once`,
  zh: `平均每秒约 ${CALLS_PER_SECOND} 次调用，须依次调用：同一账户的上一次调用仍在进行时发出的调用，或一秒内的${REFUSED_CALL.zh}调用，会被拒绝并返回 429 及 Retry-After 响应头；请勿立即重试`,
} as const;

/** The server's two 429 answers: each names the part of the rule the call broke. */
export const CALL_REFUSALS = {
  inFlight: `Too many requests: calls must be sequential, and this account's previous call is still running; wait for Retry-After, do not retry at once.`,
  rate: `Too many requests: this is the ${REFUSED_CALL.en} call of this account within one second (about ${CALLS_PER_SECOND} calls per second on average); wait for Retry-After, do not retry at once.`,
} as const;
