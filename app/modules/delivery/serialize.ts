/** Turns the records of a dump or feed into JSON or XML text, one record at a time (see writer.server.ts). */

export const outputFormats = ["json", "xml"] as const;
export type OutputFormat = (typeof outputFormats)[number];

/** Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE and U+FFFF). */
const notXmlCharacters = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Any character escapeXml changes: one test spares most texts (ids, dates, numbers, names) its eight passes. */
const changedInXml = /[^\t\u0020\u0021\u0023-\u0025\u0028-\u003B\u003D\u003F-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Escaped text; CR and LF become character references so that no value adds lines to the file's bytes. */
export function escapeXml(text: string): string {
  if (!changedInXml.test(text)) return text;
  return text
    .replace(notXmlCharacters, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\r/g, "&#13;")
    .replace(/\n/g, "&#10;");
}

/**
 * A key as an XML element name (the files' and the data APIs' XML): letters, digits, _, - and ., never starting with a
 * digit or punctuation (an underscore goes first); any other character becomes an underscore.
 */
export function xmlName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) return name;
  const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, "_");
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

const irregular: Record<string, string> = { series: "series", data: "item", criteria: "criterion", statuses: "status" };

/** "points" -> "point", "companies" -> "company": the element of each entry of an array. */
export function singular(name: string): string {
  if (irregular[name]) return irregular[name];
  if (name.endsWith("ies")) return `${name.slice(0, -3)}y`;
  if (name.endsWith("s") && !name.endsWith("ss")) return name.slice(0, -1);
  return "item";
}

/** One entry of a list of dated values, as records carry them. */
export interface DateValue {
  date: string;
  value: number | null;
}

/**
 * `{date, value}` entries kept as slices of one text (a series' points as the catalog stores them): a dump of points
 * as published writes millions of them, and an object (or even a string) for each cost most of its time (issue 27).
 * The text is ASCII; a date's slice is its characters, with nothing to escape in JSON or XML; a value's slice is
 * the number as JSON.stringify writes it (never null).
 */
export interface DateValueSlices {
  readonly text: Uint8Array;
  /** For each entry: where its date starts and ends, then where its value starts and ends, in `text`. */
  readonly offsets: Int32Array;
}

const ascii = new TextDecoder("latin1");

function dateValueEntries({ text, offsets }: DateValueSlices): DateValue[] {
  const entries: DateValue[] = [];
  for (let index = 0; index < offsets.length; index += 4) {
    const date = ascii.decode(text.subarray(offsets[index], offsets[index + 1]));
    entries.push({ date, value: Number(ascii.decode(text.subarray(offsets[index + 2], offsets[index + 3]))) });
  }
  return entries;
}

/**
 * A record whose last member is a list of dated values, given as slices (a series' points as published) or as
 * entries. The writers copy the slices' bytes straight into the file (see `BytePiece`); anything else (JSON.stringify)
 * sees the parsed record, so the bytes are the same either way. `key` is not in `head`.
 */
export class RecordWithDateValues {
  constructor(
    readonly head: Record<string, unknown>,
    readonly key: string,
    readonly values: DateValueSlices | readonly DateValue[],
  ) {}

  toJSON(): Record<string, unknown> {
    return { ...this.head, [this.key]: "offsets" in this.values ? dateValueEntries(this.values) : this.values };
  }
}

/**
 * A record given as its JSON text (a series as the catalog's database writes it): a JSON file copies the text as it
 * is; anything else sees the parsed record.
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/** Output written straight into a buffer: at most `bytes` long; `write` answers the offset where it ended. */
export interface BytePiece {
  readonly bytes: number;
  write(buffer: Buffer, offset: number): number;
}

/** The constant bytes around and between the entries of a DateValueSlices, in one format. */
interface EntryBytes {
  empty: Uint8Array;
  open: Uint8Array;
  beforeDate: Uint8Array;
  beforeValue: Uint8Array;
  afterValue: Uint8Array;
  separator: Uint8Array;
  close: Uint8Array;
}

function entryBytes(parts: Record<keyof EntryBytes, string>): EntryBytes {
  const encode = (text: string) => new Uint8Array(Buffer.from(text));
  return {
    empty: encode(parts.empty),
    open: encode(parts.open),
    beforeDate: encode(parts.beforeDate),
    beforeValue: encode(parts.beforeValue),
    afterValue: encode(parts.afterValue),
    separator: encode(parts.separator),
    close: encode(parts.close),
  };
}

function copyBytes(from: Uint8Array, to: Uint8Array, offset: number): number {
  let end = offset;
  for (let index = 0; index < from.length; index++) to[end++] = from[index]!;
  return end;
}

const jsonEntries = entryBytes({
  empty: "[]",
  open: "[",
  beforeDate: '{"date":"',
  beforeValue: '","value":',
  afterValue: "}",
  separator: ",",
  close: "]",
});

/**
 * The entries' bytes: the slices (a few bytes each, too short for a native copy to pay) one by one, the constant
 * parts (tens of bytes in XML) by a native copy.
 */
function writeEntries(bytes: EntryBytes, { text, offsets }: DateValueSlices, buffer: Buffer, offset: number): number {
  if (offsets.length === 0) return copyBytes(bytes.empty, buffer, offset);
  const { beforeDate, beforeValue, afterValue } = bytes;
  let end = copyBytes(bytes.open, buffer, offset);
  for (let index = 0; index < offsets.length; index += 4) {
    if (index > 0) end = copyBytes(bytes.separator, buffer, end);
    buffer.set(beforeDate, end);
    end += beforeDate.length;
    for (let at = offsets[index]!, stop = offsets[index + 1]!; at < stop; at++) buffer[end++] = text[at]!;
    buffer.set(beforeValue, end);
    end += beforeValue.length;
    for (let at = offsets[index + 2]!, stop = offsets[index + 3]!; at < stop; at++) buffer[end++] = text[at]!;
    buffer.set(afterValue, end);
    end += afterValue.length;
  }
  return copyBytes(bytes.close, buffer, end);
}

/** `before`, the entries, then `after`: text is encoded as UTF-8, at most 3 bytes a UTF-16 unit. */
function entriesPiece(before: string, bytes: EntryBytes, slices: DateValueSlices, after: string): BytePiece {
  const entries = slices.offsets.length / 4;
  const each = bytes.separator.length + bytes.beforeDate.length + bytes.beforeValue.length + bytes.afterValue.length;
  const frame = Math.max(bytes.empty.length, bytes.open.length + bytes.close.length);
  return {
    bytes: (before.length + after.length) * 3 + frame + entries * each + slices.text.length,
    write(buffer, offset) {
      const end = writeEntries(bytes, slices, buffer, offset + buffer.write(before, offset));
      return end + buffer.write(after, end);
    },
  };
}

/** Two texts, each copied into the buffer on its own: joining them first would copy the (long) record once more. */
function textsPiece(before: string, text: string): BytePiece {
  return {
    bytes: (before.length + text.length) * 3,
    write(buffer, offset) {
      const end = offset + buffer.write(before, offset);
      return end + buffer.write(text, end);
    },
  };
}

/**
 * `before` then a record as JSON.stringify writes it; a JsonText's text and a RecordWithDateValues' slices are copied
 * as they are.
 */
function recordJson(before: string, record: unknown): string | BytePiece {
  if (record instanceof JsonText) return textsPiece(before, record.text);
  if (!(record instanceof RecordWithDateValues) || !("offsets" in record.values)) return `${before}${JSON.stringify(record)}`;
  const head = JSON.stringify(record.head);
  const members = `${head.length > 2 ? `${head.slice(0, -1)},` : "{"}${JSON.stringify(record.key)}:`;
  return entriesPiece(`${before}${members}`, jsonEntries, record.values, "}");
}

/** The XML of xmlElement for the entries of `key` at `indent`. */
function xmlEntries(key: string, indent: string): EntryBytes {
  const tag = xmlName(key);
  const entry = `${indent}  <${xmlName(singular(key))}>`;
  return entryBytes({
    empty: `${indent}<${tag}/>`,
    open: `${indent}<${tag}>\n`,
    beforeDate: `${entry}\n${indent}    <date>`,
    beforeValue: `</date>\n${indent}    <value>`,
    afterValue: `</value>\n${entry.replace("<", "</")}`,
    separator: "\n",
    close: `\n${indent}</${tag}>`,
  });
}

/** xmlElement of a record, its slices copied as they are. */
function recordXml(
  name: string,
  record: unknown,
  indent: string,
  entries: (key: string, indent: string) => EntryBytes,
): string | BytePiece {
  if (!(record instanceof RecordWithDateValues) || !("offsets" in record.values)) return `${xmlElement(name, record, indent)}\n`;
  const members = `${indent}  `;
  const head = Object.entries(record.head).map(([key, value]) => `${xmlElement(key, value, members)}\n`);
  const tag = xmlName(name);
  return entriesPiece(`${indent}<${tag}>\n${head.join("")}`, entries(record.key, members), record.values, `\n${indent}</${tag}>\n`);
}

/** One value as an XML element; null is an empty element with xsi-free `nil="true"`. */
export function xmlElement(name: string, value: unknown, indent = ""): string {
  if (value instanceof RecordWithDateValues || value instanceof JsonText) return xmlElement(name, value.toJSON(), indent);
  const tag = xmlName(name);
  if (value === null || value === undefined) return `${indent}<${tag} nil="true"/>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}<${tag}/>`;
    const child = singular(name);
    return `${indent}<${tag}>\n${value.map((entry) => xmlElement(child, entry, `${indent}  `)).join("\n")}\n${indent}</${tag}>`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return `${indent}<${tag}/>`;
    return `${indent}<${tag}>\n${entries.map(([key, entry]) => xmlElement(key, entry, `${indent}  `)).join("\n")}\n${indent}</${tag}>`;
  }
  return `${indent}<${tag}>${escapeXml(String(value))}</${tag}>`;
}

export interface Envelope {
  /** The root element or object key: "dump" or "feed". */
  root: string;
  /** The array of records: "series", "companies", "documents". */
  collection: string;
  header: Record<string, unknown>;
}

/** The text before, between and after the records, and each record, for a streaming writer. */
export function framing(format: OutputFormat, envelope: Envelope) {
  const { root, collection, header } = envelope;
  if (format === "json") {
    return {
      open: `{${JSON.stringify(root)}:${JSON.stringify(header)},${JSON.stringify(collection)}:[`,
      record: (record: unknown, index: number) => recordJson(index === 0 ? "\n" : ",\n", record),
      close: (count: number) => `${count > 0 ? "\n" : ""}]}\n`,
    };
  }
  const item = singular(collection);
  // Records are all written at the same indent: the entries' bytes depend on their key alone.
  const entries = new Map<string, EntryBytes>();
  const entriesOf = (key: string, indent: string) => entries.get(key) ?? entries.set(key, xmlEntries(key, indent)).get(key)!;
  return {
    open: `<?xml version="1.0" encoding="UTF-8"?>\n<${xmlName(root)}>\n${xmlElement("header", header, "  ")}\n  <${xmlName(collection)}>\n`,
    record: (record: unknown) => recordXml(item, record, "    ", entriesOf),
    close: () => `  </${xmlName(collection)}>\n</${xmlName(root)}>\n`,
  };
}
