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

// The R client: a function returning a list of functions, over httr and jsonlite, hash comments.

const rReserved = "if else repeat while function for next break TRUE FALSE NULL Inf NaN NA NA_integer_ NA_real_ NA_character_ in";

const convention: Convention = {
  method: snakeCase,
  argument: snakeCase,
  reservedMethods: new Set(words(rReserved)),
  reservedArguments: new Set([...words(rReserved), "query", "body", "request", "path_value"]),
  foldCase: false,
};

function hashComment(text: string[], indent: string): string {
  return text
    .flatMap(lines)
    .map((line) => `${indent}#${line ? ` ${line}` : ""}`)
    .join("\n");
}

export function rClient(model: ApiModel, functionName: string, options: ClientOptions): string {
  const plans = planMethods(model, convention);
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
