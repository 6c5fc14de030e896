import type { ParameterValues } from "./parameters";

/** A call's checked parameters and body, read by name with the type the spec gave them. */
export interface CallInput {
  values: ParameterValues;
  /** The parsed JSON body of operations that take one; undefined otherwise. */
  body: unknown;
}

export function text(input: CallInput, name: string): string | undefined {
  const value = input.values[name];
  return typeof value === "string" ? value : undefined;
}

/** An integer or number parameter (the spec typed and checked it). */
export function numeric(input: CallInput, name: string): number | undefined {
  const value = input.values[name];
  return typeof value === "number" ? value : undefined;
}

export function flag(input: CallInput, name: string): boolean | undefined {
  const value = input.values[name];
  return typeof value === "boolean" ? value : undefined;
}

/** A comma-separated parameter as its non-empty, trimmed parts; undefined when left out. */
export function list(input: CallInput, name: string): string[] | undefined {
  const value = text(input, name);
  if (value === undefined) return undefined;
  const parts = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length ? parts : undefined;
}
