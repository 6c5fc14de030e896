import type { ApiAuth, ApiModel, ApiOperation } from "../../spec-model";

// What the four clients share: naming conventions, one plan per callable operation, comments and string literals.

export interface ClientOptions {
  packageName: string;
  version: string;
}

/** "getHTTPStatus-v2" -> ["get", "http", "status", "v2"]; only ASCII letters and digits survive. */
export function identifierWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
export const snakeCase = (words: string[]) => words.join("_");
export const camelCase = (words: string[]) => words.map((word, index) => (index === 0 ? word : capitalise(word))).join("");
export const pascalCase = (words: string[]) => words.map(capitalise).join("");

export interface Convention {
  method: (words: string[]) => string;
  argument: (words: string[]) => string;
  reservedMethods: ReadonlySet<string>;
  reservedArguments: ReadonlySet<string>;
  /** PHP method names are case-insensitive */
  foldCase: boolean;
}

export const words = (list: string) => list.split(" ");

/** A valid, unused name: reserved words get a trailing "_", repeats a counter. */
function claimName(name: string, taken: Set<string>, reserved: ReadonlySet<string>, foldCase: boolean): string {
  const key = (candidate: string) => (foldCase ? candidate.toLowerCase() : candidate);
  const base = reserved.has(key(name)) ? `${name}_` : name;
  let candidate = base;
  for (let counter = 2; taken.has(key(candidate)); counter++) candidate = `${base}_${counter}`;
  taken.add(key(candidate));
  return candidate;
}

export function identifier(text: string, style: (words: string[]) => string, fallback: string): string {
  const parts = identifierWords(text);
  if (parts.length === 0) return fallback;
  return style(/^[0-9]/.test(parts[0] ?? "") ? [fallback, ...parts] : parts);
}

export type PathPart = { literal: string } | { argument: string };

export interface MethodPlan {
  name: string;
  doc: string[];
  method: string;
  pathArguments: string[];
  path: PathPart[];
  body: "required" | "optional" | null;
}

function methodDoc(operation: ApiOperation): string[] {
  const call = `${operation.method.toUpperCase()} ${operation.path}`;
  const query = operation.parameters
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => (parameter.required ? `${parameter.name} (required)` : parameter.name));
  return [operation.summary || call, "", call, ...(query.length > 0 ? [`Query parameters: ${query.join(", ")}`] : [])];
}

/** One method per operation the client can call; webhooks are sent by the API, not called. */
export function planMethods(model: ApiModel, convention: Convention): MethodPlan[] {
  const takenMethods = new Set<string>();
  const callable = model.operations.filter((operation) => !operation.webhook);
  return callable.map((operation) => {
    const name = claimName(
      identifier(operation.id, convention.method, "operation"),
      takenMethods,
      convention.reservedMethods,
      convention.foldCase,
    );
    const takenArguments = new Set<string>();
    const argumentOf = new Map(
      operation.parameters
        .filter((parameter) => parameter.in === "path")
        .map((parameter) => [
          parameter.name,
          claimName(identifier(parameter.name, convention.argument, "value"), takenArguments, convention.reservedArguments, false),
        ]),
    );
    const path = operation.path.split(/(\{[^}]+\})/).flatMap((piece): PathPart[] => {
      if (piece === "") return [];
      const argument = argumentOf.get(piece.slice(1, -1));
      return argument && piece.startsWith("{") ? [{ argument }] : [{ literal: piece }];
    });
    const body = operation.parameters.find((parameter) => parameter.in === "body");
    return {
      name,
      doc: methodDoc(operation),
      method: operation.method.toUpperCase(),
      pathArguments: [...argumentOf.values()],
      path,
      body: body ? (body.required ? "required" : "optional") : null,
    };
  });
}

export function lines(text: string): string[] {
  return text.split(/\r\n|[\n\r\u2028\u2029]/);
}

/** A JavaScript or PHP doc block; "*\/" inside the text cannot close it. */
export function docBlock(text: string[], indent: string): string {
  const body = text.flatMap(lines).map((line) => `${indent} *${line ? ` ${line.replace(/\*\//g, "*\\/")}` : ""}`);
  return [`${indent}/**`, ...body, `${indent} */`].join("\n");
}

/** JSON string syntax is also valid Python, JavaScript and R string syntax. */
export const quoted = (text: string) => JSON.stringify(text);

export function pathExpression(
  path: PathPart[],
  literal: (text: string) => string,
  value: (argument: string) => string,
  join: string,
): string {
  return path.length === 0
    ? literal("")
    : path.map((part) => ("literal" in part ? literal(part.literal) : value(part.argument))).join(join);
}

export function isBearer(auth: ApiAuth): boolean {
  return auth.name.toLowerCase() === "authorization";
}

export function title(model: ApiModel, options: ClientOptions): string {
  return `${model.title || options.packageName} client ${options.version}, generated from the API specification.`;
}
