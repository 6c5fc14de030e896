/** Turns the records of a dump or feed into JSON or XML text, one record at a time (see writer.server.ts). */

export const outputFormats = ["json", "xml"] as const;
export type OutputFormat = (typeof outputFormats)[number];

/** Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE and U+FFFF). */
const notXmlCharacters = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escaped text; CR and LF become character references so that no value adds lines to the file's bytes. */
export function escapeXml(text: string): string {
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

/** Element names are XML names: anything else becomes an underscore. */
function xmlName(name: string): string {
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

/**
 * A record whose last member is already JSON text (made when the record is written), for a part cheaper to cut
 * from stored JSON than to parse and serialise again (a series' points). The JSON writer copies the text after the other members; anything else
 * (XML, JSON.stringify) sees the parsed record, so the bytes are the same either way. `key` is not in `head`.
 */
export class RecordWithJsonTail {
  constructor(
    readonly head: Record<string, unknown>,
    readonly key: string,
    readonly json: () => string,
  ) {}

  toJSON(): Record<string, unknown> {
    return { ...this.head, [this.key]: JSON.parse(this.json()) };
  }
}

/** A record as JSON.stringify writes it; a RecordWithJsonTail's text is copied as it is. */
function recordJson(record: unknown): string {
  if (!(record instanceof RecordWithJsonTail)) return JSON.stringify(record);
  const head = JSON.stringify(record.head);
  return `${head.length > 2 ? `${head.slice(0, -1)},` : "{"}${JSON.stringify(record.key)}:${record.json()}}`;
}

/** One value as an XML element; null is an empty element with xsi-free `nil="true"`. */
export function xmlElement(name: string, value: unknown, indent = ""): string {
  if (value instanceof RecordWithJsonTail) return xmlElement(name, value.toJSON(), indent);
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
      record: (record: unknown, index: number) => `${index === 0 ? "\n" : ",\n"}${recordJson(record)}`,
      close: (count: number) => `${count > 0 ? "\n" : ""}]}\n`,
    };
  }
  const item = singular(collection);
  return {
    open: `<?xml version="1.0" encoding="UTF-8"?>\n<${xmlName(root)}>\n${xmlElement("header", header, "  ")}\n  <${xmlName(collection)}>\n`,
    record: (record: unknown) => `${xmlElement(item, record, "    ")}\n`,
    close: () => `  </${xmlName(collection)}>\n</${xmlName(root)}>\n`,
  };
}
