import type { SchemaNode } from "./contract";

/**
 * Checks a value against a Swagger 2.0 schema (the subset the shipped specs use: $ref, object, array, the
 * scalar types, enum, format, pattern, ranges, sizes and x-nullable) and answers the first problem as a
 * sentence for a 400, or null when the value fits.
 */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export function isDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An ISO 8601 moment with its offset, e.g. 2025-01-17T02:15:00Z. */
export function isDateTime(value: string): boolean {
  return dateTimePattern.test(value) && isDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

function isUri(value: string): boolean {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
}

function formatProblem(format: string | undefined, value: string): string | null {
  if (format === "date" && !isDate(value)) return "must be a date (YYYY-MM-DD)";
  if (format === "date-time" && !isDateTime(value)) return "must be a date and time in ISO 8601 (e.g. 2025-01-17T02:15:00Z)";
  if (format === "uri" && !isUri(value)) return "must be an absolute URL";
  return null;
}

/** Control characters (C0, DEL, C1): never in a name or a code, and XML 1.0 cannot even escape most of them (finding N15). */
const controlCharacters = /\p{Cc}/u;
/** A description may keep its line breaks and tabs, as the profile's does (auth-schemas.ts). */
const controlCharactersButLines = /(?![\t\n\r])\p{Cc}/u;
/** Half of a surrogate pair on its own: JSON can carry one, but it is no character at all. */
const loneSurrogate = /\p{Cs}/u;

function stringProblem(schema: SchemaNode, value: string, path: string): string | null {
  const forbidden = /\.description$/.test(path) ? controlCharactersButLines : controlCharacters;
  if (forbidden.test(value)) return "must not contain control characters";
  if (loneSurrogate.test(value)) return "must be valid Unicode text";
  if (schema.minLength !== undefined && value.length < schema.minLength) return `must be at least ${schema.minLength} characters long`;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return `must be at most ${schema.maxLength} characters long`;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return `does not have the expected form ${schema.pattern}`;
  return formatProblem(schema.format, value);
}

const INT32 = 2 ** 31;

function numberProblem(schema: SchemaNode, value: number): string | null {
  if (schema.type === "integer" && !Number.isSafeInteger(value)) return "must be a whole number";
  if (schema.format === "int32" && (value < -INT32 || value >= INT32)) return "is out of range";
  if (schema.minimum !== undefined && value < schema.minimum) return `must be at least ${schema.minimum}`;
  if (schema.maximum !== undefined && value > schema.maximum) return `must be at most ${schema.maximum}`;
  if (schema.multipleOf !== undefined && value % schema.multipleOf !== 0) return `must be a multiple of ${schema.multipleOf}`;
  return null;
}

function enumProblem(schema: SchemaNode, value: unknown): string | null {
  if (!schema.enum || schema.enum.includes(value)) return null;
  return `must be one of ${schema.enum.map((option) => String(option)).join(", ")}`;
}

type Definitions = Record<string, SchemaNode>;

function resolve(schema: SchemaNode, definitions: Definitions): SchemaNode {
  if (!schema.$ref) return schema;
  const target = definitions[schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1)];
  if (!target) throw new Error(`Unknown definition ${schema.$ref}`);
  return target;
}

const typeOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

function typeProblem(schema: SchemaNode, value: unknown): string | null {
  const actual = typeOf(value);
  const expected = schema.type ?? (schema.properties ? "object" : undefined);
  if (expected === undefined) return null;
  if (expected === "integer" || expected === "number")
    return actual === "number" ? null : `must be a ${expected === "integer" ? "whole number" : "number"}`;
  if (expected !== actual) return `must be ${expected === "array" || expected === "object" ? "an" : "a"} ${expected}`;
  return null;
}

/** The first problem of `value` under `path` (a field name for the message), or null. */
export function schemaProblem(schema: SchemaNode, value: unknown, path: string, definitions: Definitions): string | null {
  const node = resolve(schema, definitions);
  if (value === null && node["x-nullable"]) return null;
  const problem = typeProblem(node, value) ?? enumProblem(node, value) ?? scalarProblem(node, value, path);
  if (problem) return `${path} ${problem}.`;
  if (Array.isArray(value)) return arrayProblem(node, value, path, definitions);
  if (typeOf(value) === "object") return objectProblem(node, value as Record<string, unknown>, path, definitions);
  return null;
}

function scalarProblem(schema: SchemaNode, value: unknown, path: string): string | null {
  if (typeof value === "string") return stringProblem(schema, value, path);
  if (typeof value === "number") return numberProblem(schema, value);
  return null;
}

function arrayProblem(schema: SchemaNode, value: unknown[], path: string, definitions: Definitions): string | null {
  if (schema.minItems !== undefined && value.length < schema.minItems) return `${path} must hold at least ${schema.minItems} items.`;
  if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${path} must hold at most ${schema.maxItems} items.`;
  if (!schema.items) return null;
  for (const [index, item] of value.entries()) {
    const problem = schemaProblem(schema.items, item, `${path}[${index}]`, definitions);
    if (problem) return problem;
  }
  return null;
}

function objectProblem(schema: SchemaNode, value: Record<string, unknown>, path: string, definitions: Definitions): string | null {
  for (const name of schema.required ?? []) {
    if (value[name] === undefined) return `${path}.${name} is required.`;
  }
  for (const [name, item] of Object.entries(value)) {
    const property =
      schema.properties?.[name] ?? (typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined);
    if (!property) continue;
    const problem = schemaProblem(property, item, `${path}.${name}`, definitions);
    if (problem) return problem;
  }
  return null;
}
