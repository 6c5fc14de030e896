/** A well-formed altcha payload whose signature no server key made: every check must refuse it. */
export const forgedCaptchaPayload = Buffer.from(
  JSON.stringify({
    algorithm: "SHA-256",
    challenge: "ab".repeat(32),
    number: 1,
    salt: "x?expires=9999999999&",
    signature: "cd".repeat(32),
  }),
).toString("base64");
