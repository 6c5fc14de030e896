import { z } from "zod";
import { encodeMessage } from "~/modules/forms/messages";
import type { DocSetId } from "~/modules/registry/registry";
import { exampleFromSchema, type ApiAuth, type ApiModel, type ApiOperation, type JsonSchema } from "./spec-model";

/**
 * The query builder of an operation page (issue 14): the form it shows, the one zod schema that checks it in
 * the browser and in the page action, and the call and curl line built from what was sent. Pure, so the
 * browser builds the same schema from the same fields.
 */

export const QUERY_BUILDER_FORM_ID = "query-builder";
/** Fields of the form besides the operation's parameters. */
export const KEY_FIELD = "apiKey";
/** Fund flows: the platform username POST /Session opens the session for. */
export const USERNAME_FIELD = "username";
export const BODY_FIELD = "body";
export const SHOW_KEY_FIELD = "showKey";

/**
 * The parameter locations the form has a field for; body parameters become the one body field. (Form and
 * cookie parameters, which no shipped specification uses, are not offered.)
 */
type FieldLocation = "path" | "query" | "header";

export interface BuilderField {
  /** The form field's name: `{in}_{parameter}`, or `{in}_{index}` for a name a form could not carry. */
  name: string;
  parameter: string;
  in: FieldLocation;
  /** As the reference table shows it: "integer (int64)", "string (date)". */
  type: string;
  required: boolean;
  description: string;
  /** A select's choices (an enum, or true/false); null for a text input. */
  options: string[] | null;
  /**
   * Pre-filled for a required parameter only: its default, else the spec's example, else its first choice. An
   * optional one starts empty, so a call (and its curl line) carries only the values the reader set; the API
   * applies its default to the others.
   */
  initial: string;
  /** An optional parameter's default or example, shown in its empty field; empty when the spec gives neither. */
  hint: string;
  input: "text" | "date" | "number";
}

export interface BuilderBody {
  required: boolean;
  description: string;
  /** The example body, pretty-printed. */
  example: string;
}

/**
 * What a call carries: a key (the platform's API key, or the sandbox trial key) where the spec says; fund flows'
 * username and password (or API key), for which the builder opens a session with POST /Session first; or
 * nothing, for the operations the spec opens to everyone (POST /Session itself).
 */
export type BuilderCredentials = "api-key" | "trial-key" | "session" | "none";

export interface BuilderForm {
  method: string;
  path: string;
  auth: ApiAuth;
  credentials: BuilderCredentials;
  fields: BuilderField[];
  body: BuilderBody | null;
}

/**
 * Who may send from the builder and with which key (issue 14). The form is always shown; the key is pre-filled
 * only from what this browser holds: the key generated in this signed-in session, or the sandbox trial key of
 * its cookie. Anyone may paste a key: the data API decides whether it serves the call, with its per-key limits.
 */
export type BuilderAccess =
  /** A key is pre-filled: the session's (generated in token management) or the sandbox trial key. */
  | { state: "ready"; source: "session" | "trial" }
  /** A visitor on a set that needs a subscriber's key: sign in (and generate a key). */
  | { state: "sign-in" }
  /** Signed in without the set's product. */
  | { state: "subscribe" }
  /** A subscriber whose key was not generated in this session (keys are stored hashed, so it cannot be shown). */
  | { state: "generate" }
  /** The sandbox without a trial key in this browser: register for one. */
  | { state: "register" };

/** What the builder shows of an answer. */
export interface BuilderResult {
  status: number;
  statusText: string;
  headers: [string, string][];
  durationMs: number;
  /** The body, JSON pretty-printed. */
  body: string;
  /** The body was longer than the page shows. */
  truncated: boolean;
  /** A 429's Retry-After, in seconds as the API sent it. */
  retryAfter: string | null;
  /** The equivalent curl command(s): fund flows' POST /Session first, then the call. */
  curl: string;
  keyShown: boolean;
  /** Fund flows: the answer is POST /Session's, which refused to open a session. */
  sessionRefused: boolean;
}

/** What an operation page's builder needs besides its form: who may send, and the values shown first. */
export interface QueryBuilderData {
  set: DocSetId;
  access: BuilderAccess;
  initial: BuilderValues;
}

/** What the page action answers for a sent form. */
export interface BuilderOutcome {
  formId: typeof QUERY_BUILDER_FORM_ID;
  values: BuilderValues;
  result: BuilderResult;
}

/** What a sent form holds: every field as text; the show-key box as "on" when ticked. */
export type BuilderValues = Record<string, string>;

function describeType(schema: JsonSchema): string {
  if (schema.type === "array") return `array of ${schema.items?.type ?? "string"}`;
  const type = schema.type ?? "string";
  return schema.format ? `${type} (${schema.format})` : type;
}

/** A default, example or choice as a form shows it; an array as its comma-separated items. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : Array.isArray(value) ? value.map(asText).join(",") : JSON.stringify(value);
}

function fieldName(location: FieldLocation, parameter: string, index: number): string {
  return /^[A-Za-z0-9_-]+$/.test(parameter) ? `${location}_${parameter}` : `${location}_${index}`;
}

function inputKind(schema: JsonSchema): BuilderField["input"] {
  if (schema.type === "string" && schema.format === "date") return "date";
  return schema.type === "integer" || schema.type === "number" ? "number" : "text";
}

/** The form of an operation: one field per path, query and header parameter, and a body field. */
export function builderForm(model: ApiModel, operation: ApiOperation, credentials: BuilderCredentials): BuilderForm {
  const fields: BuilderField[] = [];
  operation.parameters.forEach((parameter, index) => {
    if (parameter.in === "body" || parameter.in === "formData" || parameter.in === "cookie") return;
    const { schema } = parameter;
    // A nullable enum lists null, which a form cannot send: leaving the field empty does.
    const options = schema.enum
      ? schema.enum.filter((value) => value !== null).map(asText)
      : schema.type === "boolean"
        ? ["true", "false"]
        : null;
    const suggested = asText(schema.default ?? schema.example);
    const initial = parameter.required ? suggested || (options?.[0] ?? "") : "";
    fields.push({
      name: fieldName(parameter.in, parameter.name, index),
      parameter: parameter.name,
      in: parameter.in,
      type: describeType(schema),
      required: parameter.required,
      description: parameter.description,
      options,
      initial,
      hint: parameter.required ? "" : suggested,
      input: inputKind(schema),
    });
  });
  const bodyParameter = operation.parameters.find((parameter) => parameter.in === "body");
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    auth: model.auth,
    credentials,
    fields,
    body: bodyParameter
      ? {
          required: bodyParameter.required,
          description: bodyParameter.description,
          example: JSON.stringify(exampleFromSchema(bodyParameter.schema, model.definitions), null, 2),
        }
      : null,
  };
}

/** A piece of a parameter's description: plain text, or what the spec's markdown marks as code with backticks. */
export interface DescriptionPart {
  text: string;
  code: boolean;
}

/**
 * A parameter's description as the builder shows it: the spec's `inline code` as code, without the backticks
 * (ux review p1). Only single backticks: the descriptions hold no other markdown a field's hint needs. A lone
 * backtick stays as written.
 */
export function descriptionParts(description: string): DescriptionPart[] {
  const parts: DescriptionPart[] = [];
  const pattern = /`([^`\n]+)`/g;
  let last = 0;
  for (const match of description.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: description.slice(last, match.index), code: false });
    parts.push({ text: match[1] ?? "", code: true });
    last = match.index + match[0].length;
  }
  if (last < description.length) parts.push({ text: description.slice(last), code: false });
  return parts;
}

/** The values the form shows first: the key and username given, each field's initial value, the example body. */
export function initialValues(form: BuilderForm, given: { key: string | null; username: string | null }): BuilderValues {
  return {
    ...(form.credentials === "none" ? {} : { [KEY_FIELD]: given.key ?? "" }),
    ...(form.credentials === "session" ? { [USERNAME_FIELD]: given.username ?? "" } : {}),
    ...Object.fromEntries(form.fields.map((field) => [field.name, field.initial])),
    ...(form.body ? { [BODY_FIELD]: form.body.example } : {}),
  };
}

/**
 * The values a link gives the builder (the usage page's "Open in the query builder"): `query.{name}` and
 * `path.{name}` for the operation's parameters, over their initial values. Never the key: a link is no place for one.
 */
export function prefilledValues(form: BuilderForm, search: URLSearchParams): BuilderValues {
  const values: BuilderValues = {};
  for (const field of form.fields) {
    const value = search.get(`${field.in}.${field.parameter}`);
    if (value !== null && (field.in === "query" || field.in === "path")) values[field.name] = value;
  }
  return values;
}

const REQUIRED = "validation.required";
const BAD_JSON = "queryBuilder.badJson";
const INVALID_OPTION = "validation.invalidOption";
/** Long enough for any key or session token; a longer value is a mistake, not a key. */
const MAX_KEY_LENGTH = 2048;
const MAX_VALUE_LENGTH = 4096;
const MAX_BODY_LENGTH = 200_000;

/** A form value as text: absent is empty; surrounding spaces are no part of a value. */
function formText(max: number, check: (value: string) => string | null) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z
      .string()
      .max(max, encodeMessage("validation.tooLong", { max }))
      .superRefine((value, context) => {
        const message = check(value);
        if (message) context.addIssue({ code: "custom", message });
      }),
  );
}

function isJson(value: string): boolean {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

function checkField(field: BuilderField, value: string): string | null {
  if (value === "") return field.required ? REQUIRED : null;
  return field.options && !field.options.includes(value) ? INVALID_OPTION : null;
}

/** The one schema of an operation's form: required fields, listed choices, a JSON body, the key. */
export function builderSchema(form: BuilderForm) {
  const requiredText = formText(MAX_KEY_LENGTH, (value) => (value === "" ? REQUIRED : null));
  const shape: Record<string, z.ZodTypeAny> = { [SHOW_KEY_FIELD]: z.preprocess((value) => value === "on", z.boolean()) };
  if (form.credentials !== "none") shape[KEY_FIELD] = requiredText;
  if (form.credentials === "session") shape[USERNAME_FIELD] = requiredText;
  for (const field of form.fields) shape[field.name] = formText(MAX_VALUE_LENGTH, (value) => checkField(field, value));
  if (form.body) {
    const { required } = form.body;
    shape[BODY_FIELD] = formText(MAX_BODY_LENGTH, (value) => {
      if (value === "") return required ? REQUIRED : null;
      return isJson(value) ? null : BAD_JSON;
    });
  }
  return z.object(shape);
}

/** What the schema answers for a valid form: each field's text, the show-key box as a boolean. */
export type BuilderRequestValues = Record<string, unknown>;

/** The request a validated form stands for: path filled, query and headers listed, the credential in place. */
export interface BuilderRequest {
  method: string;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: string;
}

function valueOf(values: BuilderRequestValues, name: string): string {
  const value = values[name];
  return typeof value === "string" ? value : "";
}

/**
 * Builds the call from validated values; the credential (a key, or fund flows' session token) goes where the
 * spec says (query parameter or header), and nowhere for an operation open to everyone.
 */
export function builderRequest(form: BuilderForm, values: BuilderRequestValues, credential: string | null): BuilderRequest {
  let path = form.path;
  const query: [string, string][] = [];
  const headers: Record<string, string> = { Accept: "application/json" };
  for (const field of form.fields) {
    const value = valueOf(values, field.name);
    if (field.in === "path") path = path.replace(`{${field.parameter}}`, encodeURIComponent(value));
    else if (value === "") continue;
    else if (field.in === "query") query.push([field.parameter, value]);
    else headers[field.parameter] = value;
  }
  if (credential !== null && form.auth.in === "query") query.push([form.auth.name, credential]);
  if (credential !== null && form.auth.in === "header") {
    headers[form.auth.name] = form.auth.name.toLowerCase() === "authorization" ? `Bearer ${credential}` : credential;
  }
  const request: BuilderRequest = { method: form.method, path, query, headers };
  const body = valueOf(values, BODY_FIELD);
  if (form.body && body !== "") {
    headers["Content-Type"] = "application/json";
    request.body = body;
  }
  return request;
}

/**
 * A key shown in a curl line when the user did not ask to see it: its last four characters only, behind
 * asterisks, which a URL's query string carries as they are.
 */
export function maskKey(key: string): string {
  return `****${key.slice(-4)}`;
}

/** A shell word in single quotes: nothing inside is expanded. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The curl command of a call, one option a line. */
export function curlCommand(call: { method: string; url: string; headers: Record<string, string>; body?: string }): string {
  return [
    `curl -X ${call.method} ${shellQuote(call.url)}`,
    ...Object.entries(call.headers).map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    ...(call.body !== undefined ? [`  --data-raw ${shellQuote(call.body)}`] : []),
  ].join(" \\\n");
}

/** A response body as shown: JSON pretty-printed, anything else (XML, a PDF's bytes, broken JSON) as it came. */
export function prettyBody(body: string, contentType: string | undefined): string {
  if (!/\bjson\b/i.test(contentType ?? "") && !/^\s*[[{]/.test(body)) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
