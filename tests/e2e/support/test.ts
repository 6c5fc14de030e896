import { test as base } from "@playwright/test";

/** A made-up address from the benchmarking range 198.18.0.0/15. */
export function uniqueClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${octet()}.${octet()}`;
}

/**
 * Playwright's `test`, with every test's requests coming from a client address of its own (the e2e server trusts
 * one proxy hop, TRUST_PROXY=1): the per-address budgets one test spends (failed sign-ins, contact messages,
 * trial registrations) never reach another test, whichever runs beside it. Every spec imports `test` from here
 * (lint refuses Playwright's own); a test reads its address as the `clientAddress` fixture.
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
