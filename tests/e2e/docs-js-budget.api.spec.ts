import zlib from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";

/**
 * What a docs page may load at most, gzipped. The goal is 120 KiB (`npm run bench` prints it); today a
 * page needs about 164 KiB (166 in Chinese): React and Remix 83, the entry with i18next 17, the page language's
 * strings 17-19, Mantine 25, the app 20. This ceiling keeps it from growing.
 */
const ceilingKiB = 170;

/** Every script the HTML makes the browser load: module preloads, script sources, the inline module's imports. */
function declaredScripts(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
  const sources = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]!);
  const imports = [...html.matchAll(/import(?:\(| [^"]* from )"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set([...preloads, ...sources, ...imports])];
}

async function gzippedSize(request: APIRequestContext, url: string): Promise<number> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return zlib.gzipSync(await response.body()).length;
}

for (const { name, url, language } of [
  { name: "an operation page", url: "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get", language: "en" },
  { name: "a written page in Chinese", url: "/zh/docs/econ/macroeconomic/getting-started/authentication", language: "zh" },
]) {
  test(
    `${name} loads at most ${ceilingKiB} KiB of gzipped JavaScript, its language's strings included`,
    { tag: "@no-db" },
    async ({ request }) => {
      const html = await (await request.get(url)).text();
      const scripts = declaredScripts(html);
      const entry = scripts.find((script) => script.includes("/entry.client-"));
      expect(entry, "the client entry").toBeDefined();
      // The entry loads the strings of the page's language before it hydrates; the other language's stay out.
      const entryCode = await (await request.get(entry!)).text();
      const strings = new RegExp(`import\\("\\./(${language}-[\\w-]+\\.js)"\\)`).exec(entryCode)?.[1];
      expect(strings, `the ${language} strings chunk`).toBeDefined();
      const files = [...scripts, `/assets/${strings}`];
      const sizes = await Promise.all(files.map((file) => gzippedSize(request, file)));
      const total = sizes.reduce((sum, size) => sum + size, 0) / 1024;
      expect(total, `${files.length} files: ${files.join(" ")}`).toBeLessThanOrEqual(ceilingKiB);
    },
  );
}

test(
  "an operation page leaves the query builder's code out until a reader reaches for the builder",
  { tag: "@no-db" },
  async ({ request }) => {
    const html = await (await request.get("/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get")).text();
    expect(html).toContain('data-testid="query-builder"');
    expect(declaredScripts(html).filter((script) => /query-builder-form|sandbox-registration-form/.test(script))).toEqual([]);
  },
);
