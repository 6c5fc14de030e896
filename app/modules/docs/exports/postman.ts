import { sampleBody, type SampleBody } from "../samples";
import { exampleFromSchema, operationsOfTag, type ApiAuth, type ApiModel, type ApiOperation, type ApiParameter } from "../spec-model";

export const postmanSchemaUrl = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json";

interface PostmanKeyValue {
  key: string;
  value: string;
  description?: string;
  disabled?: boolean;
}

interface PostmanRequest {
  name: string;
  request: {
    method: string;
    description: string;
    header: PostmanKeyValue[];
    url: { raw: string; host: string[]; path: string[]; query?: PostmanKeyValue[]; variable?: PostmanKeyValue[] };
    body?: PostmanBody;
  };
}

type PostmanBody =
  | { mode: "raw"; raw: string; options?: { raw: { language: "json" } } }
  | { mode: "urlencoded"; urlencoded: PostmanKeyValue[] }
  | { mode: "formdata"; formdata: (PostmanKeyValue & { type: "text" })[] };

export interface PostmanCollection {
  info: { _postman_id: string; name: string; description: string; schema: string };
  item: { name: string; description: string; item: PostmanRequest[] }[];
  variable: { key: string; value: string; type: "string" }[];
}

/** 32-bit FNV-1a, seeded so that four rounds give 128 independent-looking bits. */
function fnv1a(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A UUID (version 8, the RFC 9562 custom layout) derived from the text: the same set always gets the same id. */
export function deterministicUuid(text: string): string {
  const hex = [1, 2, 3, 4].map((seed) => fnv1a(text, seed).toString(16).padStart(8, "0")).join("");
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** An example as Postman shows it in a URL or a form: arrays comma-separated (Swagger's default csv). */
function exampleText(parameter: ApiParameter, model: ApiModel): string {
  const value = exampleFromSchema(parameter.schema, model.definitions);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(",");
  return JSON.stringify(value);
}

function keyValue(parameter: ApiParameter, model: ApiModel): PostmanKeyValue {
  return {
    key: parameter.name,
    value: exampleText(parameter, model),
    ...(parameter.description ? { description: parameter.description } : {}),
    ...(parameter.required ? {} : { disabled: true }),
  };
}

/** The key as the API expects it; an Authorization header carries it as a bearer token. */
function authHeaderValue(auth: ApiAuth, key: string): string {
  return auth.name.toLowerCase() === "authorization" ? `Bearer ${key}` : key;
}

/** The body of a request in Postman's modes: JSON or text as raw, a form urlencoded or as form data. */
function postmanBody(body: SampleBody): PostmanBody {
  switch (body.kind) {
    case "json":
      return { mode: "raw", raw: JSON.stringify(body.value, null, 2) ?? "null", options: { raw: { language: "json" } } };
    case "form": {
      const fields = body.fields.map(([key, value]) => ({ key, value }));
      return body.multipart
        ? { mode: "formdata", formdata: fields.map((field) => ({ ...field, type: "text" as const })) }
        : { mode: "urlencoded", urlencoded: fields };
    }
    case "text":
      return { mode: "raw", raw: body.text };
  }
}

function requestOf(model: ApiModel, operation: ApiOperation): PostmanRequest {
  const of = (location: ApiParameter["in"]) => operation.parameters.filter((parameter) => parameter.in === location);
  const apiKey: PostmanKeyValue = { key: model.auth.name, value: "{{apiKey}}" };
  const query = [...of("query").map((parameter) => keyValue(parameter, model)), ...(model.auth.in === "query" ? [apiKey] : [])];
  const body = sampleBody(model, operation);
  const header: PostmanKeyValue[] = [
    { key: "Accept", value: "application/json" },
    ...(body && body.kind !== "form" ? [{ key: "Content-Type", value: body.mediaType }] : []),
    ...of("header").map((parameter) => keyValue(parameter, model)),
    ...(model.auth.in === "header" ? [{ ...apiKey, value: authHeaderValue(model.auth, "{{apiKey}}") }] : []),
  ];
  const path = operation.path.replace(/\{([^}]+)\}/g, ":$1");
  const search = query
    .filter((entry) => !entry.disabled)
    .map((entry) => `${entry.key}=${entry.value}`)
    .join("&");
  const variable = of("path").map((parameter) => keyValue(parameter, model));
  return {
    name: operation.summary || `${operation.method.toUpperCase()} ${operation.path}`,
    request: {
      method: operation.method.toUpperCase(),
      description: operation.description,
      header,
      url: {
        raw: `{{baseUrl}}${path}${search ? `?${search}` : ""}`,
        host: ["{{baseUrl}}"],
        path: path.split("/").filter(Boolean),
        ...(query.length > 0 ? { query } : {}),
        ...(variable.length > 0 ? { variable } : {}),
      },
      ...(body ? { body: postmanBody(body) } : {}),
    },
  };
}

/** A Postman Collection v2.1.0: one folder per tag in tag order, its requests in menu order; webhooks are not requests. */
export function toPostmanCollection(model: ApiModel, options: { name: string; setId: string }): PostmanCollection {
  return {
    info: {
      _postman_id: deterministicUuid(`postman-collection:${options.setId}`),
      name: options.name,
      description: model.description,
      schema: postmanSchemaUrl,
    },
    item: model.tags.flatMap((tag) => {
      const operations = operationsOfTag(model, tag.name).filter((operation) => !operation.webhook);
      return operations.length > 0
        ? [{ name: tag.label.en, description: tag.description, item: operations.map((operation) => requestOf(model, operation)) }]
        : [];
    }),
    variable: [
      { key: "baseUrl", value: model.baseUrl, type: "string" },
      { key: "apiKey", value: "YOUR_API_KEY", type: "string" },
    ],
  };
}
