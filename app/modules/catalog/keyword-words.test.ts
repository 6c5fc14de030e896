import { describe, expect, it } from "vitest";
import { isIndexable, keywordWords, trigramQuery } from "./keyword-words";

describe("keyword words", () => {
  it("splits on any whitespace and lower-cases", () => {
    expect(keywordWords("  GDP\tGrowth \n rate ")).toEqual(["gdp", "growth", "rate"]);
    expect(keywordWords(undefined)).toEqual([]);
    expect(keywordWords("   ")).toEqual([]);
  });

  it("counts characters, not UTF-16 units, against the trigram length", () => {
    expect(isIndexable("gd")).toBe(false);
    expect(isIndexable("gdp")).toBe(true);
    expect(isIndexable("😀😀")).toBe(false);
    expect(isIndexable("中国人")).toBe(true);
  });

  it("quotes every word, doubling its own quotes, so FTS5 operators are taken literally", () => {
    expect(trigramQuery(["gdp", 'a"b', "or", "not*"])).toBe('"gdp" "a""b" "or" "not*"');
  });
});
