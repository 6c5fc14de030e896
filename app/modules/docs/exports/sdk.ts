import type { ApiAuth, ApiModel, ApiOperation } from "../spec-model";

/**
 * Single-file API clients generated from the spec model: Python (standard library only), JavaScript
 * (ES module over global fetch), PHP (curl) and R (httr + jsonlite). Every text taken from the spec reaches
 * the source only as an escaped string literal or inside an escaped comment.
 */

export const clientLanguages = ["python", "javascript", "php", "r"] as const;
export type ClientLanguage = (typeof clientLanguages)[number];

export interface ClientOptions {
  packageName: string;
  version: string;
}

export interface GeneratedClient {
  filename: string;
  source: string;
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
const snakeCase = (words: string[]) => words.join("_");
const camelCase = (words: string[]) => words.map((word, index) => (index === 0 ? word : capitalise(word))).join("");
const pascalCase = (words: string[]) => words.map(capitalise).join("");

interface Convention {
  method: (words: string[]) => string;
  argument: (words: string[]) => string;
  reservedMethods: ReadonlySet<string>;
  reservedArguments: ReadonlySet<string>;
  /** PHP method names are case-insensitive */
  foldCase: boolean;
}

const pythonKeywords =
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield";
const javascriptReserved =
  "arguments await break case catch class const continue debugger default delete do else enum eval export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield";
const rReserved = "if else repeat while function for next break TRUE FALSE NULL Inf NaN NA NA_integer_ NA_real_ NA_character_ in";

const words = (list: string) => list.split(" ");

const conventions: Record<ClientLanguage, Convention> = {
  python: {
    method: snakeCase,
    argument: snakeCase,
    reservedMethods: new Set(words(pythonKeywords)),
    reservedArguments: new Set([...words(pythonKeywords), "self", "query", "body"]),
    foldCase: false,
  },
  javascript: {
    method: camelCase,
    argument: camelCase,
    reservedMethods: new Set(["constructor"]),
    reservedArguments: new Set([...words(javascriptReserved), "query", "body", "encodePathValue"]),
    foldCase: false,
  },
  php: {
    method: camelCase,
    argument: camelCase,
    reservedMethods: new Set(["request", "queryvalue", "pathvalue"]),
    reservedArguments: new Set(["this", "query", "body"]),
    foldCase: true,
  },
  r: {
    method: snakeCase,
    argument: snakeCase,
    reservedMethods: new Set(words(rReserved)),
    reservedArguments: new Set([...words(rReserved), "query", "body", "request", "path_value"]),
    foldCase: false,
  },
};

/** A valid, unused name: reserved words get a trailing "_", repeats a counter. */
function claimName(name: string, taken: Set<string>, reserved: ReadonlySet<string>, foldCase: boolean): string {
  const key = (candidate: string) => (foldCase ? candidate.toLowerCase() : candidate);
  const base = reserved.has(key(name)) ? `${name}_` : name;
  let candidate = base;
  for (let counter = 2; taken.has(key(candidate)); counter++) candidate = `${base}_${counter}`;
  taken.add(key(candidate));
  return candidate;
}

function identifier(text: string, style: (words: string[]) => string, fallback: string): string {
  const parts = identifierWords(text);
  if (parts.length === 0) return fallback;
  return style(/^[0-9]/.test(parts[0] ?? "") ? [fallback, ...parts] : parts);
}

type PathPart = { literal: string } | { argument: string };

interface MethodPlan {
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
function planMethods(model: ApiModel, convention: Convention): MethodPlan[] {
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

function lines(text: string): string[] {
  return text.split(/\r\n|[\n\r\u2028\u2029]/);
}

/** A JavaScript or PHP doc block; "*\/" inside the text cannot close it. */
function docBlock(text: string[], indent: string): string {
  const body = text.flatMap(lines).map((line) => `${indent} *${line ? ` ${line.replace(/\*\//g, "*\\/")}` : ""}`);
  return [`${indent}/**`, ...body, `${indent} */`].join("\n");
}

function hashComment(text: string[], indent: string): string {
  return text
    .flatMap(lines)
    .map((line) => `${indent}#${line ? ` ${line}` : ""}`)
    .join("\n");
}

/** A Python docstring: backslashes and every quote escaped, so neither an escape nor """ can end it early. */
function pythonDocstring(text: string[], indent: string): string {
  const escaped = text.flatMap(lines).map((line) => line.replace(/\\/g, "\\\\").replace(/"/g, '\\"'));
  const [first = "", ...rest] = escaped;
  if (rest.length === 0) return `${indent}"""${first}"""`;
  return [`${indent}"""${first}`, ...rest.map((line) => (line ? `${indent}${line}` : "")), `${indent}"""`].join("\n");
}

/** JSON string syntax is also valid Python, JavaScript and R string syntax. */
const quoted = (text: string) => JSON.stringify(text);
/** PHP single quotes: no interpolation, only \\ and \' are escapes. */
const phpQuoted = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function pathExpression(path: PathPart[], literal: (text: string) => string, value: (argument: string) => string, join: string): string {
  return path.length === 0
    ? literal("")
    : path.map((part) => ("literal" in part ? literal(part.literal) : value(part.argument))).join(join);
}

function isBearer(auth: ApiAuth): boolean {
  return auth.name.toLowerCase() === "authorization";
}

function title(model: ApiModel, options: ClientOptions): string {
  return `${model.title || options.packageName} client ${options.version}, generated from the API specification.`;
}

function pythonClient(model: ApiModel, className: string, options: ClientOptions): string {
  const plans = planMethods(model, conventions.python);
  const auth =
    model.auth.in === "query"
      ? `params[${quoted(model.auth.name)}] = self.api_key`
      : `headers[${quoted(model.auth.name)}] = ${isBearer(model.auth) ? '"Bearer " + self.api_key' : "self.api_key"}`;
  const methods = plans.map((plan) => {
    const bodyArgument = plan.body === "required" ? ["body"] : plan.body === "optional" ? ["body=None"] : [];
    const signature = ["self", ...plan.pathArguments, ...bodyArgument, "query=None"].join(", ");
    const path = pathExpression(plan.path, quoted, (argument) => `_path_value(${argument})`, " + ");
    return [
      `    def ${plan.name}(${signature}):`,
      pythonDocstring(plan.doc, "        "),
      `        return self._request(${quoted(plan.method)}, ${path}, query${plan.body ? ", body" : ""})`,
    ].join("\n");
  });
  return `${pythonDocstring([title(model, options)], "")}

import json
import urllib.error
import urllib.parse
import urllib.request

DEFAULT_BASE_URL = ${quoted(model.baseUrl)}


class ApiError(Exception):
    """A call answered with a status outside 2xx."""

    def __init__(self, status, body):
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


def _query_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_query_value(item) for item in value)
    return str(value)


def _path_value(value):
    return urllib.parse.quote(_query_value(value), safe="")


class ${className}:
${pythonDocstring([`Client for ${model.title || options.packageName}.`], "    ")}

    def __init__(self, api_key, base_url=DEFAULT_BASE_URL, timeout=30):
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def _request(self, method, path, query=None, body=None):
        params = {name: _query_value(value) for name, value in (query or {}).items() if value is not None}
        headers = {"Accept": "application/json"}
        if self.api_key:
            ${auth}
        url = self.base_url + path
        if params:
            url += "?" + urllib.parse.urlencode(params)
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read()
        if not 200 <= status < 300:
            raise ApiError(status, payload.decode("utf-8", "replace"))
        return json.loads(payload) if payload else None

${methods.join("\n\n")}
`;
}

function javascriptClient(model: ApiModel, className: string, options: ClientOptions): string {
  const plans = planMethods(model, conventions.javascript);
  const auth =
    model.auth.in === "query"
      ? `url.searchParams.set(${quoted(model.auth.name)}, this.#apiKey);`
      : `headers[${quoted(model.auth.name)}] = ${isBearer(model.auth) ? "`Bearer ${this.#apiKey}`" : "this.#apiKey"};`;
  const methods = plans.map((plan) => {
    const bodyArgument = plan.body === "required" ? ["body"] : plan.body === "optional" ? ["body = undefined"] : [];
    const signature = [...plan.pathArguments, ...bodyArgument, "query = {}"].join(", ");
    const path = pathExpression(plan.path, quoted, (argument) => `encodePathValue(${argument})`, " + ");
    return [
      docBlock(plan.doc, "  "),
      `  ${plan.name}(${signature}) {`,
      `    return this.#request(${quoted(plan.method)}, ${path}, query${plan.body ? ", body" : ""});`,
      "  }",
    ].join("\n");
  });
  return `${docBlock([title(model, options)], "")}

export const DEFAULT_BASE_URL = ${quoted(model.baseUrl)};

/** A call answered with a status outside 2xx. */
export class ApiError extends Error {
  constructor(status, body) {
    super(\`HTTP \${status}: \${body}\`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

const queryValue = (value) => (Array.isArray(value) ? value.map(queryValue).join(",") : String(value));
const encodePathValue = (value) => encodeURIComponent(queryValue(value));

${docBlock([`Client for ${model.title || options.packageName}.`], "")}
export class ${className} {
  #apiKey;
  #baseUrl;

  constructor(apiKey, baseUrl = DEFAULT_BASE_URL) {
    this.#apiKey = apiKey;
    this.#baseUrl = baseUrl.replace(/\\/+$/, "");
  }

  async #request(method, path, query = {}, body = undefined) {
    const url = new URL(this.#baseUrl + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, queryValue(value));
    }
    const headers = { Accept: "application/json" };
    if (this.#apiKey) ${auth}
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, text);
    return text ? JSON.parse(text) : null;
  }

${methods.join("\n\n")}
}
`;
}

function phpClient(model: ApiModel, className: string, options: ClientOptions): string {
  const plans = planMethods(model, conventions.php);
  const auth =
    model.auth.in === "query"
      ? `$params[${phpQuoted(model.auth.name)}] = $this->apiKey;`
      : `$headers[] = ${phpQuoted(`${model.auth.name}: ${isBearer(model.auth) ? "Bearer " : ""}`)} . $this->apiKey;`;
  const methods = plans.map((plan) => {
    const bodyArgument = plan.body === "required" ? ["$body"] : plan.body === "optional" ? ["$body = null"] : [];
    const signature = [...plan.pathArguments.map((argument) => `$${argument}`), ...bodyArgument, "array $query = []"].join(", ");
    const path = pathExpression(plan.path, phpQuoted, (argument) => `self::pathValue($${argument})`, " . ");
    return [
      docBlock(plan.doc, "    "),
      `    public function ${plan.name}(${signature})`,
      "    {",
      `        return $this->request(${phpQuoted(plan.method)}, ${path}, $query${plan.body ? ", $body" : ""});`,
      "    }",
    ].join("\n");
  });
  return `<?php

${docBlock([title(model, options)], "")}

/** A call answered with a status outside 2xx; the HTTP status is the exception code. */
class ${className}Exception extends \\RuntimeException
{
}

${docBlock([`Client for ${model.title || options.packageName}.`], "")}
class ${className}
{
    const DEFAULT_BASE_URL = ${phpQuoted(model.baseUrl)};

    private $apiKey;
    private $baseUrl;
    private $timeout;

    public function __construct(string $apiKey, string $baseUrl = self::DEFAULT_BASE_URL, int $timeout = 30)
    {
        $this->apiKey = $apiKey;
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->timeout = $timeout;
    }

    private static function queryValue($value): string
    {
        if (is_bool($value)) {
            return $value ? 'true' : 'false';
        }
        if (is_array($value)) {
            return implode(',', array_map([self::class, 'queryValue'], $value));
        }
        return (string) $value;
    }

    private static function pathValue($value): string
    {
        return rawurlencode(self::queryValue($value));
    }

    private function request(string $method, string $path, array $query = [], $body = null)
    {
        $params = [];
        foreach ($query as $name => $value) {
            if ($value !== null) {
                $params[$name] = self::queryValue($value);
            }
        }
        $headers = ['Accept: application/json'];
        if ($this->apiKey !== '') {
            ${auth}
        }
        $url = $this->baseUrl . $path . ($params ? '?' . http_build_query($params, '', '&', PHP_QUERY_RFC3986) : '');
        $options = [CURLOPT_CUSTOMREQUEST => $method, CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => $this->timeout];
        if ($body !== null) {
            $options[CURLOPT_POSTFIELDS] = json_encode($body, JSON_THROW_ON_ERROR);
            $headers[] = 'Content-Type: application/json';
        }
        $options[CURLOPT_HTTPHEADER] = $headers;
        $curl = curl_init($url);
        curl_setopt_array($curl, $options);
        $payload = curl_exec($curl);
        $error = curl_error($curl);
        $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        if ($payload === false) {
            throw new ${className}Exception($error, 0);
        }
        if ($status < 200 || $status >= 300) {
            throw new ${className}Exception(sprintf('HTTP %d: %s', $status, $payload), $status);
        }
        return $payload === '' ? null : json_decode($payload, true, 512, JSON_THROW_ON_ERROR);
    }

${methods.join("\n\n")}
}
`;
}

function rClient(model: ApiModel, functionName: string, options: ClientOptions): string {
  const plans = planMethods(model, conventions.r);
  const auth =
    model.auth.in === "query"
      ? `query[[${quoted(model.auth.name)}]] <- api_key`
      : `headers[[${quoted(model.auth.name)}]] <- ${isBearer(model.auth) ? 'paste("Bearer", api_key)' : "api_key"}`;
  const methods = plans.map((plan) => {
    const bodyArgument = plan.body === "required" ? ["body"] : plan.body === "optional" ? ["body = NULL"] : [];
    const signature = [...plan.pathArguments, ...bodyArgument, "query = list()"].join(", ");
    const pieces = pathExpression(plan.path, quoted, (argument) => `path_value(${argument})`, ", ");
    const path = plan.path.length > 1 || plan.path.some((part) => "argument" in part) ? `paste0(${pieces})` : pieces;
    return [
      hashComment(plan.doc, "    "),
      `    ${plan.name} = function(${signature}) {`,
      `      request(${quoted(plan.method)}, ${path}, query${plan.body ? ", body" : ""})`,
      "    }",
    ].join("\n");
  });
  return `${hashComment([title(model, options)], "")}

library(httr)
library(jsonlite)

${hashComment([`Client for ${model.title || options.packageName}: a list with one function per operation.`, `A call answered outside 2xx signals an "api_error" condition holding status and body.`], "")}
${functionName} <- function(api_key, base_url = ${quoted(model.baseUrl)}) {
  base_url <- sub("/+$", "", base_url)

  query_value <- function(value) {
    if (is.logical(value)) value <- tolower(as.character(value))
    paste(value, collapse = ",")
  }

  path_value <- function(value) utils::URLencode(query_value(value), reserved = TRUE)

  request <- function(method, path, query = list(), body = NULL) {
    query <- lapply(Filter(Negate(is.null), query), query_value)
    headers <- c(Accept = "application/json")
    if (nzchar(api_key)) ${auth}
    if (!is.null(body)) {
      headers[["Content-Type"]] <- "application/json"
      body <- toJSON(body, auto_unbox = TRUE, null = "null")
    }
    response <- VERB(method, paste0(base_url, path), query = query, body = body, add_headers(.headers = headers))
    status <- status_code(response)
    text <- content(response, as = "text", encoding = "UTF-8")
    if (is.null(text) || is.na(text)) text <- ""
    if (status < 200 || status >= 300) {
      stop(structure(
        class = c("api_error", "error", "condition"),
        list(message = sprintf("HTTP %d: %s", status, text), call = NULL, status = status, body = text)
      ))
    }
    if (nzchar(text)) fromJSON(text, simplifyVector = FALSE) else NULL
  }

  list(
${methods.join(",\n\n")}
  )
}
`;
}

/** The file a language's client is saved as: macroeconomic_client.py, macroeconomic-client.mjs, ... */
export function clientFilename(language: ClientLanguage, packageName: string): string {
  const parts = [...identifierWords(packageName), "client"];
  switch (language) {
    case "python":
      return `${snakeCase(parts)}.py`;
    case "javascript":
      return `${parts.join("-")}.mjs`;
    case "php":
      return `${pascalCase(parts)}.php`;
    case "r":
      return `${snakeCase(parts)}.R`;
  }
}

/** A complete single-file client of the API in one language. */
export function generateClient(model: ApiModel, language: ClientLanguage, options: ClientOptions): GeneratedClient {
  const className = identifier(`${options.packageName} client`, pascalCase, "api");
  const filename = clientFilename(language, options.packageName);
  switch (language) {
    case "python":
      return { filename, source: pythonClient(model, className, options) };
    case "javascript":
      return { filename, source: javascriptClient(model, className, options) };
    case "php":
      return { filename, source: phpClient(model, className, options) };
    case "r":
      return { filename, source: rClient(model, identifier(`${options.packageName} client`, snakeCase, "api"), options) };
  }
}
