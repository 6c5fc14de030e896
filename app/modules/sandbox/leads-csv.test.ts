import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./leads-csv";

describe("csvCell", () => {
  it("leaves plain text as it is and writes null as empty", () => {
    expect(csvCell("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)", () => {
    expect(csvCell("Engines, Ltd")).toBe('"Engines, Ltd"');
    expect(csvCell('The "Engine"')).toBe('"The ""Engine"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("writes the header and rows with CRLF line ends", () => {
    expect(
      toCsv(
        ["name", "company"],
        [
          ["Ada", "Engines, Ltd"],
          ["=1", null],
        ],
      ),
    ).toBe('name,company\r\nAda,"Engines, Ltd"\r\n\'=1,\r\n');
  });
});
