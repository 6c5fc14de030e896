import { describe, expect, it } from "vitest";
import { textPdf } from "./pdf";

describe("textPdf", () => {
  it("writes a PDF whose cross-reference table points at its objects", () => {
    const pdf = textPdf(["Title (draft)", "word ".repeat(400), "Zürich – 北京"]).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true));
    expect(pdf).toContain("(Title \\(draft\\)) Tj");
    expect(pdf).toContain("(Zürich ? ??) Tj");
  });

  it("starts a new page after 54 lines", () => {
    const pdf = textPdf(Array.from({ length: 60 }, (_, i) => `line ${i}`)).toString("latin1");
    expect(pdf).toContain("/Count 2");
  });
});
