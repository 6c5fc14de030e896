import { hasControlCharacters } from "~/modules/url/control-characters";
import type { ContractOperation, ContractParameter, SchemaNode } from "./contract";
import { schemaProblem } from "./schema-check";

/**
 * The path, query and header parameters of a call read as the spec types them: strings are coerced to
 * integers, numbers and booleans, checked against enum, range, step, pattern and format, and defaults fill
 * what was left out. A problem is one sentence for the 400 answer.
 */

export type ParameterValue = string | number | boolean;
export type ParameterValues = Record<string, ParameterValue>;

export type ParameterReading = { ok: true; values: ParameterValues } | { ok: false; problem: string };

export interface RawParameters {
  path: Record<string, string>;
  query: readonly (readonly [string, string])[];
  headers: Record<string, string>;
}

const integerText = /^-?\d{1,16}$/;
const numberText = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** The typed value of a raw string, or a problem sentence. */
function coerce(schema: SchemaNode, raw: string): { value: ParameterValue } | { problem: string } {
  if (schema.type === "integer") return integerText.test(raw) ? { value: Number(raw) } : { problem: "must be a whole number" };
  if (schema.type === "number") return numberText.test(raw) ? { value: Number(raw) } : { problem: "must be a number" };
  if (schema.type === "boolean")
    return raw === "true" || raw === "false" ? { value: raw === "true" } : { problem: "must be true or false" };
  return { value: raw };
}

function rawValue(parameter: ContractParameter, raw: RawParameters): string | undefined {
  if (parameter.in === "path") return raw.path[parameter.name];
  if (parameter.in === "header") return raw.headers[parameter.name.toLowerCase()];
  return raw.query.find(([name]) => name === parameter.name)?.[1];
}

function readOne(parameter: ContractParameter, raw: RawParameters): { value?: ParameterValue } | { problem: string } {
  const text = rawValue(parameter, raw);
  if (text === undefined || text === "") {
    if (parameter.required) return { problem: `${parameter.name} is required.` };
    const fallback = parameter.schema.default;
    return { value: typeof fallback === "string" || typeof fallback === "number" || typeof fallback === "boolean" ? fallback : undefined };
  }
  if (hasControlCharacters(text)) return { problem: `${parameter.name} must not contain control characters.` };
  const coerced = coerce(parameter.schema, text);
  if ("problem" in coerced) return { problem: `${parameter.name} ${coerced.problem}.` };
  const problem = schemaProblem(parameter.schema, coerced.value, parameter.name, {});
  return problem ? { problem } : coerced;
}

/** Every non-body parameter of the operation, typed and checked. */
export function readParameters(operation: ContractOperation, raw: RawParameters): ParameterReading {
  const values: ParameterValues = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === "body") continue;
    const read = readOne(parameter, raw);
    if ("problem" in read) return { ok: false, problem: read.problem };
    if (read.value !== undefined) values[parameter.name] = read.value;
  }
  return { ok: true, values };
}
