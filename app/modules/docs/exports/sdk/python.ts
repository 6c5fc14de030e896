import type { ApiModel } from "../../spec-model";
import {
  type ClientOptions,
  type Convention,
  isBearer,
  lines,
  pathExpression,
  planMethods,
  quoted,
  snakeCase,
  title,
  words,
} from "./shared";

// The Python client: standard library only (urllib), snake_case methods, docstrings.

const pythonKeywords =
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield";

const convention: Convention = {
  method: snakeCase,
  argument: snakeCase,
  reservedMethods: new Set(words(pythonKeywords)),
  reservedArguments: new Set([...words(pythonKeywords), "self", "query", "body"]),
  foldCase: false,
};

/** A Python docstring: backslashes and every quote escaped, so neither an escape nor """ can end it early. */
function pythonDocstring(text: string[], indent: string): string {
  const escaped = text.flatMap(lines).map((line) => line.replace(/\\/g, "\\\\").replace(/"/g, '\\"'));
  const [first = "", ...rest] = escaped;
  if (rest.length === 0) return `${indent}"""${first}"""`;
  return [`${indent}"""${first}`, ...rest.map((line) => (line ? `${indent}${line}` : "")), `${indent}"""`].join("\n");
}

export function pythonClient(model: ApiModel, className: string, options: ClientOptions): string {
  const plans = planMethods(model, convention);
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
