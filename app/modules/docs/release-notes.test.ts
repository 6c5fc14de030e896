import { describe, expect, it } from "vitest";
import { parseReleaseNotes, releaseNotesKey } from "./release-notes";

const source = `# Release notes

Changes to the API, newest first.
The current version is **2.0.0**.

## 2026-11-16 — Portal

- Chinese labels.
- New [guide](/docs/corp/api-v2/python/full-guide).

### Details

More text.

## 2025-04-14 — API 2.0.0

General availability.

\`\`\`bash
curl "https://corp.api.example.com/v2/companies?token=YOUR_API_KEY"
\`\`\`
`;

describe("parseReleaseNotes", () => {
  it("takes the title, the intro and one entry per dated section, in written order", () => {
    const notes = parseReleaseNotes(source);
    expect(notes.title).toBe("Release notes");
    expect(notes.intro).toBe("Changes to the API, newest first.\nThe current version is **2.0.0**.");
    expect(notes.entries.map(({ date, area }) => ({ date, area }))).toEqual([
      { date: "2026-11-16", area: "Portal" },
      { date: "2025-04-14", area: "API 2.0.0" },
    ]);
  });

  it("keeps a section's body as markdown, sub-headings and code included", () => {
    const [portal, api] = parseReleaseNotes(source).entries;
    expect(portal?.markdown).toBe("- Chinese labels.\n- New [guide](/docs/corp/api-v2/python/full-guide).\n\n### Details\n\nMore text.");
    expect(api?.markdown).toContain('```bash\ncurl "https://corp.api.example.com/v2/companies?token=YOUR_API_KEY"\n```');
  });

  it("reads Windows line endings and notes without entries", () => {
    expect(parseReleaseNotes("# Notes\r\n\r\nNothing yet.\r\n")).toEqual({ title: "Notes", intro: "Nothing yet.", entries: [] });
    expect(parseReleaseNotes("# Notes\r\n\r\n## 2024-01-02 — API\r\n\r\n- One.\r\n").entries).toEqual([
      { date: "2024-01-02", area: "API", markdown: "- One." },
    ]);
  });

  it("rejects a section heading without an ISO date and an em dash", () => {
    expect(() => parseReleaseNotes("# Notes\n\n## 16/11/2026 — Portal\n")).toThrow(/YYYY-MM-DD — Area/);
    expect(() => parseReleaseNotes("# Notes\n\n## 2026-11-16 - Portal\n")).toThrow(/YYYY-MM-DD — Area/);
    expect(() => parseReleaseNotes("# Notes\n\n## Older releases\n")).toThrow(/YYYY-MM-DD — Area/);
  });
});

describe("releaseNotesKey", () => {
  it("accepts every documentation set and the specification", () => {
    for (const key of [
      "macroeconomic",
      "sandbox",
      "company",
      "company-v2",
      "documents",
      "dealwatch",
      "fund-flows",
      "real-estate",
      "specification",
    ]) {
      expect(releaseNotesKey(key)).toBe(key);
    }
  });

  it("maps the specification's short name macro to the macroeconomic set", () => {
    expect(releaseNotesKey("macro")).toBe("macroeconomic");
  });

  it("refuses anything else", () => {
    for (const key of [undefined, "", "weather", "Macro", "company v1", "econ", "__proto__", "toString"]) {
      expect(releaseNotesKey(key)).toBeNull();
    }
  });
});
