/**
 * The one normalised model of an API specification that every docs page, menu, sample and search reads.
 * Swagger 2.0 enters through `normaliseSwagger2`; OpenAPI 3 can enter through another normaliser that
 * produces the same model without touching the pages.
 */

export const httpMethods = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface Label {
  en: string;
  zh: string;
}

export interface JsonSchema {
  type?: string;
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  $ref?: string;
}

const parameterLocations = ["query", "path", "header", "body", "formData"] as const;
type ParameterLocation = (typeof parameterLocations)[number];

function isParameterLocation(value: unknown): value is ParameterLocation {
  return typeof value === "string" && (parameterLocations as readonly string[]).includes(value);
}

export interface ApiParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description: string;
  schema: JsonSchema;
}

export interface ApiResponse {
  status: string;
  description: string;
  schema: JsonSchema | null;
}

export interface ApiOperation {
  id: string;
  method: HttpMethod;
  path: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: ApiParameter[];
  responses: ApiResponse[];
  /** The operation needs no credentials (`security: []` in the spec), like fund flows' POST /Session. */
  open: boolean;
}

export interface ApiTag {
  name: string;
  slug: string;
  label: Label;
  description: string;
}

/** How a call carries the API key: a query parameter or a header. */
export interface ApiAuth {
  in: "query" | "header";
  name: string;
}

export interface ApiModel {
  auth: ApiAuth;
  title: string;
  version: string;
  description: string;
  baseUrl: string;
  tags: ApiTag[];
  operations: ApiOperation[];
  definitions: Record<string, JsonSchema>;
}

/** "Saved Reports" -> "saved-reports": the tag's page under docs/. */
export function tagSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

const methodOrder: Record<string, number> = { get: 0, post: 1, patch: 2, delete: 3 };

/** Code-point order: the same on every machine, whatever its ICU data. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** GET, POST, PATCH, DELETE (then any other method), each alphabetically by path. */
export function sortOperations<T extends { method: string; path: string }>(operations: readonly T[]): T[] {
  return [...operations].sort((a, b) => {
    const byMethod = (methodOrder[a.method] ?? 4) - (methodOrder[b.method] ?? 4);
    if (byMethod !== 0) return byMethod;
    return compareText(a.path, b.path) || compareText(a.method, b.method);
  });
}

export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

/** An example value for a schema: its own example first, then one built from its type, without cycles. */
export function exampleFromSchema(schema: JsonSchema, definitions: Record<string, JsonSchema>, seen: string[] = []): unknown {
  if (schema.$ref) {
    const name = refName(schema.$ref);
    const target = definitions[name];
    if (!target || seen.includes(name)) return {};
    return exampleFromSchema(target, definitions, [...seen, name]);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.allOf) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleFromSchema(part, definitions, seen)));
  }
  switch (schema.type) {
    case "array":
      return schema.items ? [exampleFromSchema(schema.items, definitions, seen)] : [];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return true;
    case "string":
      return stringExample(schema.format);
    default:
      if (schema.properties) {
        return Object.fromEntries(
          Object.entries(schema.properties).map(([key, value]) => [key, exampleFromSchema(value, definitions, seen)]),
        );
      }
      return schema.type === "object" ? {} : null;
  }
}

function stringExample(format: string | undefined): string {
  if (format === "date") return "2026-01-31";
  if (format === "date-time") return "2026-01-31T12:00:00Z";
  if (format === "email") return "user@example.com";
  if (format === "uri") return "https://example.com";
  return "string";
}

interface Swagger2Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  items?: JsonSchema;
  $ref?: string;
}

interface Swagger2Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Swagger2Parameter[];
  responses?: Record<string, { description?: string; schema?: JsonSchema }>;
  security?: unknown[];
}

interface Swagger2Document {
  swagger?: string;
  info?: { title?: string; version?: string; description?: string };
  host?: string;
  basePath?: string;
  schemes?: string[];
  tags?: { name: string; description?: string; "x-label"?: Partial<Label> }[];
  paths?: Record<string, Record<string, unknown>>;
  definitions?: Record<string, JsonSchema>;
  parameters?: Record<string, Swagger2Parameter>;
  securityDefinitions?: Record<string, { type?: string; in?: string; name?: string }>;
}

export class SpecError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function normaliseParameter(parameter: Swagger2Parameter, shared: Record<string, Swagger2Parameter>): ApiParameter {
  const resolved = parameter.$ref ? shared[refName(parameter.$ref)] : parameter;
  if (!resolved?.name || !resolved.in) throw new SpecError(`Unresolvable parameter ${parameter.$ref ?? ""}`);
  const { name, required, description, schema, type, format, items } = resolved;
  const location = resolved.in;
  if (!isParameterLocation(location)) throw new SpecError(`Unknown parameter location ${location}`);
  const enumValues = resolved.enum;
  return {
    name,
    in: location,
    required: Boolean(required) || location === "path",
    description: description ?? "",
    schema: schema ?? {
      type,
      format,
      items,
      ...(enumValues ? { enum: enumValues } : {}),
      ...(resolved.default !== undefined ? { default: resolved.default } : {}),
    },
  };
}

/** Reads a Swagger 2.0 document into the model; anything it cannot read is a SpecError. */
export function normaliseSwagger2(document: unknown): ApiModel {
  if (!isRecord(document) || document.swagger !== "2.0") throw new SpecError("Not a Swagger 2.0 document");
  const spec: Swagger2Document = document;
  const declared = new Map((spec.tags ?? []).map((tag) => [tag.name, tag]));
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    if (!isRecord(item)) throw new SpecError(`Path ${path} is not an object`);
    const pathParameters = Array.isArray(item.parameters) ? (item.parameters as Swagger2Parameter[]) : [];
    for (const method of httpMethods) {
      const raw = item[method];
      if (raw === undefined) continue;
      if (!isRecord(raw)) throw new SpecError(`${method.toUpperCase()} ${path} is not an object`);
      const operation = raw as Swagger2Operation;
      const parameters = [...pathParameters, ...(operation.parameters ?? [])].map((parameter) =>
        normaliseParameter(parameter, spec.parameters ?? {}),
      );
      operations.push({
        id: operation.operationId ?? `${method}-${path}`,
        method,
        path,
        tags: operation.tags?.length ? operation.tags : ["default"],
        summary: operation.summary ?? "",
        description: operation.description ?? "",
        parameters,
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? "",
          schema: response.schema ?? null,
        })),
        open: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  const usedTags = [...new Set(operations.flatMap((operation) => operation.tags))];
  const tagNames = [...declared.keys(), ...usedTags.filter((name) => !declared.has(name))];
  const tags = tagNames
    .filter((name) => usedTags.includes(name))
    .map((name) => {
      const tag = declared.get(name);
      return {
        name,
        slug: tagSlug(name),
        label: { en: tag?.["x-label"]?.en ?? name, zh: tag?.["x-label"]?.zh ?? tag?.["x-label"]?.en ?? name },
        description: tag?.description ?? "",
      };
    });
  const scheme = spec.schemes?.[0] ?? "https";
  const baseUrl = spec.host ? `${scheme}://${spec.host}${(spec.basePath ?? "").replace(/\/$/, "")}` : (spec.basePath ?? "");
  const apiKey = Object.values(spec.securityDefinitions ?? {}).find((definition) => definition.type === "apiKey");
  const auth: ApiAuth = { in: apiKey?.in === "header" ? "header" : "query", name: apiKey?.name ?? "token" };
  return {
    auth,
    title: spec.info?.title ?? "",
    version: spec.info?.version ?? "",
    description: spec.info?.description ?? "",
    baseUrl,
    tags,
    operations,
    definitions: spec.definitions ?? {},
  };
}

/** The operations of a tag in menu order. */
export function operationsOfTag(model: ApiModel, tagName: string): ApiOperation[] {
  return sortOperations(model.operations.filter((operation) => operation.tags.includes(tagName)));
}

export function findOperation(model: ApiModel, path: string, method: string): ApiOperation | undefined {
  return model.operations.find((operation) => operation.path === path && operation.method === method.toLowerCase());
}
