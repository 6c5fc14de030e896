import zlib from "node:zlib";
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./support/test";

/**
 * What a docs page may load at most, gzipped: issue 16's goal. Its React, Remix and page code (about 165 KiB with
 * the language's strings) wait inert in a <template> until a reader reaches for the query builder
 * (deferred-hydration.ts); the first load runs the page's own small script and a few inline ones.
 */
const ceilingKiB = 120;

const HELD = /<template id="deferred-scripts">([\s\S]*?)<\/template>/;

/** Every script file the HTML makes the browser load: module preloads, script sources, the inline module's imports. */
function declaredScripts(html: string): string[] {
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
  const sources = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]!);
  const imports = [...html.matchAll(/import(?:\(| [^"]* from )"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return [...new Set([...preloads, ...sources, ...imports])];
}

/** The text of the inline scripts. */
function inlineScripts(html: string): string {
  return [...html.matchAll(/<script(?![^>]* src=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join("\n");
}

async function gzippedSize(request: APIRequestContext, url: string): Promise<number> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return zlib.gzipSync(await response.body()).length;
}

for (const { name, url } of [
  { name: "an operation page", url: "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get" },
  { name: "a written page in Chinese", url: "/zh/docs/econ/macroeconomic/getting-started/authentication" },
]) {
  test(
    `${name} loads at most ${ceilingKiB} KiB of gzipped JavaScript and holds React and Remix for later`,
    { tag: "@no-db" },
    async ({ request }) => {
      const html = await (await request.get(url)).text();
      const held = HELD.exec(html)?.[1];
      expect(held, "Remix's scripts held in the template").toBeDefined();
      expect(declaredScripts(held!).some((script) => script.includes("/entry.client-"))).toBe(true);
      const loaded = html.replace(HELD, "");
      const files = declaredScripts(loaded);
      expect(
        files.filter((file) => /entry\.client|\/context-/.test(file)),
        "React or Remix on the first load",
      ).toEqual([]);
      const sizes = await Promise.all(files.map((file) => gzippedSize(request, file)));
      const total = (sizes.reduce((sum, size) => sum + size, 0) + zlib.gzipSync(inlineScripts(loaded)).length) / 1024;
      expect(total, `${files.length} files: ${files.join(" ")} and the inline scripts`).toBeLessThanOrEqual(ceilingKiB);
    },
  );
}

test(
  "an operation page leaves the code of the query builder and of the quick search out until a reader reaches for them",
  { tag: "@no-db" },
  async ({ request }) => {
    const html = await (await request.get("/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get")).text();
    expect(html).toContain('data-testid="query-builder"');
    // The quick search's dialog (quick-search.browser); its shortcut comes with the page, its component with React.
    expect(
      declaredScripts(html).filter((script) => /query-builder-form|sandbox-registration-form|quick-search\.browser/.test(script)),
    ).toEqual([]);
  },
);
