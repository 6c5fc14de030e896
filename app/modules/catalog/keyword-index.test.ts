import { describe, expect, it } from "vitest";
import { KeywordIndex, type IndexedText } from "./keyword-index";

const rows: IndexedText<string>[] = [
  { id: "SR3", text: "sr3 gross domestic product, austria, quarterly" },
  { id: "SR1", text: "sr1 exports of goods, germany, monthly 100%_ y/y" },
  { id: "SR2", text: "sr2 gross domestic product, germany, annual" },
  { id: "SR10", text: "sr10 中国 exports, china, annual 😀" },
].map((row) => ({ ...row, item: row.id }));

/** What SQL's LIKE finds: every word anywhere in the text. */
const expected = (words: readonly string[]) =>
  rows
    .filter((row) => words.every((word) => row.text.includes(word)))
    .map((row) => row.id)
    .sort();

describe("the keyword index", () => {
  it("finds the series holding every word, of any length, in id order", async () => {
    const index = await KeywordIndex.build(rows);
    expect(index.size).toBe(4);
    for (const words of [
      ["gross"],
      ["domestic", "germany"],
      ["de"],
      ["a"],
      ["ex", "germany"],
      ["sr1"],
      ["100%_"],
      ["y/y"],
      ["中国"],
      ["😀"],
      ["china", "中国"],
      ["zebra"],
      ["gross", "zebra"],
      ["product,"],
      // The texts are kept as slices of one string joined by line breaks: no word runs from one into the next.
      ["y/y\nsr10"],
      ["annual\nsr3"],
      [],
    ]) {
      expect(index.matches(words), words.join(" ")).toEqual(expected(words));
    }
    expect(index.matches(["gross"])).toEqual(["SR2", "SR3"]);
    expect(index.matches([])).toEqual(["SR1", "SR10", "SR2", "SR3"]);
  });

  it("pauses while indexing a large catalog", async () => {
    let pauses = 0;
    const many = Array.from({ length: 45 }, (_, n) => ({ id: `S${String(n).padStart(3, "0")}`, text: `s${n} text number ${n}`, item: n }));
    const index = await KeywordIndex.build(many, async () => void pauses++, 10);
    expect(pauses).toBe(4);
    expect(index.matches(["number 4"])).toEqual([4, 40, 41, 42, 43, 44]);
  });
});
