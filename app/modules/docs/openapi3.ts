import {
  declaredTags,
  definitionOf,
  httpMethods,
  isFormMediaType,
  isJsonMediaType,
  isRecord,
  normaliseSchema,
  normaliseSwagger2,
  resolvePointer,
  SpecError,
  tagsOf,
  type ApiAuth,
  type ApiModel,
  type ApiOperation,
  type ApiParameter,
  type ApiRequestBody,
  type ApiResponse,
  type JsonSchema,
  type Label,
  type SchemaSource,
} from "./spec-model";

/**
 * OpenAPI 3.0 and 3.1 into the one spec model (spec-model.ts): components are followed, request bodies kept per
 * media type (a JSON one is also the `body` parameter, a form's fields `formData` parameters), the first server
 * with its variables' defaults is the base URL, and webhooks (3.1, or 3.0's x-webhooks extension) are operations
 * of their own tag.
 */

type JsonObject = Record<string, unknown>;

/** The tag every webhook is listed under. */
export const WEBHOOKS_TAG = "Webhooks";
const webhooksLabel: Label = { en: "Webhooks", zh: "Webhook 回调" };

const parameterLocations = ["query", "path", "header", "cookie"] as const;
type OpenApiParameterLocation = (typeof parameterLocations)[number];

function isOpenApiLocation(value: unknown): value is OpenApiParameterLocation {
  return typeof value === "string" && (parameterLocations as readonly string[]).includes(value);
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

interface Context {
  document: JsonObject;
  source: SchemaSource;
  definitions: Record<string, JsonSchema>;
}

/**
 * A reference object (parameter, response, request body, example, security scheme, path item) followed to what it
 * names; 3.1's description beside a `$ref` wins over the target's.
 */
function dereference(value: unknown, document: JsonObject, what: string): JsonObject {
  let current = value;
  const followed: string[] = [];
  const description = isRecord(value) && typeof value.$ref === "string" ? value.description : undefined;
  while (isRecord(current) && typeof current.$ref === "string") {
    const ref = current.$ref;
    if (!ref.startsWith("#")) throw new SpecError(`External reference ${ref} is not supported: bundle the specification into one document`);
    if (followed.includes(ref)) throw new SpecError(`Circular reference ${ref}`);
    followed.push(ref);
    current = resolvePointer(document, ref);
    if (current === undefined) throw new SpecError(`Unresolvable ${what} reference ${ref}`);
  }
  if (!isRecord(current)) throw new SpecError(`A ${what} is not an object`);
  return typeof description === "string" ? { ...current, description } : current;
}

/** A media type's or parameter's example: `example`, else the value of its first `examples` entry. */
function exampleOf(holder: JsonObject, document: JsonObject): unknown {
  if (holder.example !== undefined) return holder.example;
  if (!isRecord(holder.examples)) return undefined;
  for (const entry of Object.values(holder.examples)) {
    const example = dereference(entry, document, "example");
    if (example.value !== undefined) return example.value;
  }
  return undefined;
}

function withExample(schema: JsonSchema, example: unknown): JsonSchema {
  return example === undefined || schema.example !== undefined ? schema : { ...schema, example };
}

function normaliseParameter(raw: unknown, context: Context): ApiParameter {
  const parameter = dereference(raw, context.document, "parameter");
  const { name } = parameter;
  const location = parameter.in;
  if (typeof name !== "string" || name === "") throw new SpecError("A parameter has no name");
  if (!isOpenApiLocation(location)) throw new SpecError(`Parameter ${name} has an unknown location ${String(location)}`);
  // A parameter gives its type by `schema`, or by `content` with one media type.
  const media = isRecord(parameter.content) ? Object.values(parameter.content).find(isRecord) : undefined;
  const schema = normaliseSchema(parameter.schema ?? media?.schema, context.source);
  return {
    name,
    in: location,
    required: parameter.required === true || location === "path",
    description: text(parameter.description),
    schema: withExample(schema, exampleOf(parameter, context.document) ?? (media ? exampleOf(media, context.document) : undefined)),
  };
}

/** Path-level parameters, overridden by the operation's own of the same name and location. */
function mergedParameters(pathLevel: unknown[], operationLevel: unknown[], context: Context): ApiParameter[] {
  const merged = new Map<string, ApiParameter>();
  for (const raw of [...pathLevel, ...operationLevel]) {
    const parameter = normaliseParameter(raw, context);
    merged.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...merged.values()];
}

function requestBodiesOf(raw: unknown, context: Context): ApiRequestBody[] {
  if (raw === undefined) return [];
  const body = dereference(raw, context.document, "request body");
  const content = isRecord(body.content) ? body.content : {};
  return Object.entries(content).map(([mediaType, value]) => {
    const media = isRecord(value) ? value : {};
    const example = exampleOf(media, context.document);
    return {
      mediaType,
      required: body.required === true,
      description: text(body.description),
      schema: media.schema === undefined ? null : normaliseSchema(media.schema, context.source),
      ...(example !== undefined ? { example } : {}),
    };
  });
}

/**
 * The parameters a body stands for, as a Swagger 2.0 spec would list them: a JSON body is the `body` parameter
 * (named by x-codegen-request-body-name when given), a form's fields are `formData` parameters.
 */
function bodyParameters(bodies: ApiRequestBody[], name: string, definitions: Record<string, JsonSchema>): ApiParameter[] {
  const json = bodies.find((body) => isJsonMediaType(body.mediaType));
  if (json) {
    return [
      { name, in: "body", required: json.required, description: json.description, schema: withExample(json.schema ?? {}, json.example) },
    ];
  }
  const form = bodies.find((body) => isFormMediaType(body.mediaType))?.schema;
  const object = form?.$ref ? definitionOf(form.$ref, definitions) : form;
  return Object.entries(object?.properties ?? {}).map(([field, schema]) => ({
    name: field,
    in: "formData",
    required: object?.required?.includes(field) ?? false,
    description: schema.description ?? "",
    schema,
  }));
}

/** Each status with the schema and example of its JSON media type (else its first one). */
function responsesOf(raw: unknown, context: Context): ApiResponse[] {
  if (!isRecord(raw)) return [];
  return Object.entries(raw)
    .filter(([status]) => !status.startsWith("x-"))
    .map(([status, value]) => {
      const response = dereference(value, context.document, "response");
      const content = isRecord(response.content) ? response.content : {};
      const mediaType = Object.keys(content).find(isJsonMediaType) ?? Object.keys(content)[0];
      const media = mediaType === undefined ? undefined : content[mediaType];
      const example = isRecord(media) ? exampleOf(media, context.document) : undefined;
      return {
        status,
        description: text(response.description),
        schema: isRecord(media) && media.schema !== undefined ? normaliseSchema(media.schema, context.source) : null,
        ...(example !== undefined ? { example } : {}),
      };
    });
}

/** No requirement, an empty list, or an empty requirement (`{}`, anonymous access) needs no credentials. */
function needsNoCredentials(security: unknown): boolean {
  if (!Array.isArray(security)) return true;
  return security.length === 0 || security.some((requirement) => isRecord(requirement) && Object.keys(requirement).length === 0);
}

function authOfScheme(scheme: JsonObject): ApiAuth | null {
  if (scheme.type === "apiKey" && (scheme.in === "query" || scheme.in === "header") && typeof scheme.name === "string") {
    return { in: scheme.in, name: scheme.name };
  }
  const bearer = scheme.type === "http" && text(scheme.scheme).toLowerCase() === "bearer";
  return bearer || scheme.type === "oauth2" || scheme.type === "openIdConnect" ? { in: "header", name: "Authorization" } : null;
}

/**
 * The credential the samples and clients send: the first scheme of the spec's own requirements that the model can
 * carry (an API key in the query or a header, or a bearer token), else the first such scheme declared; a spec
 * without one gets a bearer token, the most common credential of public APIs.
 */
function authOf(document: JsonObject, components: JsonObject): ApiAuth {
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  const required = Array.isArray(document.security)
    ? document.security.filter(isRecord).flatMap((requirement) => Object.keys(requirement))
    : [];
  for (const name of [...required, ...Object.keys(schemes)]) {
    if (!Object.hasOwn(schemes, name)) continue;
    const auth = authOfScheme(dereference(schemes[name], document, "security scheme"));
    if (auth) return auth;
  }
  return { in: "header", name: "Authorization" };
}

/** The first server's URL with each variable's default, without a trailing slash. */
export function baseUrlOf(servers: unknown): string {
  const server = Array.isArray(servers) ? servers.find(isRecord) : undefined;
  if (!server || typeof server.url !== "string") return "";
  const variables = isRecord(server.variables) ? server.variables : {};
  return server.url
    .replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
      return isRecord(variable) && variable.default !== undefined ? String(variable.default) : whole;
    })
    .replace(/\/+$/, "");
}

function operationsOf(items: unknown, context: Context, webhook: boolean): ApiOperation[] {
  if (items === undefined) return [];
  if (!isRecord(items)) throw new SpecError(`${webhook ? "webhooks" : "paths"} is not an object`);
  const operations: ApiOperation[] = [];
  for (const [path, rawItem] of Object.entries(items)) {
    if (path.startsWith("x-")) continue;
    const item = dereference(rawItem, context.document, `path item ${path}`);
    const pathParameters = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of httpMethods) {
      const raw = item[method];
      if (raw === undefined) continue;
      try {
        operations.push(normaliseOperation(raw, { path, method, pathParameters, webhook }, context));
      } catch (error) {
        if (error instanceof SpecError) throw new SpecError(`${method.toUpperCase()} ${path}: ${error.message}`);
        throw error;
      }
    }
  }
  return operations;
}

interface OperationPlace {
  path: string;
  method: ApiOperation["method"];
  pathParameters: unknown[];
  webhook: boolean;
}

function normaliseOperation(raw: unknown, place: OperationPlace, context: Context): ApiOperation {
  if (!isRecord(raw)) throw new SpecError("the operation is not an object");
  const { path, method, webhook } = place;
  const ownParameters = Array.isArray(raw.parameters) ? raw.parameters : [];
  const requestBodies = requestBodiesOf(raw.requestBody, context);
  const bodyName = typeof raw["x-codegen-request-body-name"] === "string" ? raw["x-codegen-request-body-name"] : "body";
  const tags = Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === "string") : [];
  return {
    id: typeof raw.operationId === "string" ? raw.operationId : `${method}-${webhook ? "webhook-" : ""}${path}`,
    method,
    path,
    tags: webhook ? [WEBHOOKS_TAG] : tags.length > 0 ? tags : ["default"],
    summary: text(raw.summary),
    description: text(raw.description),
    parameters: [
      ...mergedParameters(place.pathParameters, ownParameters, context),
      ...bodyParameters(requestBodies, bodyName, context.definitions),
    ],
    requestBodies,
    responses: responsesOf(raw.responses, context),
    open: webhook || needsNoCredentials(raw.security ?? context.document.security),
    webhook,
  };
}

/** Reads an OpenAPI 3.0 or 3.1 document into the model; anything it cannot read is a SpecError. */
export function normaliseOpenApi3(document: unknown): ApiModel {
  if (!isRecord(document) || typeof document.openapi !== "string") throw new SpecError("Not an OpenAPI 3 document");
  if (!/^3\.[01]\.\d+$/.test(document.openapi)) {
    throw new SpecError(`OpenAPI ${document.openapi} is not supported: the portal reads Swagger 2.0 and OpenAPI 3.0 and 3.1`);
  }
  const components = isRecord(document.components) ? document.components : {};
  const schemas = isRecord(components.schemas) ? components.schemas : {};
  const source: SchemaSource = { document, prefix: "#/components/schemas/", names: schemas };
  const definitions = Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      try {
        return [name, normaliseSchema(schema, source)];
      } catch (error) {
        if (error instanceof SpecError) throw new SpecError(`Schema ${name}: ${error.message}`);
        throw error;
      }
    }),
  );
  const context: Context = { document, source, definitions };
  const operations = [
    ...operationsOf(document.paths, context, false),
    ...operationsOf(document.webhooks ?? document["x-webhooks"], context, true),
  ];
  const info = isRecord(document.info) ? document.info : {};
  return {
    auth: authOf(document, components),
    title: text(info.title),
    version: text(info.version),
    description: text(info.description),
    baseUrl: baseUrlOf(document.servers),
    tags: tagsOf(declaredTags(document.tags), operations, { [WEBHOOKS_TAG]: webhooksLabel }),
    operations,
    definitions,
  };
}

/** Any specification the portal reads (Swagger 2.0, OpenAPI 3.0 or 3.1) into the model; anything else is a SpecError. */
export function normaliseSpec(document: unknown): ApiModel {
  if (isRecord(document) && document.swagger !== undefined) return normaliseSwagger2(document);
  if (isRecord(document) && document.openapi !== undefined) return normaliseOpenApi3(document);
  throw new SpecError("Not a Swagger 2.0 or OpenAPI 3 document");
}
