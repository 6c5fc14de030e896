import { escapeXml, xmlName } from "~/modules/delivery/serialize";

/**
 * "XML follows the same structure as JSON" (the macroeconomic series operations): every object key becomes
 * an element, every array item an <item>, null an empty element with nil="true". Text is escaped as the
 * portal's dump and feed files are (delivery/serialize.ts), so characters XML 1.0 does not allow (control characters, lone surrogates) are left out.
 */

function element(name: string, value: unknown): string {
  if (value === null || value === undefined) return `<${name} nil="true"/>`;
  if (Array.isArray(value)) return `<${name}>${value.map((item) => element("item", item)).join("")}</${name}>`;
  if (typeof value === "object") {
    const children = Object.entries(value).map(([key, child]) => element(xmlName(key), child));
    return `<${name}>${children.join("")}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

export function toXml(value: unknown, root = "response"): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, value)}`;
}
