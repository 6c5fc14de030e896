import { describe, expect, it } from "vitest";
import type { ReleaseNotesKey } from "~/modules/docs/release-notes";
import { getReleaseNotes } from "~/modules/docs/release-notes.server";
import { getDocSetData } from "~/modules/docs/routing-data.server";
import { docSets } from "~/modules/registry/registry";

const keys: ReleaseNotesKey[] = [...docSets.map((set) => set.id), "specification"];

async function allDocRoutes(): Promise<Set<string>> {
  const loaded = await Promise.all(docSets.map((set) => getDocSetData(set.id)));
  return new Set(loaded.flatMap(({ routing }) => routing.routes));
}

describe("release notes", () => {
  it.each(keys)("%s has dated, non-empty entries, newest first", async (key) => {
    const notes = await getReleaseNotes(key, "en");
    expect(notes.title).toMatch(/release notes/i);
    expect(notes.intro).not.toBe("");
    expect(notes.entries.length).toBeGreaterThan(2);
    for (const entry of notes.entries) {
      expect(new Date(`${entry.date}T00:00:00Z`).toISOString().slice(0, 10), entry.date).toBe(entry.date);
      expect(entry.area).not.toBe("");
      expect(entry.markdown).not.toBe("");
      expect(entry.html).toMatch(/^<(ul|p)>/);
    }
    const dates = notes.entries.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(dates.length);
  });

  it("names the specification's version of each set in its intro", async () => {
    for (const set of docSets) {
      const [{ intro }, { model }] = await Promise.all([getReleaseNotes(set.id, "en"), getDocSetData(set.id)]);
      expect(intro, set.id).toContain(`**${model.version}**`);
    }
  });

  it("links only to documentation pages that exist", async () => {
    const routes = await allDocRoutes();
    for (const key of keys) {
      const { entries, intro } = await getReleaseNotes(key, "en");
      const links = [intro, ...entries.map((entry) => entry.markdown)].flatMap((markdown) =>
        [...markdown.matchAll(/\]\((\/docs\/[^)\s]+)\)/g)].map((match) => match[1] ?? ""),
      );
      for (const link of links) expect(routes.has(link), `${key} links to ${link}`).toBe(true);
    }
  });

  it.each(keys)("%s has its notes in Chinese too, entry for entry with the English ones (issue 30)", async (key) => {
    const [en, zh] = await Promise.all([getReleaseNotes(key, "en"), getReleaseNotes(key, "zh")]);
    expect(zh.title).toContain("发布说明");
    expect(zh.entries.map((entry) => entry.date)).toEqual(en.entries.map((entry) => entry.date));
    expect(zh.entries.every((entry) => /[\u4e00-\u9fff]/.test(entry.markdown))).toBe(true);
  });

  it("serves the translated notes in Chinese, entry for entry with the English ones, with Chinese links", async () => {
    const en = await getReleaseNotes("fund-flows", "en");
    const zh = await getReleaseNotes("fund-flows", "zh");
    expect(zh.entries.map((entry) => entry.date)).toEqual(en.entries.map((entry) => entry.date));
    expect(zh.entries[0]?.markdown).toContain("速率限制");
    expect(zh.entries.some((entry) => entry.html.includes('href="/zh/docs/flows/api-v2/'))).toBe(true);
  });
});
