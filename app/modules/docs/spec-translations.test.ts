import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { docSets } from "~/modules/registry/registry";
import { normaliseSpec } from "./openapi3";
import { declaredTags } from "./spec-model";
import { parseSpecTranslation, translateSpec } from "./spec-translation";

const contentPath = (file: string) => fileURLToPath(new URL(`../../../content/specs/${file}`, import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(contentPath(file), "utf8"));
const hasTranslation = (id: string) => existsSync(contentPath(`zh/${id}.json`));

/** Issue 30: every text of every specification reads in Chinese; the failure lists what is missing. */
describe("the specifications' Chinese texts", () => {
  it("have a file for every documentation set", () => {
    expect(docSets.map((docSet) => docSet.id).filter((id) => !hasTranslation(id))).toEqual([]);
  });

  for (const { id } of docSets.filter((docSet) => hasTranslation(docSet.id))) {
    it(`cover every text and tag of ${id}, naming no text the spec no longer has`, () => {
      const spec = readJson(`${id}.json`);
      const translation = parseSpecTranslation(readJson(`zh/${id}.json`));
      const { untranslated, stale } = translateSpec(spec, translation);
      const tags = new Set([
        ...declaredTags((spec as { tags?: unknown }).tags).map((tag) => tag.name),
        ...normaliseSpec(spec).operations.flatMap((operation) => operation.tags),
      ]);
      const untranslatedTags = [...tags].filter((tag) => !translation.tagNames[tag]?.trim());
      expect({ untranslated, untranslatedTags, stale }).toEqual({ untranslated: [], untranslatedTags: [], stale: [] });
    });
  }
});
