import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { test } from "./support/test";

/**
 * The reader's language of code samples: a cookie the server renders the tabs from, which the anonymous page
 * cache keys on (one copy per choice, never one reader's choice served to another), set without JavaScript by the
 * tabs' form at /docs/code-language.
 */

const operationPage = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get";
const guide = "/zh/docs/econ/macroeconomic/getting-started/authentication";

/** The languages of a page's groups of tabs, each as the tab pressed and the one panel not hidden. */
function shown(html: string): { pressed: string[]; panels: string[] } {
  const pressed = [...html.matchAll(/<button[^>]*value="([a-z]+)" class="code-tab" aria-pressed="true"/g)].map((match) => match[1]!);
  const panels = [...html.matchAll(/<div class="code-panel" data-code-language="([a-z]+)"[^>]*>/g)]
    .filter(([tag]) => !/\shidden/.test(tag!))
    .map((match) => match[1]!);
  return { pressed, panels };
}

async function page(request: APIRequestContext, url: string, cookie?: string): Promise<{ response: APIResponse; html: string }> {
  const response = await request.get(url, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status(), url).toBe(200);
  return { response, html: await response.text() };
}

test(
  "the cookie picks the samples' language on the server, and the page cache keeps each choice apart",
  { tag: "@no-db" },
  async ({ playwright }) => {
    // A context without a cookie jar of its own choices: every request states its Cookie header.
    const request = await playwright.request.newContext();
    const order = [undefined, "code_language=python", undefined, "code_language=php", "code_language=python", undefined];
    for (const cookie of [...order, ...order]) {
      const { html } = await page(request, operationPage, cookie);
      const language = cookie?.split("=")[1] ?? "curl";
      expect(shown(html), `${cookie ?? "no cookie"}`).toEqual({ pressed: [language], panels: [language] });
    }
    // The second round came from the cache (a reload elsewhere may empty it once): the choice is in the key.
    const twice = async (cookie: string) => (await page(request, operationPage, cookie)).response.headers()["x-cache"];
    expect([await twice("code_language=php"), await twice("code_language=php")]).toContain("hit");

    // A guide in Chinese: each group of samples shows the choice where it has it, else its first language.
    expect(shown((await page(request, guide, "code_language=javascript")).html).pressed).toEqual(["javascript"]);
    const withoutR = shown((await page(request, guide, "code_language=r")).html);
    expect(withoutR.pressed).toEqual(["curl"]);
    expect(withoutR.panels).toEqual(["curl"]);
    // Fund flows' guides have R samples: its SDK page's four programs, each under a heading naming its language, are tabs.
    const sdk = shown((await page(request, "/docs/flows/api-v2/getting-started/using-sdk", "code_language=r")).html);
    expect(sdk).toEqual({ pressed: ["r"], panels: ["r"] });

    // Beside any other cookie, or with a language we do not have, the page is rendered for this reader alone.
    const other = await page(request, operationPage, "code_language=r; other=1");
    expect(other.response.headers()["x-cache"]).toBeUndefined();
    expect(shown(other.html).pressed).toEqual(["r"]);
    const unknown = await page(request, operationPage, "code_language=cobol");
    expect(unknown.response.headers()["x-cache"]).toBeUndefined();
    expect(shown(unknown.html).pressed).toEqual(["curl"]);
    await request.dispose();
  },
);

test(
  "the tabs' form keeps the choice in a cookie and returns to the tabs; it takes nothing else",
  { tag: "@no-db" },
  async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const back = `${operationPage}#code-samples`;
    const chosen = await request.post("/docs/code-language", { form: { language: "php", back }, maxRedirects: 0 });
    expect(chosen.status()).toBe(303);
    expect(chosen.headers().location).toBe(back);
    expect(chosen.headers()["set-cookie"]).toBe("code_language=php; Path=/; Max-Age=31536000; SameSite=Lax");
    // The browser's jar now holds it: the page comes back with PHP shown.
    expect(shown(await (await request.get(operationPage)).text()).pressed).toEqual(["php"]);

    const refusedForms: Record<string, string>[] = [
      { language: "cobol", back },
      { language: "python", back: "//evil.example/" },
      { language: "python", back: "https://evil.example/" },
      { language: "python" },
    ];
    for (const form of refusedForms) {
      const refused = await request.post("/docs/code-language", { form, maxRedirects: 0 });
      expect(refused.status(), JSON.stringify(form)).toBe(400);
      expect(refused.headers()["set-cookie"]).toBeUndefined();
    }
    expect((await request.get("/docs/code-language", { maxRedirects: 0 })).status()).toBe(405);
    await request.dispose();
  },
);
