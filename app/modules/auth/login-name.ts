/**
 * How a typed e-mail or username names an account. Sign-in, fund-flows sessions and their throttling all
 * look it up and count it this way, so a variant in case or surrounding white space is the same account.
 */
export function loginName(typed: string): string {
  return typed.trim().toLowerCase();
}
