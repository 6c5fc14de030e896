import type { ApiModel } from "../../spec-model";
import {
  camelCase,
  type ClientOptions,
  type Convention,
  docBlock,
  isBearer,
  pathExpression,
  planMethods,
  quoted,
  title,
  words,
} from "./shared";

// The JavaScript client: an ES module over global fetch, camelCase methods, doc blocks.

const javascriptReserved =
  "arguments await break case catch class const continue debugger default delete do else enum eval export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield";

const convention: Convention = {
  method: camelCase,
  argument: camelCase,
  reservedMethods: new Set(["constructor"]),
  reservedArguments: new Set([...words(javascriptReserved), "query", "body", "encodePathValue"]),
  foldCase: false,
};

export function javascriptClient(model: ApiModel, className: string, options: ClientOptions): string {
  const plans = planMethods(model, convention);
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
