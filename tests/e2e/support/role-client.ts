import { test, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken } from "./accounts";

export type Role = "visitor" | "subscriber" | "admin";

/**
 * A request context on the project's site for a role: a visitor without a session, a subscriber to every product,
 * or an admin; the signed-in ones send a bearer token of a fresh account.
 */
export async function clientFor(role: Role, playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  let token: string | null = null;
  if (role !== "visitor") {
    const signIn = await playwright.request.newContext({ baseURL });
    token = await signInToken(
      signIn,
      await createAccount({ products: ["macroeconomic", "company", "documents", "intelligence"], isAdmin: role === "admin" }),
    );
    await signIn.dispose();
  }
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });
}
