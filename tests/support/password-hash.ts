import { randomBytes, scryptSync } from "node:crypto";

/**
 * A password hash in the form the server stores (`scrypt$N$r$p$salt$key`), at a test's cost: N=2^10 instead of
 * production's 2^15. The server verifies with the parameters stored beside each hash, so every sign-in still checks
 * the password through the real code, at about a thirtieth of the CPU (a production hash costs about 90 ms, which
 * the suites would otherwise spend at every one of their hundreds of sign-ins). Accounts the server creates itself
 * (sign-up, invitations, a changed or reset password) keep production's cost.
 */
export function testPasswordHash(password: string): string {
  const [N, r, p] = [2 ** 10, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}
