import { describe, expect, it } from "vitest";
import { normaliseSpec } from "./openapi3";
import { parseSpecTranslation, pointerToken, translatableTexts, translateSpec } from "./spec-translation";

const spec = {
  swagger: "2.0",
  info: { title: "Series", version: "1", description: "The series API." },
  tags: [{ name: "Series", description: "Time series." }],
  paths: {
    "/series/search": {
      get: {
        tags: ["Series"],
        summary: "Search series",
        description: "Finds series.",
        parameters: [{ name: "q", in: "query", type: "string", description: "Words to find.", default: "gdp" }],
        responses: { "200": { description: "Found.", examples: { "application/json": { description: "an example" } } } },
      },
    },
  },
  definitions: {
    "a~b": {
      type: "object",
      "x-note": { description: "tooling" },
      properties: { code: { type: "string", description: "The code.", enum: ["x"], example: { title: "no" } } },
    },
  },
};

describe("translatableTexts", () => {
  it("finds summaries, descriptions and titles by RFC 6901 pointer, skipping examples, enums, defaults and x- keys", () => {
    expect([...translatableTexts(spec).keys()]).toEqual([
      "/info/title",
      "/info/description",
      "/tags/0/description",
      "/paths/~1series~1search/get/summary",
      "/paths/~1series~1search/get/description",
      "/paths/~1series~1search/get/parameters/0/description",
      "/paths/~1series~1search/get/responses/200/description",
      "/definitions/a~0b/properties/code/description",
    ]);
    expect(pointerToken("a/b~c")).toBe("a~1b~0c");
  });
});

describe("translateSpec", () => {
  const translation = parseSpecTranslation({
    texts: {
      "/paths/~1series~1search/get/summary": "搜索序列",
      "/paths/~1series~1search/get/parameters/0/description": "要查找的词。",
      "/definitions/a~0b/properties/code/description": "代码。",
      "/paths/~1gone/get/summary": "已删除",
      "/info/version": "不是文本",
    },
    tagNames: { Series: "序列" },
    other: 1,
  });

  it("puts the Chinese texts at their pointers on a copy, leaving the spec as it was", () => {
    const translated = translateSpec(spec, translation);
    const model = normaliseSpec(translated.spec);
    const [operation] = model.operations;
    expect(operation?.summary).toBe("搜索序列");
    expect(operation?.parameters[0]?.description).toBe("要查找的词。");
    expect(model.definitions["a~b"]?.properties?.code?.description).toBe("代码。");
    expect(spec.paths["/series/search"].get.summary).toBe("Search series");
  });

  it("lists the texts without a Chinese version, and the file's pointers that name no text as stale", () => {
    const translated = translateSpec(spec, translation);
    expect(translated.untranslated).toEqual([
      "/info/title",
      "/info/description",
      "/tags/0/description",
      "/paths/~1series~1search/get/description",
      "/paths/~1series~1search/get/responses/200/description",
    ]);
    expect(translated.englishTexts.has("Finds series.")).toBe(true);
    expect(translated.englishTexts.has("Search series")).toBe(false);
    expect(translated.stale).toEqual(["/paths/~1gone/get/summary", "/info/version"]);
  });

  it("reads only the well-formed parts of a file", () => {
    expect(parseSpecTranslation({ texts: { "/a": 1, "/b": "乙" }, tagNames: [] })).toEqual({ texts: { "/b": "乙" }, tagNames: {} });
    expect(parseSpecTranslation(null)).toEqual({ texts: {}, tagNames: {} });
  });
});
