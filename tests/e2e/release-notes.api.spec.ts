import { expect } from "@playwright/test";
import { test } from "./support/test";

interface ReleaseNotesBody {
  set: string;
  title: string;
  entries: { date: string; area: string; html: string; markdown: string }[];
}

const keys = ["macroeconomic", "sandbox", "company", "company-v2", "documents", "dealwatch", "fund-flows", "real-estate", "specification"];

test.describe.configure({ mode: "parallel" });

test(
  "GET /api/releaseNotes/{set} answers every documentation set and the specification, newest first",
  { tag: "@no-db" },
  async ({ request }) => {
    for (const key of keys) {
      const response = await request.get(`/api/releaseNotes/${key}`);
      expect(response.status(), key).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/json");
      const body = (await response.json()) as ReleaseNotesBody;
      expect(body.set).toBe(key);
      expect(body.title).toMatch(/release notes/i);
      expect(body.entries.length, key).toBeGreaterThan(0);
      for (const entry of body.entries) {
        expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(entry.area).not.toBe("");
        expect(entry.markdown).not.toBe("");
        expect(entry.html).toContain("<");
      }
      const dates = body.entries.map((entry) => entry.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  },
);

test("the specification's short name macro is the macroeconomic set", { tag: "@no-db" }, async ({ request }) => {
  const macro = (await (await request.get("/api/releaseNotes/macro")).json()) as ReleaseNotesBody;
  const macroeconomic = (await (await request.get("/api/releaseNotes/macroeconomic")).json()) as ReleaseNotesBody;
  expect(macro.set).toBe("macroeconomic");
  expect(macro.entries).toEqual(macroeconomic.entries);
});

test("an entry carries its markdown and the same content rendered as HTML", { tag: "@no-db" }, async ({ request }) => {
  const body = (await (await request.get("/api/releaseNotes/company-v2")).json()) as ReleaseNotesBody;
  const api = body.entries.find((entry) => entry.area === "API 2.0.0");
  expect(api?.date).toBe("2025-04-14");
  expect(api?.markdown).toContain("`DELETE /companies/cursor/{cursor_id}`");
  expect(api?.html).toContain("<code>DELETE /companies/cursor/{cursor_id}</code>");
});

test(
  "lang=zh answers the Chinese notes, entry for entry with the English ones, with Chinese links; other languages fall back to en",
  { tag: "@no-db" },
  async ({ request }) => {
    const en = (await (await request.get("/api/releaseNotes/fund-flows")).json()) as ReleaseNotesBody;
    const zh = (await (await request.get("/api/releaseNotes/fund-flows?lang=zh")).json()) as ReleaseNotesBody;
    const fr = (await (await request.get("/api/releaseNotes/fund-flows?lang=fr")).json()) as ReleaseNotesBody;
    expect(zh.entries.map((entry) => entry.date)).toEqual(en.entries.map((entry) => entry.date));
    expect(zh.entries[0]?.markdown).toContain("速率限制");
    expect(zh.entries.map((entry) => entry.html).join("")).toContain('href="/zh/docs/flows/api-v2/');
    expect(fr).toEqual(en);
  },
);

test("an unknown set is a 404 with an error", { tag: "@no-db" }, async ({ request }) => {
  for (const key of ["weather", "Macro", "company%20v1", "specifications"]) {
    const response = await request.get(`/api/releaseNotes/${key}`);
    expect(response.status(), key).toBe(404);
    expect(await response.json()).toEqual({ error: "Unknown release notes." });
  }
});

test("only GET is answered", { tag: "@no-db" }, async ({ request }) => {
  for (const response of [await request.post("/api/releaseNotes/macro"), await request.delete("/api/releaseNotes/macro")]) {
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("GET");
    expect(await response.json()).toEqual({ error: "Method not allowed" });
  }
});
