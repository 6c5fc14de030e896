import { describe, expect, it } from "vitest";
import { docSetPages, writtenPagePaths } from "~/modules/docs/doc-pages";
import { clientLanguagesOf } from "~/modules/docs/exports/downloads";
import { clientFilename } from "~/modules/docs/exports/sdk";
import { writtenPageContent } from "~/modules/docs/page-content.server";
import { docSets } from "~/modules/registry/registry";
import { apiSamples } from "../support/doc-samples";

/**
 * Every page SPEC.md section 2 lists has content (issue 15): written in English, and in Chinese (issue 30). Models, responses and the Postman page are generated from the spec; the
 * only pages without content are the ones SPEC.md routes empty (macroeconomic JavaScript and PHP basic-pandas
 * and using-proxy).
 */
const generated = /(^|\/)(models|responses|postman-collection)$/;

function unlistedPages(set: (typeof docSets)[number]["id"]): string[] {
  return Object.entries(docSetPages[set].languages).flatMap(([language, section]) =>
    (section.unlistedTopics ?? []).map((topic) => `${language}/quick-examples/${topic}`),
  );
}

describe.each(docSets.map((set) => set.id))("the %s documentation", (set) => {
  const pages = writtenPagePaths(set).filter((page) => !generated.test(page) && !unlistedPages(set).includes(page));

  it("has every listed page written in English", async () => {
    const empty = [];
    for (const page of pages) if (!(await writtenPageContent(set, page, "en"))?.content.trim()) empty.push(page || "index");
    expect(empty).toEqual([]);
  });

  it("has every written page in Chinese too (issue 30), listing any that falls back to English", async () => {
    const english = [];
    for (const page of pages) {
      if (!(await writtenPageContent(set, page, "en"))?.content.trim()) continue;
      const content = await writtenPageContent(set, page, "zh");
      if (content?.language !== "zh") english.push(page || "index");
    }
    expect(english).toEqual([]);
  });
});

it("routes the four pages SPEC.md names without content, and they stay empty", async () => {
  const unlisted = unlistedPages("macroeconomic");
  expect(unlisted.sort()).toEqual([
    "javascript/quick-examples/basic-pandas",
    "javascript/quick-examples/using-proxy",
    "php/quick-examples/basic-pandas",
    "php/quick-examples/using-proxy",
  ]);
  for (const page of unlisted) expect(await writtenPageContent("macroeconomic", page, "en")).toBeNull();
});

/**
 * A using-sdk page shows only what a reader can get and run: every Python, JavaScript, PHP and R program on it loads
 * a client file the set's downloads offer, so the doc sample test runs it against the server.
 */
describe.each(docSets.filter((set) => docSetPages[set.id].gettingStarted.includes("using-sdk")).map((set) => set.id))(
  "the %s using-sdk page",
  (set) => {
    it.each(["en", "zh"] as const)(
      "in %s, runs every program it shows with the downloadable clients [security3-item6]",
      async (language) => {
        const page = await writtenPageContent(set, "getting-started/using-sdk", language);
        const markdown = page?.content ?? "";
        const clients = clientLanguagesOf(set).map((each) => clientFilename(each, set));
        const programs = markdown.match(/^```(?:python|javascript|php|r)\b/gm) ?? [];
        expect(programs.length).toBeGreaterThan(0);
        expect(apiSamples(markdown, [], clients).map((sample) => sample.position)).toHaveLength(programs.length);
      },
    );
  },
);
