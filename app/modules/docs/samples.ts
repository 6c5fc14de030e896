import {
  exampleFromSchema,
  isFormMediaType,
  isJsonMediaType,
  primaryRequestBody,
  requestBodyExample,
  type ApiModel,
  type ApiOperation,
} from "./spec-model";
import { codeLanguages, type CodeLanguage } from "../content/code-language";

export const sampleLanguages = codeLanguages;
export type SampleLanguage = CodeLanguage;

/** Where a webhook's samples post their example delivery: the reader's own endpoint. */
export const WEBHOOK_ENDPOINT = "https://example.com/your-webhook-endpoint";

function exampleText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The URL of a call with example path parameters and its required query parameters, against the base URL given. */
export function sampleUrl(model: ApiModel, operation: ApiOperation, key: string, baseUrl = model.baseUrl): string {
  if (operation.webhook) return WEBHOOK_ENDPOINT;
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = exampleText(exampleFromSchema(parameter.schema, model.definitions));
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    if (parameter.in === "query" && parameter.required) query.set(parameter.name, value);
  }
  if (model.auth.in === "query" && !operation.open) query.set(model.auth.name, key);
  const search = query.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ""}`;
}

/** What a sample sends as its body, after the operation's first JSON, form or other media type. */
export type SampleBody =
  | { kind: "json"; mediaType: string; value: unknown }
  | { kind: "form"; mediaType: string; multipart: boolean; fields: [string, string][] }
  | { kind: "text"; mediaType: string; text: string };

export function sampleBody(model: ApiModel, operation: ApiOperation): SampleBody | null {
  const body = primaryRequestBody(operation);
  if (!body) return null;
  const example = requestBodyExample(body, model.definitions);
  if (isJsonMediaType(body.mediaType)) {
    return { kind: "json", mediaType: body.mediaType === "*/*" ? "application/json" : body.mediaType, value: example };
  }
  if (isFormMediaType(body.mediaType)) {
    const fields = typeof example === "object" && example !== null && !Array.isArray(example) ? Object.entries(example) : [];
    return {
      kind: "form",
      mediaType: body.mediaType,
      multipart: body.mediaType.toLowerCase().startsWith("multipart/"),
      fields: fields.map(([name, value]) => [name, exampleText(value)]),
    };
  }
  return { kind: "text", mediaType: body.mediaType, text: exampleText(example) };
}

/** A shell word in single quotes: nothing inside is expanded. */
const shellSingle = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A shell word in double quotes, with what the shell would expand there escaped. */
const shellDouble = (text: string) => `"${text.replace(/["\\$`]/g, "\\$&")}"`;
/** JSON string syntax is also valid Python, JavaScript and R string syntax. */
const quoted = (text: string) => JSON.stringify(text);
/** PHP single quotes: no interpolation, only \\ and \' are escapes. */
const phpSingle = (text: string) => `'${text.replace(/[\\']/g, "\\$&")}'`;
/** PHP double quotes with $ escaped, so nothing is interpolated. */
const phpDouble = (text: string) => `"${text.replace(/["\\$]/g, "\\$&")}"`;
/** R single quotes, its backslash escapes kept as written. */
const rSingle = (text: string) => `'${text.replace(/[\\']/g, "\\$&")}'`;

/** Pretty JSON as a Python literal: true, false and null outside strings become True, False and None. */
export function pythonLiteral(value: unknown): string {
  const json = JSON.stringify(value, null, 2) ?? "None";
  const words: Record<string, string> = { true: "True", false: "False", null: "None" };
  return json.replace(/"(?:[^"\\]|\\.)*"|\b(?:true|false|null)\b/g, (token) => words[token] ?? token);
}

function dictOf(pairs: [string, string][]): string {
  return `{${pairs.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`).join(", ")}}`;
}

function pythonBody(body: SampleBody): string[] {
  switch (body.kind) {
    case "json":
      return [`    json=${pythonLiteral(body.value).replace(/\n/g, "\n    ")},`];
    case "form":
      return body.multipart
        ? [`    files={${body.fields.map(([name, value]) => `${quoted(name)}: (None, ${quoted(value)})`).join(", ")}},`]
        : [`    data=${dictOf(body.fields)},`];
    case "text":
      return [`    data=${quoted(body.text)},`];
  }
}

function javascriptBody(body: SampleBody): string[] {
  switch (body.kind) {
    case "json":
      return [`  body: JSON.stringify(${(JSON.stringify(body.value, null, 2) ?? "null").replace(/\n/g, "\n  ")}),`];
    case "form": {
      const pairs = JSON.stringify(body.fields);
      return [
        body.multipart
          ? `  body: ${pairs}.reduce((form, [name, value]) => (form.append(name, value), form), new FormData()),`
          : `  body: new URLSearchParams(${pairs}),`,
      ];
    }
    case "text":
      return [`  body: ${quoted(body.text)},`];
  }
}

function phpBody(body: SampleBody): string[] {
  switch (body.kind) {
    case "json":
      return [`    CURLOPT_POSTFIELDS => ${phpSingle(JSON.stringify(body.value) ?? "null")},`];
    case "form": {
      const fields = `[${body.fields.map(([name, value]) => `${phpSingle(name)} => ${phpSingle(value)}`).join(", ")}]`;
      // curl sends an array as multipart/form-data, a query string as a urlencoded form.
      return [`    CURLOPT_POSTFIELDS => ${body.multipart ? fields : `http_build_query(${fields})`},`];
    }
    case "text":
      return [`    CURLOPT_POSTFIELDS => ${phpSingle(body.text)},`];
  }
}

function rBody(body: SampleBody): string {
  switch (body.kind) {
    case "json":
      return `body = ${rSingle(JSON.stringify(body.value) ?? "null")}, encode = "raw"`;
    case "form":
      return `body = list(${body.fields.map(([name, value]) => `${quoted(name)} = ${quoted(value)}`).join(", ")}), encode = ${quoted(body.multipart ? "multipart" : "form")}`;
    case "text":
      return `body = ${quoted(body.text)}, encode = "raw"`;
  }
}

function curlBody(body: SampleBody): string[] {
  switch (body.kind) {
    case "json":
      return [`  -d ${shellSingle(JSON.stringify(body.value) ?? "null")}`];
    case "form":
      return body.fields.map(([name, value]) =>
        body.multipart ? `  -F ${shellSingle(`${name}=${value}`)}` : `  --data-urlencode ${shellSingle(`${name}=${value}`)}`,
      );
    case "text":
      return [`  --data-binary ${shellSingle(body.text)}`];
  }
}

/** The headers a sample sends: Accept, the key where the spec wants it, the body's type (a form's is set by the client). */
function sampleHeaders(model: ApiModel, operation: ApiOperation, key: string, body: SampleBody | null): [string, string][] {
  if (operation.webhook) {
    const own = operation.parameters
      .filter((parameter) => parameter.in === "header")
      .map((parameter): [string, string] => [parameter.name, exampleText(exampleFromSchema(parameter.schema, model.definitions))]);
    return [...own, ...(body && body.kind !== "form" ? [["Content-Type", body.mediaType] as [string, string]] : [])];
  }
  const header =
    model.auth.in === "header" && !operation.open
      ? { name: model.auth.name, value: model.auth.name === "Authorization" ? `Bearer ${key}` : key }
      : null;
  return [
    ["Accept", "application/json"],
    ...(header ? [[header.name, header.value] as [string, string]] : []),
    ...(body && body.kind !== "form" ? [["Content-Type", body.mediaType] as [string, string]] : []),
  ];
}

/**
 * Request samples in curl, Python, JavaScript, PHP and R for one operation: against the spec's base URL unless
 * another is in force, with a placeholder unless a key is given. A webhook's samples post an example delivery to
 * the reader's own endpoint (WEBHOOK_ENDPOINT), to test it: a webhook is sent by the API, never called.
 */
export function requestSamples(
  model: ApiModel,
  operation: ApiOperation,
  key = "YOUR_API_KEY",
  baseUrl = model.baseUrl,
): Record<SampleLanguage, string> {
  const url = sampleUrl(model, operation, key, baseUrl);
  const method = operation.method.toUpperCase();
  const body = sampleBody(model, operation);
  const headers = sampleHeaders(model, operation, key, body);
  // A webhook endpoint answers with its status alone; an API call with JSON.
  const { webhook } = operation;

  const curl = [
    `curl -X ${method} ${shellDouble(url)}`,
    ...headers.map(([name, value]) => `  -H ${shellDouble(`${name}: ${value}`)}`),
    ...(body ? curlBody(body) : []),
  ].join(" \\\n");
  const python = [
    "import requests",
    "",
    `response = requests.request(`,
    `    ${quoted(method)},`,
    `    ${quoted(url)},`,
    `    headers=${dictOf(headers)},`,
    ...(body ? pythonBody(body) : []),
    "    timeout=30,",
    ")",
    "response.raise_for_status()",
    webhook ? "print(response.status_code)" : "print(response.json())",
  ].join("\n");
  const javascript = [
    `const response = await fetch(${quoted(url)}, {`,
    `  method: ${quoted(method)},`,
    `  headers: { ${headers.map(([name, value]) => `${quoted(name)}: ${quoted(value)}`).join(", ")} },`,
    ...(body ? javascriptBody(body) : []),
    "});",
    "if (!response.ok) throw new Error(`HTTP ${response.status}`);",
    webhook ? "console.log(response.status);" : "console.log(await response.json());",
  ].join("\n");
  const php = [
    "<?php",
    `$curl = curl_init(${phpDouble(url)});`,
    "curl_setopt_array($curl, [",
    `    CURLOPT_CUSTOMREQUEST => ${phpDouble(method)},`,
    "    CURLOPT_RETURNTRANSFER => true,",
    `    CURLOPT_HTTPHEADER => [${headers.map(([name, value]) => phpDouble(`${name}: ${value}`)).join(", ")}],`,
    ...(body ? phpBody(body) : []),
    "]);",
    ...(webhook
      ? ["curl_exec($curl);", "echo curl_getinfo($curl, CURLINFO_RESPONSE_CODE), PHP_EOL;", "curl_close($curl);"]
      : ["$response = json_decode(curl_exec($curl), true);", "curl_close($curl);", "print_r($response);"]),
  ].join("\n");
  const r = [
    "library(httr)",
    "",
    `response <- VERB(${quoted(method)}, ${quoted(url)},`,
    `  add_headers(${headers.map(([name, value]) => `${quoted(name)} = ${quoted(value)}`).join(", ")})${body ? "," : ")"}`,
    ...(body ? [`  ${rBody(body)})`] : []),
    "stop_for_status(response)",
    webhook ? "print(status_code(response))" : 'print(content(response, as = "parsed"))',
  ].join("\n");
  return { curl, python, javascript, php, r };
}
