/**
 * The served side of a Swagger 2.0 specification: its operations with their raw parameter rules (ranges,
 * patterns and steps the docs model leaves out) and a matcher from a method and path to an operation.
 */

export interface SchemaNode {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  $ref?: string;
  "x-nullable"?: boolean;
  default?: unknown;
}

export type ParameterLocation = "query" | "path" | "header" | "body";

export interface ContractParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** The body's schema, or the parameter itself read as a schema (type, enum, minimum, …). */
  schema: SchemaNode;
}

export interface ContractOperation {
  id: string;
  method: string;
  path: string;
  parameters: ContractParameter[];
  produces: string[];
  /** False for the operations the spec opens to everyone (`security: []`, e.g. POST /Session). */
  secured: boolean;
}

export interface Contract {
  operations: ContractOperation[];
  definitions: Record<string, SchemaNode>;
}

const methods = ["get", "post", "put", "patch", "delete"] as const;
const locations: readonly string[] = ["query", "path", "header", "body"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readParameter(raw: unknown, shared: Record<string, unknown>): ContractParameter {
  const resolved = isRecord(raw) && typeof raw.$ref === "string" ? shared[raw.$ref.slice(raw.$ref.lastIndexOf("/") + 1)] : raw;
  if (!isRecord(resolved) || typeof resolved.name !== "string" || !locations.includes(String(resolved.in))) {
    throw new Error("A parameter of the specification cannot be read");
  }
  const { name, in: location, required, schema, description: _description, ...rules } = resolved;
  return {
    name,
    in: location as ParameterLocation,
    required: required === true || location === "path",
    schema: (location === "body" ? schema : rules) as SchemaNode,
  };
}

/** Reads the operations of a Swagger 2.0 document; throws on a document it cannot serve. */
export function readContract(document: unknown): Contract {
  if (!isRecord(document) || !isRecord(document.paths)) throw new Error("Not a Swagger 2.0 document");
  const shared = isRecord(document.parameters) ? document.parameters : {};
  const globalProduces = Array.isArray(document.produces) ? (document.produces as string[]) : ["application/json"];
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue;
    const common = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of methods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      operations.push({
        id: typeof operation.operationId === "string" ? operation.operationId : `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: [...common, ...own].map((raw) => readParameter(raw, shared)),
        produces: Array.isArray(operation.produces) ? (operation.produces as string[]) : globalProduces,
        secured: !(Array.isArray(operation.security) && operation.security.length === 0),
      });
    }
  }
  const definitions = isRecord(document.definitions) ? (document.definitions as Record<string, SchemaNode>) : {};
  return { operations, definitions };
}

export type OperationMatch =
  | { kind: "found"; operation: ContractOperation; pathParams: Record<string, string> }
  | { kind: "method-not-allowed"; allow: string[] }
  | { kind: "not-found" };

const isTemplate = (segment: string) => segment.startsWith("{") && segment.endsWith("}");

/** The path parameters when the decoded segments fit the template, else null. */
function fitTemplate(template: string, segments: readonly string[]): Record<string, string> | null {
  const parts = template.split("/").filter(Boolean);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index]!;
    if (isTemplate(part)) params[part.slice(1, -1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** Literal segments beat parameters, the earlier the stronger: /companies/match before /companies/{id}. */
function specificity(template: string): number {
  const parts = template.split("/").filter(Boolean);
  return parts.reduce((score, part, index) => score + (isTemplate(part) ? 0 : 2 ** (parts.length - index)), 0);
}

/** The operation a method and decoded path segments name; a known path with another method is a 405. */
export function matchOperation(contract: Contract, method: string, segments: readonly string[]): OperationMatch {
  const fitting = contract.operations
    .map((operation) => ({ operation, pathParams: fitTemplate(operation.path, segments) }))
    .filter(
      (candidate): candidate is { operation: ContractOperation; pathParams: Record<string, string> } => candidate.pathParams !== null,
    );
  if (fitting.length === 0) return { kind: "not-found" };
  const best = Math.max(...fitting.map((candidate) => specificity(candidate.operation.path)));
  const paths = fitting.filter((candidate) => specificity(candidate.operation.path) === best);
  // HEAD asks what GET would answer, without the body (the HTTP server leaves it out).
  const asked = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  const found = paths.find((candidate) => candidate.operation.method === asked);
  if (found) return { kind: "found", ...found };
  const other = fitting.find((candidate) => candidate.operation.method === asked);
  if (other) return { kind: "found", ...other };
  return { kind: "method-not-allowed", allow: [...new Set(paths.map((candidate) => candidate.operation.method))] };
}
