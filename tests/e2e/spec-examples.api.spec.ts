import fs from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { setAccess } from "../../app/modules/data-api/access-rules";
import { sampleBody, sampleUrl } from "../../app/modules/docs/samples";
import {
  exampleFromSchema,
  normaliseSwagger2,
  type ApiModel,
  type ApiOperation,
  type ApiParameter,
  type JsonSchema,
} from "../../app/modules/docs/spec-model";
import type { DocSetId } from "../../app/modules/registry/registry";
import { createAccount } from "./support/accounts";
import { keyFor, trialKey } from "./support/data-api-keys";
import { test } from "./support/test";

/**
 * What the docs promise is what the API does. Every operation of every shipped specification is called as its docs
 * page's request sample calls it (the spec's examples for path and required query parameters, and the body that the
 * query builder and the Postman collection also send), with a real subscriber's credentials and without any; then
 * with a spread of invalid inputs (a missing required parameter, a value of the wrong type, a broken body). Every
 * status answered must be one the operation documents, the spec's examples must succeed, and an invalid input must
 * get a 4xx. Each credential's calls go one after another, 4 a second, under the data API's limits.
 */

const sets = Object.keys(setAccess) as DocSetId[];

function specModel(set: DocSetId): ApiModel {
  return normaliseSwagger2(JSON.parse(fs.readFileSync(path.resolve("content", "specs", `${set}.json`), "utf8")));
}

/** What a call sends below /data-api/{set}, without the credential. */
interface Call {
  label: string;
  method: string;
  path: string;
  query: [string, string][];
  body?: string;
  /**
   * example: the spec's examples, must succeed; made-up: a request sample with a value the docs made up from a type
   * (an id "string"), and unknown: one naming a record that does not exist, may answer any documented status;
   * invalid, and anonymous (without credentials): must be refused with a documented 4xx.
   */
  kind: "example" | "made-up" | "unknown" | "invalid" | "anonymous";
  /** The statuses the operation documents. */
  documented: string[];
}

const exampleText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * A parameter whose example the docs make up from its type alone ("string", 0): nothing the spec gives as an
 * example, default or choice. A date of the right form is a fine example of any date.
 */
function invented(schema: JsonSchema): boolean {
  if (schema.example !== undefined || schema.default !== undefined || schema.enum?.length) return false;
  return schema.format !== "date" && schema.format !== "date-time";
}

/** The values the docs' request sample sends: every path parameter and the required query parameters. */
function exampleValues(model: ApiModel, operation: ApiOperation): Map<ApiParameter, string> {
  return new Map(
    operation.parameters
      .filter((parameter) => parameter.in === "path" || (parameter.in === "query" && parameter.required))
      .map((parameter) => [parameter, exampleText(exampleFromSchema(parameter.schema, model.definitions))]),
  );
}

function callOf(operation: ApiOperation, values: Map<ApiParameter, string>, extra: Partial<Call> & Pick<Call, "label" | "kind">): Call {
  let target = operation.path;
  const query: [string, string][] = [];
  for (const [parameter, value] of values) {
    if (parameter.in === "path") target = target.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.push([parameter.name, value]);
  }
  return {
    method: operation.method.toUpperCase(),
    path: target,
    query,
    documented: operation.responses.map((response) => response.status),
    ...extra,
  };
}

/** Wrong values for a parameter as its schema types it, each with what is wrong with it. */
function wrongValues(schema: JsonSchema): [string, string][] {
  const wrong: [string, string][] = [];
  if (schema.type === "integer" || schema.type === "number") wrong.push(["not a number", "twelve"]);
  if (schema.type === "boolean") wrong.push(["not a boolean", "maybe"]);
  if (schema.enum?.length) wrong.push(["not one of its choices", "not-a-choice"]);
  if (schema.format === "date") wrong.push(["not a date", "2024-13-45"]);
  if (schema.format === "date-time") wrong.push(["not a date and time", "yesterday"]);
  return wrong;
}

/** A parameter with no wrong type to give it gets a control character, which no text parameter takes. */
const CONTROL_CHARACTER = "a\u0007b";

/** Past the e2e server's BODY_LIMIT_BYTES (1 MiB, the default). */
const OVERSIZED_BODY_CHARACTERS = 1024 * 1024 + 1;

function invalidCalls(model: ApiModel, operation: ApiOperation, base: Map<ApiParameter, string>, body: string | undefined): Call[] {
  const name = `${operation.method.toUpperCase()} ${operation.path}`;
  const calls: Call[] = [];
  for (const parameter of operation.parameters.filter((each) => each.in === "path" || each.in === "query")) {
    if (parameter.in === "query" && parameter.required) {
      const without = new Map(base);
      without.delete(parameter);
      calls.push(callOf(operation, without, { label: `${name} without ${parameter.name}`, kind: "invalid", body }));
    }
    if (parameter.in === "query" && !parameter.required && /(?:^|_)id$|[a-z]Id$/.test(parameter.name)) {
      const unknown = parameter.schema.type === "integer" ? "999999999" : "ZZ999999";
      const values = new Map(base).set(parameter, unknown);
      calls.push(callOf(operation, values, { label: `${name} with a ${parameter.name} nothing has`, kind: "unknown", body }));
    }
    const wrong = wrongValues(parameter.schema);
    if (wrong.length === 0 && parameter.in === "query") wrong.push(["a control character", CONTROL_CHARACTER]);
    for (const [problem, value] of wrong) {
      const values = new Map(base).set(parameter, value);
      calls.push(callOf(operation, values, { label: `${name} with ${parameter.name} ${problem}`, kind: "invalid", body }));
    }
  }
  if (body !== undefined) {
    const bodyCall = (problem: string, text: string | undefined) =>
      callOf(operation, base, { label: `${name} with ${problem}`, kind: "invalid", body: text });
    calls.push(bodyCall("no body", undefined), bodyCall("a body that is not JSON", "{"), bodyCall("a list for a body", "[]"));
    const schema = bodySchema(model, operation);
    const example = JSON.parse(body) as Record<string, unknown>;
    calls.push(bodyCall("a body over the size limit", JSON.stringify({ ...example, padding: "x".repeat(OVERSIZED_BODY_CHARACTERS) })));
    const required = schema?.required?.[0];
    if (required) {
      const { [required]: _, ...rest } = example;
      calls.push(bodyCall(`a body without ${required}`, JSON.stringify(rest)));
    }
    const typed = Object.entries(schema?.properties ?? {}).find(
      ([, property]) => property.type === "string" || property.type === "integer",
    );
    if (typed) calls.push(bodyCall(`a body whose ${typed[0]} is a list`, JSON.stringify({ ...example, [typed[0]]: [] })));
  }
  return calls;
}

/** The body's object schema, its $ref followed. */
function bodySchema(model: ApiModel, operation: ApiOperation): JsonSchema | undefined {
  const schema = operation.parameters.find((parameter) => parameter.in === "body")?.schema;
  if (!schema?.$ref) return schema;
  return model.definitions[schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1)];
}

/**
 * Example values that stand for something the reader made with an earlier call, as the spec says where they come
 * from: a dump's or feed's filter_id is the one POST /companies/search/filters answered.
 */
const madeEarlier: Partial<Record<DocSetId, Record<string, { property: string; from: string }>>> = {
  "company-v2": {
    createDump: { property: "filter_id", from: "createFilter" },
    createFeed: { property: "filter_id", from: "createFilter" },
  },
};

function withEarlierAnswers(set: DocSetId, operation: ApiOperation, body: string, answers: Map<string, unknown>): string {
  const rule = madeEarlier[set]?.[operation.id];
  if (!rule) return body;
  const answer = answers.get(rule.from) as Record<string, unknown> | undefined;
  return JSON.stringify({ ...(JSON.parse(body) as object), [rule.property]: answer?.[rule.property] });
}

/** A fund-flows account's username and password, what POST /Session takes. */
interface Login {
  username: string;
  password: string;
}

/** How a lane's calls carry their credential. */
interface Credential {
  query: [string, string][];
  headers: Record<string, string>;
  login?: Login;
}

const anonymous: Credential = { query: [], headers: {} };

async function credentialFor(request: APIRequestContext, set: DocSetId): Promise<Credential> {
  const access = setAccess[set];
  if (access.kind === "trial-key") return { query: [["token", await trialKey()]], headers: {} };
  if (access.kind === "api-key") {
    const { key } = await keyFor(request, [access.product], access.platform);
    return { query: [["token", key]], headers: {} };
  }
  const account = await createAccount({ products: [access.product], platforms: [access.platform] });
  const session = await request.post(`/data-api/${set}/Session`, { data: { username: account.email, password: account.password } });
  expect(session.status()).toBe(200);
  const { token } = ((await session.json()) as { data: { token: string }[] }).data[0]!;
  return { query: [], headers: { Authorization: `Bearer ${token}` }, login: { username: account.email, password: account.password } };
}

/** Calls of one credential start at least this far apart (4 a second) and one after another: never a 429. */
const PACE_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  json: unknown;
}

/** One credential's calls, sent one after another at the documented pace. */
function lane(request: APIRequestContext, set: DocSetId, credential: Credential) {
  let last = 0;
  return async (call: Call): Promise<Answer> => {
    await sleep(Math.max(0, last + PACE_MS - Date.now()));
    last = Date.now();
    const query = new URLSearchParams([...call.query, ...credential.query]).toString();
    const response = await request.fetch(`/data-api/${set}${call.path}${query ? `?${query}` : ""}`, {
      method: call.method,
      headers: {
        Accept: "application/json",
        ...credential.headers,
        ...(call.body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      ...(call.body !== undefined ? { data: call.body } : {}),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status(), json };
  };
}

/** What is wrong with an answer to a call, or null. */
function problemOf(call: Call, answer: Answer): string | null {
  const said = `${call.label}: HTTP ${answer.status} ${JSON.stringify(answer.json)?.slice(0, 200)}`;
  if (!call.documented.includes(String(answer.status))) return `${said} — not among the documented ${call.documented.join(", ")}`;
  if (call.kind === "example" && (answer.status < 200 || answer.status > 299)) return `${said} — the example is refused`;
  if ((call.kind === "invalid" || call.kind === "anonymous") && (answer.status < 400 || answer.status > 499 || answer.status === 429))
    return `${said} — expected a 4xx refusal`;
  return null;
}

/** The invalid calls of a set are split among credentials so that none sends more than this many. */
const CALLS_PER_CREDENTIAL = 40;

/**
 * The docs page's request sample of an operation as a call: the path and query of its URL (without the key), and
 * its body; for POST /Session the reader's own credentials, as YOUR_USERNAME and YOUR_PASSWORD stand for in the docs.
 */
function sampleCall(model: ApiModel, operation: ApiOperation, base: string, login: Login | undefined): Call {
  const url = new URL(sampleUrl(model, operation, "", base), "http://localhost");
  const sample = sampleBody(model, operation);
  const body = sample?.kind === "json" ? (sample.value as Record<string, unknown>) : undefined;
  return {
    label: `${operation.method.toUpperCase()} ${operation.path} (example)`,
    kind: "example",
    method: operation.method.toUpperCase(),
    path: url.pathname.slice(base.length),
    query: [...url.searchParams].filter(([name]) => name !== model.auth.name),
    body: body && JSON.stringify(operation.open && login ? { ...body, ...login } : body),
    documented: operation.responses.map((response) => response.status),
  };
}

/** Sends each list of calls with a credential of its own, the lists side by side; answers what was wrong. */
async function sendAll(request: APIRequestContext, set: DocSetId, lanes: { credential: Credential; calls: Call[] }[]): Promise<string[]> {
  const problems: string[] = [];
  await Promise.all(
    lanes.map(async ({ credential, calls }) => {
      const send = lane(request, set, credential);
      for (const call of calls) {
        const problem = problemOf(call, await send(call));
        if (problem) problems.push(problem);
      }
    }),
  );
  return problems;
}

/**
 * Each operation's request sample with a subscriber's credentials, in the spec's order (so a dump's filter_id can be
 * the one the filter example answered), and without credentials.
 */
async function checkExamples(request: APIRequestContext, set: DocSetId): Promise<string[]> {
  const model = specModel(set);
  const base = `/data-api/${set}`;
  const credential = await credentialFor(request, set);
  const problems: string[] = [];
  const answers = new Map<string, unknown>();
  const send = lane(request, set, credential);
  const anonymousCalls: Call[] = [];
  for (const operation of model.operations) {
    const sample = sampleCall(model, operation, base, credential.login);
    const mustSucceed = [...exampleValues(model, operation).keys()].every((parameter) => !invented(parameter.schema));
    const call = { ...sample, kind: mustSucceed ? ("example" as const) : ("made-up" as const) };
    if (call.body !== undefined) call.body = withEarlierAnswers(set, operation, call.body, answers);
    const answer = await send(call);
    answers.set(operation.id, answer.json);
    const problem = problemOf(call, answer);
    if (problem) problems.push(problem);
    if (!operation.open)
      anonymousCalls.push({
        ...sample,
        label: `${operation.method.toUpperCase()} ${operation.path} without credentials`,
        kind: "anonymous",
      });
  }
  return [...problems, ...(await sendAll(request, set, [{ credential: anonymous, calls: anonymousCalls }]))];
}

/** Each operation's invalid inputs, shared among a few subscribers of the set. */
async function checkInvalidInputs(request: APIRequestContext, set: DocSetId): Promise<string[]> {
  const model = specModel(set);
  const calls = model.operations.flatMap((operation) => {
    const sample = sampleCall(model, operation, "", undefined);
    return invalidCalls(model, operation, exampleValues(model, operation), sample.body);
  });
  const chunks = Array.from({ length: Math.ceil(calls.length / CALLS_PER_CREDENTIAL) }, (_, index) =>
    calls.slice(index * CALLS_PER_CREDENTIAL, (index + 1) * CALLS_PER_CREDENTIAL),
  );
  return sendAll(
    request,
    set,
    await Promise.all(chunks.map(async (chunk) => ({ credential: await credentialFor(request, set), calls: chunk }))),
  );
}

test.describe("the specifications' promises", () => {
  test("every operation answers its request sample, and the spec's examples succeed, with documented statuses only [security3-item6]", async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const problems = (await Promise.all(sets.map((set) => checkExamples(request, set)))).flat();
    expect(problems, problems.join("\n")).toEqual([]);
  });

  test("every operation refuses a missing required parameter, a wrong type and a broken body with a documented 4xx, and answers an id nothing has with a documented status [security3-item6]", async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const problems = (await Promise.all(sets.map((set) => checkInvalidInputs(request, set)))).flat();
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
