import { SpecError } from "../spec-model";

/**
 * Swagger 2.0 -> OpenAPI 3.0.3, for the "OpenAPI JSON" download of a set (a set whose spec is OpenAPI 3 offers
 * it unchanged). Only the structure changes; descriptions, examples, tags (with their x-label) and extensions are
 * carried over as they are.
 */

type JsonObject = Record<string, unknown>;

function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function records(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
}

function mapValues(value: unknown, convert: (item: unknown) => unknown): JsonObject {
  return isRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, convert(item)])) : {};
}

function extensions(source: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(source).filter(([key]) => key.startsWith("x-")));
}

const refTargets: Record<string, string> = {
  "#/definitions/": "#/components/schemas/",
  "#/parameters/": "#/components/parameters/",
  "#/responses/": "#/components/responses/",
};

function rewriteRef(ref: string): string {
  const prefix = Object.keys(refTargets).find((candidate) => ref.startsWith(candidate));
  return prefix ? `${refTargets[prefix]}${ref.slice(prefix.length)}` : ref;
}

const nestedSchemaKeys = new Set(["items", "additionalProperties", "not"]);
const schemaListKeys = new Set(["allOf", "anyOf", "oneOf"]);
const schemaMapKeys = new Set(["properties", "patternProperties"]);

/** A Swagger 2.0 schema as an OpenAPI 3.0 schema: refs rewritten at any depth, x-nullable and file types mapped. */
function convertSchema(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref" && typeof value === "string") converted.$ref = rewriteRef(value);
    else if (key === "x-nullable") converted.nullable = value;
    else if (key === "discriminator" && typeof value === "string") converted.discriminator = { propertyName: value };
    else if (nestedSchemaKeys.has(key)) converted[key] = convertSchema(value);
    else if (schemaListKeys.has(key) && Array.isArray(value)) converted[key] = value.map(convertSchema);
    else if (schemaMapKeys.has(key)) converted[key] = mapValues(value, convertSchema);
    else converted[key] = value;
  }
  if (converted.type === "file") return { ...converted, type: "string", format: "binary" };
  return converted;
}

/** The keywords a non-body Swagger 2.0 parameter shares with a JSON schema. */
const parameterSchemaKeys = [
  "type",
  "format",
  "items",
  "enum",
  "default",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "uniqueItems",
  "multipleOf",
];

function parameterSchema(parameter: JsonObject): unknown {
  const schema = Object.fromEntries(parameterSchemaKeys.filter((key) => key in parameter).map((key) => [key, parameter[key]]));
  return convertSchema(schema);
}

/** collectionFormat as style/explode; tsv has no OpenAPI 3 counterpart and keeps the default style. */
function serialisation(parameter: JsonObject): JsonObject {
  if (parameter.type !== "array") return {};
  switch (parameter.collectionFormat ?? "csv") {
    case "csv":
      return parameter.in === "query" || parameter.in === "cookie" ? { style: "form", explode: false } : { style: "simple" };
    case "ssv":
      return { style: "spaceDelimited", explode: false };
    case "pipes":
      return { style: "pipeDelimited", explode: false };
    case "multi":
      return { style: "form", explode: true };
    default:
      return {};
  }
}

function convertParameter(parameter: JsonObject): JsonObject {
  if (typeof parameter.$ref === "string") return { $ref: rewriteRef(parameter.$ref) };
  const { "x-example": example, ...rest } = parameter;
  return {
    name: parameter.name,
    in: parameter.in,
    ...(parameter.description !== undefined ? { description: parameter.description } : {}),
    required: parameter.in === "path" ? true : Boolean(parameter.required),
    ...(parameter.allowEmptyValue !== undefined ? { allowEmptyValue: parameter.allowEmptyValue } : {}),
    ...serialisation(parameter),
    schema: parameterSchema(parameter),
    ...(example !== undefined ? { example } : {}),
    ...extensions(rest),
  };
}

function isBodyLike(parameter: JsonObject): boolean {
  return parameter.in === "body" || parameter.in === "formData";
}

/** A $ref to a shared parameter is followed, so that body parameters can be told apart from the others. */
function resolveParameter(parameter: JsonObject, shared: JsonObject): JsonObject {
  if (typeof parameter.$ref !== "string" || !parameter.$ref.startsWith("#/parameters/")) return parameter;
  const target = shared[parameter.$ref.slice("#/parameters/".length)];
  if (!isRecord(target)) throw new SpecError(`Unresolvable parameter ${parameter.$ref}`);
  return target;
}

/** Operation-level body and form fields override path-level ones; there is at most one body. */
function mergeBodyLike(pathLevel: JsonObject[], operationLevel: JsonObject[]): JsonObject[] {
  const key = (parameter: JsonObject) => (parameter.in === "body" ? "body" : `formData:${String(parameter.name)}`);
  const overridden = new Set(operationLevel.map(key));
  return [...pathLevel.filter((parameter) => !overridden.has(key(parameter))), ...operationLevel];
}

function formDataSchema(parameters: JsonObject[]): JsonObject {
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => String(parameter.name));
  return {
    type: "object",
    properties: Object.fromEntries(
      parameters.map((parameter) => {
        const schema = parameterSchema(parameter);
        return [
          String(parameter.name),
          parameter.description !== undefined && isRecord(schema) ? { ...schema, description: parameter.description } : schema,
        ];
      }),
    ),
    ...(required.length > 0 ? { required } : {}),
  };
}

function requestBody(parameters: JsonObject[], consumes: string[]): JsonObject | undefined {
  const body = parameters.find((parameter) => parameter.in === "body");
  if (body) {
    const schema = convertSchema(body.schema ?? {});
    return {
      ...(body.description !== undefined ? { description: body.description } : {}),
      required: Boolean(body.required),
      content: Object.fromEntries(consumes.map((mediaType) => [mediaType, { schema }])),
    };
  }
  const fields = parameters.filter((parameter) => parameter.in === "formData");
  if (fields.length === 0) return undefined;
  const formTypes = consumes.filter(
    (mediaType) => mediaType === "multipart/form-data" || mediaType === "application/x-www-form-urlencoded",
  );
  const hasFile = fields.some((field) => field.type === "file");
  const mediaTypes = formTypes.length > 0 ? formTypes : [hasFile ? "multipart/form-data" : "application/x-www-form-urlencoded"];
  return {
    required: fields.some((field) => field.required),
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: formDataSchema(fields) }])),
  };
}

function convertHeader(header: unknown): unknown {
  if (!isRecord(header)) return header;
  return { ...(header.description !== undefined ? { description: header.description } : {}), schema: parameterSchema(header) };
}

function convertResponse(response: unknown, produces: string[]): unknown {
  if (!isRecord(response)) return response;
  if (typeof response.$ref === "string") return { $ref: rewriteRef(response.$ref) };
  const { description, schema, headers, examples, ...rest } = response;
  const exampleOf = (mediaType: string) =>
    isRecord(examples) && examples[mediaType] !== undefined ? { example: examples[mediaType] } : {};
  return {
    description: description ?? "",
    ...(isRecord(headers) ? { headers: mapValues(headers, convertHeader) } : {}),
    ...(schema !== undefined
      ? {
          content: Object.fromEntries(produces.map((mediaType) => [mediaType, { schema: convertSchema(schema), ...exampleOf(mediaType) }])),
        }
      : {}),
    ...extensions(rest),
  };
}

const operationKeys = ["tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security"];
const methods = ["get", "put", "post", "delete", "options", "head", "patch"];

interface Defaults {
  consumes: string[];
  produces: string[];
  sharedParameters: JsonObject;
}

function convertOperation(operation: JsonObject, pathBodyLike: JsonObject[], defaults: Defaults): JsonObject {
  const own = records(operation.parameters).map((original) => ({
    original,
    resolved: resolveParameter(original, defaults.sharedParameters),
  }));
  const bodyLike = mergeBodyLike(pathBodyLike, own.map((entry) => entry.resolved).filter(isBodyLike));
  const body = requestBody(bodyLike, strings(operation.consumes) ?? defaults.consumes);
  const parameters = own.filter((entry) => !isBodyLike(entry.resolved)).map((entry) => convertParameter(entry.original));
  const produces = strings(operation.produces) ?? defaults.produces;
  return {
    ...Object.fromEntries(operationKeys.filter((key) => key in operation).map((key) => [key, operation[key]])),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: mapValues(operation.responses, (response) => convertResponse(response, produces)),
    ...extensions(operation),
  };
}

/** Path-level body and form fields move into each operation's requestBody; the other parameters stay shared. */
function convertPathItem(item: unknown, defaults: Defaults): JsonObject {
  if (!isRecord(item)) throw new SpecError("A path item is not an object");
  const pathParameters = records(item.parameters).map((original) => ({
    original,
    resolved: resolveParameter(original, defaults.sharedParameters),
  }));
  const pathBodyLike = pathParameters.map((entry) => entry.resolved).filter(isBodyLike);
  const shared = pathParameters.filter((entry) => !isBodyLike(entry.resolved)).map((entry) => convertParameter(entry.original));
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(item)) {
    if (methods.includes(key) && isRecord(value)) converted[key] = convertOperation(value, pathBodyLike, defaults);
    else if (key.startsWith("x-")) converted[key] = value;
  }
  return shared.length > 0 ? { ...converted, parameters: shared } : converted;
}

const oauthFlows: Record<string, string> = {
  implicit: "implicit",
  password: "password",
  application: "clientCredentials",
  accessCode: "authorizationCode",
};

function convertSecurityScheme(definition: unknown): unknown {
  if (!isRecord(definition)) return definition;
  const description = definition.description !== undefined ? { description: definition.description } : {};
  if (definition.type === "basic") return { type: "http", scheme: "basic", ...description };
  if (definition.type === "oauth2") {
    const flow = oauthFlows[String(definition.flow)] ?? "implicit";
    return {
      type: "oauth2",
      ...description,
      flows: {
        [flow]: {
          ...(definition.authorizationUrl !== undefined ? { authorizationUrl: definition.authorizationUrl } : {}),
          ...(definition.tokenUrl !== undefined ? { tokenUrl: definition.tokenUrl } : {}),
          scopes: definition.scopes ?? {},
        },
      },
    };
  }
  return { type: definition.type, name: definition.name, in: definition.in, ...description };
}

function servers(spec: JsonObject): { url: string }[] {
  const basePath = typeof spec.basePath === "string" ? spec.basePath.replace(/\/$/, "") : "";
  if (typeof spec.host !== "string") return [{ url: basePath || "/" }];
  const schemes = strings(spec.schemes) ?? ["https"];
  return schemes.map((scheme) => ({ url: `${scheme}://${spec.host}${basePath}` }));
}

/**
 * Converts a Swagger 2.0 document; an OpenAPI 3.0 or 3.1 document is already what the download offers and is
 * answered as it is. Anything else is a SpecError.
 */
export function toOpenApi3(document: unknown): JsonObject {
  if (isRecord(document) && typeof document.openapi === "string" && /^3\.[01]\./.test(document.openapi)) return document;
  if (!isRecord(document) || document.swagger !== "2.0") throw new SpecError("Not a Swagger 2.0 document");
  const spec = document;
  const sharedParameters = isRecord(spec.parameters) ? spec.parameters : {};
  const defaults: Defaults = {
    consumes: strings(spec.consumes) ?? ["application/json"],
    produces: strings(spec.produces) ?? ["application/json"],
    sharedParameters,
  };
  const components: JsonObject = {
    schemas: mapValues(spec.definitions, convertSchema),
    // Shared body parameters have no OpenAPI 3 counterpart: they are inlined where they are used.
    parameters: Object.fromEntries(
      Object.entries(sharedParameters).flatMap(([name, parameter]) =>
        isRecord(parameter) && !isBodyLike(parameter) ? [[name, convertParameter(parameter)]] : [],
      ),
    ),
    responses: mapValues(spec.responses, (response) => convertResponse(response, defaults.produces)),
    securitySchemes: mapValues(spec.securityDefinitions, convertSecurityScheme),
  };
  return {
    openapi: "3.0.3",
    info: spec.info ?? { title: "", version: "" },
    servers: servers(spec),
    ...(spec.tags !== undefined ? { tags: spec.tags } : {}),
    ...(spec.security !== undefined ? { security: spec.security } : {}),
    ...(spec.externalDocs !== undefined ? { externalDocs: spec.externalDocs } : {}),
    paths: mapValues(spec.paths, (item) => convertPathItem(item, defaults)),
    components: Object.fromEntries(Object.entries(components).filter(([, value]) => isRecord(value) && Object.keys(value).length > 0)),
    ...extensions(spec),
  };
}
