import { exampleFromSchema, type ApiModel, type ApiOperation } from "./spec-model";

export const sampleLanguages = ["curl", "python", "javascript", "php", "r"] as const;
export type SampleLanguage = (typeof sampleLanguages)[number];

function exampleText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The URL of a call with example path parameters and its required query parameters, against the base URL given. */
export function sampleUrl(model: ApiModel, operation: ApiOperation, key: string, baseUrl = model.baseUrl): string {
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

function requestBody(model: ApiModel, operation: ApiOperation): string | null {
  const body = operation.parameters.find((parameter) => parameter.in === "body");
  return body ? JSON.stringify(exampleFromSchema(body.schema, model.definitions), null, 2) : null;
}

/**
 * Request samples in curl, Python, JavaScript, PHP and R for one operation: against the spec's base URL unless
 * another is in force, with a placeholder unless a key is given.
 */
export function requestSamples(
  model: ApiModel,
  operation: ApiOperation,
  key = "YOUR_API_KEY",
  baseUrl = model.baseUrl,
): Record<SampleLanguage, string> {
  const url = sampleUrl(model, operation, key, baseUrl);
  const method = operation.method.toUpperCase();
  const body = requestBody(model, operation);
  const header =
    model.auth.in === "header" && !operation.open
      ? { name: model.auth.name, value: model.auth.name === "Authorization" ? `Bearer ${key}` : key }
      : null;
  const headers: [string, string][] = [
    ["Accept", "application/json"],
    ...(header ? [[header.name, header.value] as [string, string]] : []),
    ...(body ? [["Content-Type", "application/json"] as [string, string]] : []),
  ];
  const compactBody = body ? JSON.stringify(JSON.parse(body)) : null;

  const curl = [
    `curl -X ${method} "${url}"`,
    ...headers.map(([name, value]) => `  -H "${name}: ${value}"`),
    ...(compactBody ? [`  -d '${compactBody}'`] : []),
  ].join(" \\\n");
  const python = [
    "import requests",
    "",
    `response = requests.request(`,
    `    "${method}",`,
    `    "${url}",`,
    `    headers={${headers.map(([name, value]) => `"${name}": "${value}"`).join(", ")}},`,
    ...(body
      ? [
          `    json=${body
            .replace(/\n/g, "\n    ")
            .replace(/\btrue\b/g, "True")
            .replace(/\bfalse\b/g, "False")
            .replace(/\bnull\b/g, "None")},`,
        ]
      : []),
    "    timeout=30,",
    ")",
    "response.raise_for_status()",
    "print(response.json())",
  ].join("\n");
  const javascript = [
    `const response = await fetch("${url}", {`,
    `  method: "${method}",`,
    `  headers: { ${headers.map(([name, value]) => `"${name}": "${value}"`).join(", ")} },`,
    ...(body ? [`  body: JSON.stringify(${body.replace(/\n/g, "\n  ")}),`] : []),
    "});",
    "if (!response.ok) throw new Error(`HTTP ${response.status}`);",
    "console.log(await response.json());",
  ].join("\n");
  const php = [
    "<?php",
    `$curl = curl_init("${url}");`,
    "curl_setopt_array($curl, [",
    `    CURLOPT_CUSTOMREQUEST => "${method}",`,
    "    CURLOPT_RETURNTRANSFER => true,",
    `    CURLOPT_HTTPHEADER => [${headers.map(([name, value]) => `"${name}: ${value}"`).join(", ")}],`,
    ...(compactBody ? [`    CURLOPT_POSTFIELDS => '${compactBody}',`] : []),
    "]);",
    "$response = json_decode(curl_exec($curl), true);",
    "curl_close($curl);",
    "print_r($response);",
  ].join("\n");
  const r = [
    "library(httr)",
    "",
    `response <- VERB("${method}", "${url}",`,
    `  add_headers(${headers.map(([name, value]) => `"${name}" = "${value}"`).join(", ")})${compactBody ? "," : ")"}`,
    ...(compactBody ? [`  body = '${compactBody}', encode = "raw")`] : []),
    "stop_for_status(response)",
    'print(content(response, as = "parsed"))',
  ].join("\n");
  return { curl, python, javascript, php, r };
}
