import { expect } from "@playwright/test";
import { test } from "./support/test";

/**
 * The build's JavaScript and CSS, sent from memory with the brotli and gzip copies the build wrote
 * (app/modules/server/static-assets.server.ts): the same bytes in every coding, cached for a year, revalidated by ETag.
 */

test.describe("the build's assets", { tag: "@no-db" }, () => {
  test("each coding carries the same file, with its own ETag, a year's cache and the resource policy", async ({ request }) => {
    const html = await (await request.get("/login")).text();
    const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(5);
    for (const asset of scripts.slice(0, 5)) {
      const answers = await Promise.all(
        ["br", "gzip", "identity"].map((coding) => request.get(asset, { headers: { "Accept-Encoding": coding } })),
      );
      const [br, gzip, identity] = answers;
      for (const answer of answers) {
        expect(answer.status(), asset).toBe(200);
        expect(answer.headers()["content-type"]).toBe("application/javascript; charset=utf-8");
        expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(answer.headers()["vary"]).toContain("Accept-Encoding");
        expect(answer.headers()["content-security-policy"]).toContain("default-src 'none'");
      }
      const plain = await identity!.body();
      expect(identity!.headers()["content-encoding"]).toBeUndefined();
      expect(Number(identity!.headers()["content-length"])).toBe(plain.length);
      // Playwright decodes what it receives: the decoded copies are the file itself.
      for (const [answer, coding] of [
        [br!, "br"],
        [gzip!, "gzip"],
      ] as const) {
        if (plain.length > 1) expect(answer.headers()["content-encoding"], asset).toBe(coding);
        expect(Buffer.compare(await answer.body(), plain), `${asset} as ${coding}`).toBe(0);
      }
      const tags = answers.map((answer) => answer.headers()["etag"]);
      expect(new Set(tags).size).toBe(plain.length > 1 ? 3 : 1);
    }
  });

  test("a known ETag is answered 304 without a body, HEAD with the length only", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.css/.exec(html)?.[0];
    expect(asset, "a stylesheet of the build").toBeDefined();
    const first = await request.get(asset!, { headers: { "Accept-Encoding": "br" } });
    const etag = first.headers()["etag"]!;
    const again = await request.get(asset!, { headers: { "Accept-Encoding": "br", "If-None-Match": etag } });
    expect(again.status()).toBe(304);
    expect((await again.body()).length).toBe(0);
    // Another coding's tag does not match: the client gets the file in the coding it now asks for.
    const other = await request.get(asset!, { headers: { "Accept-Encoding": "gzip", "If-None-Match": etag } });
    expect(other.status()).toBe(200);
    const head = await request.head(asset!, { headers: { "Accept-Encoding": "br" } });
    expect(head.status()).toBe(200);
    expect(head.headers()["content-length"]).toBe(first.headers()["content-length"]);
    expect((await head.body()).length).toBe(0);
  });

  test("a name the build did not write, a compressed copy's own name and a path out of the folder are not found", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    for (const path of ["/assets/no-such-file-Ab12.js", `${asset}.br`, "/assets/..%2Fsw.js"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    expect((await request.post(asset, { data: {} })).status()).not.toBe(200);
  });
});
