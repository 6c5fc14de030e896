import { expect, type APIRequestContext } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { test } from "./support/test";

/** A written page that links to the dashboard: "Open [Token management](/dashboard/token-management) in the dashboard." */
const writtenPage = "/docs/econ/macroeconomic/getting-started/authentication";
const signInFirst = "/login?redirectTo=%2Fdashboard%2Ftoken-management";
/** An operation page: its samples' note points to where the key that replaces YOUR_API_KEY comes from. */
const operationPage = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2Fsearch&method=get";
const samplesNoteLink = /data-testid="samples-note"[^>]*>(?:[^<]|<!-- -->)*<a[^>]* href="([^"]+)"/;

async function html(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return response.text();
}

function captured(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  expect(match, String(pattern)).not.toBeNull();
  return match![1]!;
}

test("a signed-out reader's dashboard link signs in first and lands on the dashboard page; a signed-in reader's goes there", async ({
  request,
}) => {
  expect(await html(request, writtenPage)).toContain(`href="${signInFirst}"`);
  expect(await html(request, `/zh${writtenPage}`)).toContain(`href="/zh${signInFirst}"`);
  expect(captured(await html(request, operationPage), samplesNoteLink)).toBe(signInFirst);
  // Direct access still answers a visitor with the 404 page (SPEC.md section 8).
  expect((await request.get("/dashboard/token-management")).status()).toBe(404);

  const platformPage = captured(await html(request, signInFirst), /href="(\/login\/econ\?redirectTo=[^"]+)"/);
  const redirectTo = captured(await html(request, platformPage), /name="redirectTo" value="([^"]+)"/);
  expect(redirectTo).toBe("/dashboard/token-management");

  const account = await createAccount({ products: ["macroeconomic"] });
  const signedIn = await request.post("/login/econ", { form: { ...account, redirectTo }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers().location).toBe("/dashboard/token-management");
  expect((await request.get("/dashboard/token-management")).status()).toBe(200);

  const page = await html(request, writtenPage);
  expect(page).toContain('href="/dashboard/token-management"');
  expect(page).not.toContain(signInFirst);
  expect(captured(await html(request, operationPage), samplesNoteLink)).toBe("/dashboard/token-management");
});
