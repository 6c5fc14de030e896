import { describe, expect, it } from "vitest";
import { escapeXml, framing, JsonText, RecordWithDateValues, singular, xmlElement, type BytePiece, type DateValue } from "./serialize";

/** A piece's bytes as text, checked to stay within the bytes it announced. */
function pieceText(piece: string | BytePiece): string {
  if (typeof piece === "string") return piece;
  const buffer = Buffer.alloc(piece.bytes + 16);
  const end = piece.write(buffer, 8);
  expect(end - 8).toBeLessThanOrEqual(piece.bytes);
  return buffer.toString("utf8", 8, end);
}

function whole(format: "json" | "xml", records: unknown[]) {
  const frame = framing(format, { root: "dump", collection: "series", header: { id: "d1", name: "Q&A <dump>" } });
  return frame.open + records.map((record, index) => pieceText(frame.record(record, index))).join("") + frame.close(records.length);
}

describe("serialize", () => {
  it("writes valid JSON for no, one and many records", () => {
    for (const records of [[], [{ id: "1" }], [{ id: "1" }, { id: "2", points: [{ date: "2020-01-01", value: 1.5 }] }]]) {
      expect(JSON.parse(whole("json", records))).toEqual({ dump: { id: "d1", name: "Q&A <dump>" }, series: records });
    }
  });

  it("writes escaped XML with one element per array entry", () => {
    const xml = whole("xml", [
      {
        id: "1",
        name: "A & B",
        points: [
          { date: "2020-01-01", value: 1.5 },
          { date: "2020-02-01", value: null },
        ],
      },
    ]);
    expect(xml).toContain("<name>Q&amp;A &lt;dump&gt;</name>");
    expect(xml).toContain("<series>\n    <series>");
    expect(xml).toContain("<point>");
    expect(xml).toContain('<value nil="true"/>');
    expect(xml).toContain("<name>A &amp; B</name>");
    expect(xml.trim().endsWith("</dump>")).toBe(true);
  });

  it("names array entries and keeps element names valid", () => {
    expect(singular("companies")).toBe("company");
    expect(singular("points")).toBe("point");
    expect(singular("series")).toBe("series");
    expect(xmlElement("2020 value", 1)).toBe("<_2020_value>1</_2020_value>");
  });

  it("[security-2] encodes CR and LF in XML values so that a name cannot add lines to the bytes sent", () => {
    const xml = whole("xml", [{ id: "1", name: "probe\r\nSET injected-line 1\r\nX" }]);
    expect(xml).toContain("<name>probe&#13;&#10;SET injected-line 1&#13;&#10;X</name>");
    expect(xml.split("\n").some((line) => line.startsWith("SET"))).toBe(false);
    expect(xml).not.toContain("\r");
  });

  it("[security-22] drops characters XML 1.0 does not allow and keeps the ones it does", () => {
    expect(escapeXml("a\u0000b\u0007c\u000bd\u001fe\uFFFEf\uD800g")).toBe("abcdefg");
    expect(escapeXml("tab\there é 中 😀 \u007f")).toBe("tab\there é 中 😀 \u007f");
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");

    // Every UTF-16 unit, and a pair, as the full chain of replacements escapes it (a text left alone is unchanged by it).
    const chain = (text: string) =>
      text
        .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/"/g, "&quot;")
        .replace(/'/g, "&apos;")
        .replace(/\r/g, "&#13;")
        .replace(/\n/g, "&#10;");
    for (let unit = 0; unit <= 0xffff; unit++) {
      const text = `a${String.fromCharCode(unit)}b`;
      if (escapeXml(text) !== chain(text))
        expect(`U+${unit.toString(16)} ${escapeXml(text)}`).toBe(`U+${unit.toString(16)} ${chain(text)}`);
    }
    expect(escapeXml("a😀b")).toBe("a😀b");
  });
});

/** Entries as slices of one text, in a scrambled order and among other bytes. */
function slices(entries: readonly DateValue[]) {
  let text = "[";
  const offsets: number[] = [];
  for (const { date, value } of [...entries].reverse()) {
    const valueAt = text.length;
    text += `${JSON.stringify(value)},`;
    offsets.unshift(text.length, text.length + date.length, valueAt, valueAt + JSON.stringify(value).length);
    text += `${date}]`;
  }
  return { text: Buffer.from(text), offsets: Int32Array.from(offsets) };
}

describe("RecordWithDateValues", () => {
  const points = [
    { date: "2020-01-31", value: 1.5 },
    { date: "2020-02-29", value: -0.000001 },
    { date: "2020-03-31", value: 1e21 },
  ];
  const withSlices = [
    new RecordWithDateValues({ id: "1", name: "A & B 中文", note: undefined, status: "active" }, "points", slices(points)),
    new RecordWithDateValues({}, "points", slices([])),
    new RecordWithDateValues({}, "points", slices(points.slice(0, 1))),
    new RecordWithDateValues({ 7: "integer key", id: "3" }, "points", slices(points)),
    new RecordWithDateValues({ id: "4" }, "points", [{ date: "<2020>", value: null }]),
    { id: "5", points },
  ];
  const parsed = [
    { id: "1", name: "A & B 中文", note: undefined, status: "active", points },
    { points: [] },
    { points: points.slice(0, 1) },
    { 7: "integer key", id: "3", points },
    { id: "4", points: [{ date: "<2020>", value: null }] },
    { id: "5", points },
  ];

  it("writes the same JSON and XML as the record it holds", () => {
    for (const format of ["json", "xml"] as const) expect(whole(format, withSlices)).toBe(whole(format, parsed));
    expect(JSON.stringify(withSlices)).toBe(JSON.stringify(parsed));
  });

  it("copies slices as bytes, written straight into the buffer", () => {
    for (const format of ["json", "xml"] as const) {
      const frame = framing(format, { root: "dump", collection: "series", header: {} });
      expect(typeof frame.record(withSlices[0], 0)).toBe("object");
      expect(typeof frame.record(withSlices[4], 1)).toBe("string");
    }
  });
});

describe("JsonText", () => {
  const records = [
    { id: "1", name: 'A "quoted" & <tagged> 中文', points: [{ date: "2020-01-31", value: 1.5 }] },
    { id: "2", points: [] },
  ];
  const texts = records.map((record) => new JsonText(JSON.stringify(record)));

  it("writes its text as it is in JSON, and the record it holds in XML", () => {
    for (const format of ["json", "xml"] as const) expect(whole(format, texts)).toBe(whole(format, records));
    const frame = framing("json", { root: "dump", collection: "series", header: {} });
    expect(typeof frame.record(texts[0], 0)).toBe("object");
  });
});
