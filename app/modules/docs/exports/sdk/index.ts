import type { ApiModel } from "../../spec-model";
import { javascriptClient } from "./javascript";
import { phpClient } from "./php";
import { pythonClient } from "./python";
import { rClient } from "./r";
import { identifier, identifierWords, pascalCase, snakeCase, type ClientOptions } from "./shared";

/**
 * Single-file API clients generated from the spec model: Python (standard library only), JavaScript
 * (ES module over global fetch), PHP (curl) and R (httr + jsonlite). Every text taken from the spec reaches
 * the source only as an escaped string literal or inside an escaped comment.
 */

export { identifierWords } from "./shared";

export const clientLanguages = ["python", "javascript", "php", "r"] as const;
export type ClientLanguage = (typeof clientLanguages)[number];

export interface GeneratedClient {
  filename: string;
  source: string;
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
