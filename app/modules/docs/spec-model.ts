/**
 * The one normalised model of an API specification that every docs page, menu, sample and search reads.
 * Swagger 2.0 enters through `normaliseSwagger2`, OpenAPI 3.0 and 3.1 through `normaliseOpenApi3` (openapi3.ts);
 * both produce the same model, so no page knows which version a spec is.
 */

export const httpMethods = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
export type HttpMethod = (typeof httpMethods)[number];

export interface Label {
  en: string;
  zh: string;
}

/**
 * A schema as every consumer reads it, whatever the specification's version: OpenAPI 3.0's `nullable`, 3.1's type
 * arrays and Swagger 2.0's `x-nullable` all become `nullable`; `const` becomes a one-value `enum`; a 3.1 `examples`
 * list gives `example`. A `$ref` names a schema of `ApiModel.definitions` and may carry siblings (3.1).
 */
export interface JsonSchema {
  type?: string;
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  /** Which property tells the variants of a oneOf/anyOf apart; mapping values are `$ref`s. */
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  $ref?: string;
}

const parameterLocations = ["query", "path", "header", "cookie", "body", "formData"] as const;
type ParameterLocation = (typeof parameterLocations)[number];

function isParameterLocation(value: unknown): value is ParameterLocation {
  return typeof value === "string" && (parameterLocations as readonly string[]).includes(value);
}

/**
 * A parameter. A JSON request body is also the one `in: "body"` parameter and a form body's fields are `formData`
 * parameters, whichever version the spec is, so the reference tables, samples and builder read them alike.
 */
export interface ApiParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description: string;
  schema: JsonSchema;
}

/** One media type an operation accepts as its body (OpenAPI 3's requestBody content; Swagger 2.0's consumes). */
export interface ApiRequestBody {
  mediaType: string;
  required: boolean;
  description: string;
  schema: JsonSchema | null;
  /** The spec's own example of this media type, when it gives one. */
  example?: unknown;
}

export interface ApiResponse {
  status: string;
  description: string;
  schema: JsonSchema | null;
  /** The spec's own example of the response, when it gives one. */
  example?: unknown;
}

export interface ApiOperation {
  id: string;
  method: HttpMethod;
  /** The URL path; for a webhook, its name in the spec. */
  path: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: ApiParameter[];
  /** Every media type of the request body, in the spec's order. */
  requestBodies: ApiRequestBody[];
  responses: ApiResponse[];
  /** The operation needs no credentials (`security: []` in the spec), like fund flows' POST /Session. */
  open: boolean;
  /** A request the API sends to the subscriber's URL (OpenAPI 3.1 webhooks): documented, never called. */
  webhook: boolean;
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

/** The schema name a `$ref` points at: its last JSON pointer token, unescaped ("a~1b" -> "a/b"). */
export function refName(ref: string): string {
  return ref
    .slice(ref.lastIndexOf("/") + 1)
    .replace(/~1/g, "/")
    .replace(/~0/g, "~");
}

/** The named schema a `$ref` points at; never a property every object inherits ("constructor"). */
export function definitionOf(ref: string, definitions: Record<string, JsonSchema>): JsonSchema | undefined {
  const name = refName(ref);
  return Object.hasOwn(definitions, name) ? definitions[name] : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The variant a oneOf/anyOf example shows, and the discriminator value that names it. */
function discriminated(schema: JsonSchema, variant: JsonSchema): Record<string, unknown> {
  const discriminator = schema.discriminator;
  if (!discriminator || !variant.$ref) return {};
  const named = Object.entries(discriminator.mapping ?? {}).find(([, ref]) => ref === variant.$ref)?.[0];
  return { [discriminator.propertyName]: named ?? refName(variant.$ref) };
}

/**
 * An example value for a schema: its own example first, then one built from its type, without cycles. A
 * oneOf/anyOf shows its first variant (with the discriminator naming it), an allOf its parts merged.
 */
export function exampleFromSchema(schema: JsonSchema, definitions: Record<string, JsonSchema>, seen: string[] = []): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    const target = definitionOf(schema.$ref, definitions);
    if (!target || seen.includes(name)) return {};
    return exampleFromSchema(target, definitions, [...seen, name]);
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const own = schema.properties ? objectExample(schema.properties, definitions, seen) : {};
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) {
    const value = exampleFromSchema(variant, definitions, seen);
    return isPlainObject(value) ? { ...own, ...value, ...discriminated(schema, variant) } : value;
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => exampleFromSchema(part, definitions, seen));
    return parts.every(isPlainObject) ? Object.assign({}, ...parts, own) : parts[0];
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
    case "null":
      return null;
    default:
      if (schema.properties) return own;
      return schema.type === "object" ? {} : null;
  }
}

function objectExample(properties: Record<string, JsonSchema>, definitions: Record<string, JsonSchema>, seen: string[]) {
  return Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, exampleFromSchema(value, definitions, seen)]));
}

function stringExample(format: string | undefined): string {
  if (format === "date") return "2026-01-31";
  if (format === "date-time") return "2026-01-31T12:00:00Z";
  if (format === "email") return "user@example.com";
  if (format === "uri") return "https://example.com";
  return "string";
}

/** application/json, application/vnd.github+json, and the catch-all some generators write for JSON. */
export function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json\b/i.test(mediaType) || mediaType === "*/*";
}

export function isFormMediaType(mediaType: string): boolean {
  return /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(mediaType);
}

/** The body the samples and the query builder send: JSON first, then a form, then the spec's first media type. */
export function primaryRequestBody(operation: Pick<ApiOperation, "requestBodies">): ApiRequestBody | undefined {
  const { requestBodies } = operation;
  return (
    requestBodies.find((body) => isJsonMediaType(body.mediaType)) ??
    requestBodies.find((body) => isFormMediaType(body.mediaType)) ??
    requestBodies[0]
  );
}

/** A body's example: the spec's own, else one built from its schema. */
export function requestBodyExample(body: ApiRequestBody, definitions: Record<string, JsonSchema>): unknown {
  if (body.example !== undefined) return body.example;
  return body.schema ? exampleFromSchema(body.schema, definitions) : null;
}

export class SpecError extends Error {}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value a local JSON pointer ("#/components/schemas/Pet") names in a document, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let tokens: string[];
  try {
    tokens = decodeURIComponent(ref.slice(1)).split("/").slice(1);
  } catch {
    return undefined;
  }
  let value = document;
  for (const token of tokens) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (isRecord(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

/** Where a document keeps its named schemas: Swagger 2.0's definitions, OpenAPI 3's components.schemas. */
export interface SchemaSource {
  document: Record<string, unknown>;
  prefix: "#/definitions/" | "#/components/schemas/";
  names: Record<string, unknown>;
}

/** The `$ref` of a named schema, the one way the model writes it. */
function schemaRef(source: SchemaSource, name: string): string {
  return `${source.prefix}${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

function namedSchemaRef(source: SchemaSource, ref: string): string | null {
  const name = ref.startsWith(source.prefix) ? resolvePointerToken(ref.slice(source.prefix.length)) : null;
  if (name === null) return null;
  if (!Object.hasOwn(source.names, name)) throw new SpecError(`Unresolvable schema reference ${ref}`);
  return schemaRef(source, name);
}

/** A pointer's single remaining token, unescaped; null when the pointer goes deeper (into a schema's properties). */
function resolvePointerToken(rest: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return decoded.includes("/") ? null : decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item) => typeof item === "string") : []);

function isNullOnly(schema: JsonSchema): boolean {
  return schema.type === "null" && Object.keys(schema).every((key) => key === "type" || key === "description" || key === "title");
}

/** A schema's variants without the `{type: "null"}` ones, and whether there were any. */
function withoutNull(variants: JsonSchema[] | undefined): { variants: JsonSchema[] | undefined; nullable: boolean } {
  if (!variants) return { variants, nullable: false };
  const kept = variants.filter((variant) => !isNullOnly(variant));
  return { variants: kept, nullable: kept.length < variants.length };
}

/** The keys that give a schema its own shape; without them a one-variant composition is just that variant. */
const shapeKeys = ["type", "properties", "items", "additionalProperties", "enum", "$ref"] as const;

/**
 * Any version's schema in the model's one representation (see JsonSchema). Named schemas stay `$ref`s, so
 * recursive ones cost nothing here; any other local pointer is followed (a cycle through one ends in `{}`).
 * A reference that cannot be resolved, or one to another document, is a SpecError.
 */
export function normaliseSchema(raw: unknown, source: SchemaSource, trail: readonly string[] = []): JsonSchema {
  if (!isRecord(raw)) return {};
  const schema: JsonSchema = {};
  if (typeof raw.$ref === "string") {
    const named = namedSchemaRef(source, raw.$ref);
    if (named === null) return followPointer(raw, raw.$ref, source, trail);
    schema.$ref = named;
  }
  const types = Array.isArray(raw.type) ? strings(raw.type) : typeof raw.type === "string" ? [raw.type] : [];
  const concrete = types.filter((type) => type !== "null");
  let nullable = raw.nullable === true || raw["x-nullable"] === true || (types.includes("null") && concrete.length > 0);
  if (concrete.length === 1) schema.type = concrete[0];
  else if (types.length > 0 && concrete.length === 0) schema.type = "null";
  if (typeof raw.format === "string") schema.format = raw.format;
  if (typeof raw.title === "string") schema.title = raw.title;
  if (typeof raw.description === "string") schema.description = raw.description;
  if (Array.isArray(raw.enum)) schema.enum = raw.enum;
  else if (raw.const !== undefined) schema.enum = [raw.const];
  if (raw.default !== undefined) schema.default = raw.default;
  if (raw.example !== undefined) schema.example = raw.example;
  else if (Array.isArray(raw.examples) && raw.examples.length > 0) schema.example = raw.examples[0];
  const items = Array.isArray(raw.items) ? raw.items[0] : raw.items;
  if (isRecord(items)) schema.items = normaliseSchema(items, source, trail);
  if (isRecord(raw.properties)) {
    schema.properties = Object.fromEntries(
      Object.entries(raw.properties).map(([name, property]) => [name, normaliseSchema(property, source, trail)]),
    );
  }
  const required = strings(raw.required);
  if (required.length > 0) schema.required = required;
  if (typeof raw.additionalProperties === "boolean") schema.additionalProperties = raw.additionalProperties;
  else if (isRecord(raw.additionalProperties)) schema.additionalProperties = normaliseSchema(raw.additionalProperties, source, trail);
  const list = (value: unknown) => (Array.isArray(value) ? value.map((item) => normaliseSchema(item, source, trail)) : undefined);
  const oneOf = withoutNull(list(raw.oneOf));
  const anyOf = withoutNull(list(raw.anyOf));
  nullable ||= oneOf.nullable || anyOf.nullable;
  // A 3.1 type list of several types is a choice between them.
  const typeChoice = concrete.length > 1 ? concrete.map((type) => typeVariant(type, schema)) : undefined;
  const allOf = list(raw.allOf);
  if (allOf) schema.allOf = allOf;
  if (oneOf.variants) schema.oneOf = oneOf.variants;
  if (anyOf.variants ?? typeChoice) schema.anyOf = anyOf.variants ?? typeChoice;
  const discriminator = normaliseDiscriminator(raw.discriminator, source);
  if (discriminator) schema.discriminator = discriminator;
  if (nullable) schema.nullable = true;
  return collapseSingleVariant(schema);
}

function typeVariant(type: string, schema: JsonSchema): JsonSchema {
  if (type === "array" && schema.items) return { type, items: schema.items };
  if (type === "object" && schema.properties)
    return { type, properties: schema.properties, ...(schema.required ? { required: schema.required } : {}) };
  return { type };
}

/** `allOf: [X]`, or a oneOf/anyOf left with one variant once null was taken out, is X with the outer words. */
function collapseSingleVariant(schema: JsonSchema): JsonSchema {
  if (shapeKeys.some((key) => schema[key] !== undefined)) return schema;
  const compositions = (["allOf", "oneOf", "anyOf"] as const).filter((key) => schema[key] !== undefined);
  if (compositions.length !== 1) return schema;
  const key = compositions[0]!;
  const variants = schema[key]!;
  if (variants.length === 0) {
    const { [key]: _, nullable, ...rest } = schema;
    return nullable ? { ...rest, type: "null" } : rest;
  }
  if (variants.length !== 1 || schema.discriminator) return schema;
  const { [key]: _, ...outer } = schema;
  return { ...variants[0], ...outer, ...(schema.nullable || variants[0]!.nullable ? { nullable: true } : {}) };
}

function followPointer(raw: Record<string, unknown>, ref: string, source: SchemaSource, trail: readonly string[]): JsonSchema {
  if (!ref.startsWith("#")) throw new SpecError(`External reference ${ref} is not supported: bundle the specification into one document`);
  if (trail.includes(ref)) return {};
  const target = resolvePointer(source.document, ref);
  if (target === undefined) throw new SpecError(`Unresolvable schema reference ${ref}`);
  const { $ref: _, ...siblings } = raw;
  const resolved = normaliseSchema(target, source, [...trail, ref]);
  return Object.keys(siblings).length > 0 ? { ...resolved, ...normaliseSchema(siblings, source, trail) } : resolved;
}

function normaliseDiscriminator(raw: unknown, source: SchemaSource): JsonSchema["discriminator"] {
  if (typeof raw === "string") return { propertyName: raw };
  if (!isRecord(raw) || typeof raw.propertyName !== "string") return undefined;
  if (!isRecord(raw.mapping)) return { propertyName: raw.propertyName };
  const mapping = Object.fromEntries(
    Object.entries(raw.mapping).flatMap(([value, target]) => {
      if (typeof target !== "string") return [];
      if (Object.hasOwn(source.names, target)) return [[value, schemaRef(source, target)]];
      const named = target.startsWith("#") ? namedSchemaRef(source, target) : null;
      return named ? [[value, named]] : [];
    }),
  );
  return { propertyName: raw.propertyName, mapping };
}

/** The tags a spec declares, as far as they are well formed. */
export interface DeclaredTag {
  name: string;
  description?: string;
  "x-label"?: Partial<Label>;
}

export function declaredTags(value: unknown): DeclaredTag[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tag) => {
    if (!isRecord(tag) || typeof tag.name !== "string") return [];
    const label = isRecord(tag["x-label"]) ? tag["x-label"] : {};
    return [
      {
        name: tag.name,
        ...(typeof tag.description === "string" ? { description: tag.description } : {}),
        "x-label": {
          ...(typeof label.en === "string" ? { en: label.en } : {}),
          ...(typeof label.zh === "string" ? { zh: label.zh } : {}),
        },
      },
    ];
  });
}

/**
 * The tags the operations use: declared ones first in their order, then the others as they come. A tag's label
 * is its x-label, else `labels` gives one (the webhooks' tag), else its name.
 */
export function tagsOf(declared: DeclaredTag[], operations: ApiOperation[], labels: Record<string, Label> = {}): ApiTag[] {
  const byName = new Map(declared.map((tag) => [tag.name, tag]));
  const usedTags = [...new Set(operations.flatMap((operation) => operation.tags))];
  const tagNames = [...byName.keys(), ...usedTags.filter((name) => !byName.has(name))];
  return tagNames
    .filter((name) => usedTags.includes(name))
    .map((name) => {
      const tag = byName.get(name);
      const fallback = Object.hasOwn(labels, name) ? labels[name] : undefined;
      const en = tag?.["x-label"]?.en ?? fallback?.en ?? name;
      return {
        name,
        slug: tagSlug(name),
        label: { en, zh: tag?.["x-label"]?.zh ?? fallback?.zh ?? en },
        description: tag?.description ?? "",
      };
    });
}

interface Swagger2Parameter {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  items?: unknown;
  $ref?: string;
}

interface Swagger2Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  consumes?: string[];
  parameters?: Swagger2Parameter[];
  responses?: Record<string, { description?: string; schema?: unknown }>;
  security?: unknown[];
}

interface Swagger2Document {
  swagger?: string;
  info?: { title?: string; version?: string; description?: string };
  host?: string;
  basePath?: string;
  schemes?: string[];
  consumes?: string[];
  tags?: unknown;
  paths?: Record<string, Record<string, unknown>>;
  definitions?: Record<string, unknown>;
  parameters?: Record<string, Swagger2Parameter>;
  securityDefinitions?: Record<string, { type?: string; in?: string; name?: string }>;
}

function normaliseParameter(parameter: Swagger2Parameter, shared: Record<string, Swagger2Parameter>, source: SchemaSource): ApiParameter {
  const resolved = parameter.$ref ? shared[refName(parameter.$ref)] : parameter;
  if (!resolved?.name || !resolved.in) throw new SpecError(`Unresolvable parameter ${parameter.$ref ?? ""}`);
  const { name, required, description, schema, type, format, items } = resolved;
  const location = resolved.in;
  if (!isParameterLocation(location) || location === "cookie") throw new SpecError(`Unknown parameter location ${location}`);
  const enumValues = resolved.enum;
  return {
    name,
    in: location,
    required: Boolean(required) || location === "path",
    description: description ?? "",
    schema: normaliseSchema(
      schema ?? {
        type,
        format,
        items,
        ...(enumValues ? { enum: enumValues } : {}),
        ...(resolved.default !== undefined ? { default: resolved.default } : {}),
      },
      source,
    ),
  };
}

/** A Swagger 2.0 body parameter once per media type it consumes; form fields as one object per form media type. */
function swagger2RequestBodies(parameters: ApiParameter[], consumes: string[]): ApiRequestBody[] {
  const body = parameters.find((parameter) => parameter.in === "body");
  if (body) {
    return consumes.map((mediaType) => ({ mediaType, required: body.required, description: body.description, schema: body.schema }));
  }
  const fields = parameters.filter((parameter) => parameter.in === "formData");
  if (fields.length === 0) return [];
  const formTypes = consumes.filter(isFormMediaType);
  const hasFile = fields.some((field) => field.schema.type === "file");
  const schema: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(
      fields.map((field) => [field.name, field.description ? { ...field.schema, description: field.description } : field.schema]),
    ),
    ...(fields.some((field) => field.required) ? { required: fields.filter((field) => field.required).map((field) => field.name) } : {}),
  };
  return (formTypes.length > 0 ? formTypes : [hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded"]).map((mediaType) => ({
    mediaType,
    required: fields.some((field) => field.required),
    description: "",
    schema,
  }));
}

/** Reads a Swagger 2.0 document into the model; anything it cannot read is a SpecError. */
export function normaliseSwagger2(document: unknown): ApiModel {
  if (!isRecord(document) || document.swagger !== "2.0") throw new SpecError("Not a Swagger 2.0 document");
  const spec: Swagger2Document = document;
  const definitions = isRecord(spec.definitions) ? spec.definitions : {};
  const source: SchemaSource = { document, prefix: "#/definitions/", names: definitions };
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
        normaliseParameter(parameter, spec.parameters ?? {}, source),
      );
      const consumes = strings(operation.consumes ?? spec.consumes);
      operations.push({
        id: operation.operationId ?? `${method}-${path}`,
        method,
        path,
        tags: operation.tags?.length ? operation.tags : ["default"],
        summary: operation.summary ?? "",
        description: operation.description ?? "",
        parameters,
        requestBodies: swagger2RequestBodies(parameters, consumes.length > 0 ? consumes : ["application/json"]),
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? "",
          schema: response.schema === undefined ? null : normaliseSchema(response.schema, source),
        })),
        open: Array.isArray(operation.security) && operation.security.length === 0,
        webhook: false,
      });
    }
  }
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
    tags: tagsOf(declaredTags(spec.tags), operations),
    operations,
    definitions: Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, normaliseSchema(schema, source)])),
  };
}

/** The operations of a tag in menu order. */
export function operationsOfTag(model: ApiModel, tagName: string): ApiOperation[] {
  return sortOperations(model.operations.filter((operation) => operation.tags.includes(tagName)));
}

export function findOperation(model: ApiModel, path: string, method: string): ApiOperation | undefined {
  return model.operations.find((operation) => operation.path === path && operation.method === method.toLowerCase());
}
