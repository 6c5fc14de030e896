import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import type { DocSetId } from "~/modules/registry/registry";
import { authenticate } from "./access.server";
import type { CallInput } from "./call-input";
import { matchOperation, type Contract, type ContractOperation } from "./contract";
import { contractOf } from "./contract.server";
import { DataApiError, badRequest, errorBody } from "./errors";
import type { Answer } from "./handler";
import { admitCall } from "./limits.server";
import { readParameters } from "./parameters";
import { schemaProblem } from "./schema-check";
import { setHandlers } from "./sets/registry.server";
import { toXml } from "./xml";
import { ANONYMOUS, callRecord, newRequestId, REQUEST_ID_HEADER } from "~/modules/usage/call-record";
import { recordCall } from "~/modules/usage/recorder.server";

/** A call of the built-in upstream: the set, the path below /data-api/{set}, and what came with it. */
export interface DataApiRequest {
  set: DocSetId;
  method: string;
  path: string;
  query: readonly (readonly [string, string])[];
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: string;
  /** The answer's X-Request-Id, repeated in error bodies; a new one unless the caller chose it. */
  requestId?: string;
}

export interface DataApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the call log keeps of who called what: known as far as the call got before an answer. */
export interface CallFacts {
  operation: string;
  pathTemplate: string;
  /** The caller's limit key once authenticated (access.server.ts), else `anonymous`. */
  account: string;
  keyId: string | null;
}

const JSON_TYPE = "application/json; charset=utf-8";

function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): DataApiResponse {
  return { status, headers: { "Content-Type": JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

function errorAnswer(error: DataApiError, requestId: string | undefined): DataApiResponse {
  return jsonAnswer(error.status, errorBody(error.status, error.message, requestId), error.headers);
}

/** The decoded path segments; a segment that is not valid percent-encoding names no operation. */
function pathSegments(path: string): string[] | null {
  try {
    return path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

function locate(contract: Contract, method: string, path: string): { operation: ContractOperation; pathParams: Record<string, string> } {
  const segments = pathSegments(path);
  const match = segments ? matchOperation(contract, method, segments) : ({ kind: "not-found" } as const);
  if (match.kind === "found") return match;
  if (match.kind === "method-not-allowed") {
    throw new DataApiError(405, `Method not allowed: use ${match.allow.join(" or ")} here.`, { Allow: match.allow.join(", ") });
  }
  throw new DataApiError(404, "Not found: no operation of this API has this path.");
}

function readBody(operation: ContractOperation, contract: Contract, raw: string | undefined): unknown {
  const parameter = operation.parameters.find((candidate) => candidate.in === "body");
  if (!parameter) return undefined;
  if (raw === undefined || raw.trim() === "") throw badRequest(`Bad request: the ${parameter.name} body is required.`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest("Bad request: the body is not valid JSON.");
  }
  const problem = schemaProblem(parameter.schema, value, parameter.name, contract.definitions);
  if (problem) throw badRequest(`Bad request: ${problem}`);
  return value;
}

function readInput(
  operation: ContractOperation,
  contract: Contract,
  request: DataApiRequest,
  pathParams: Record<string, string>,
): CallInput {
  const parameters = readParameters(operation, { path: pathParams, query: request.query, headers: request.headers });
  if (!parameters.ok) throw badRequest(`Bad request: ${parameters.problem}`);
  return { values: parameters.values, body: readBody(operation, contract, request.body) };
}

function render(operation: ContractOperation, input: CallInput, answer: Answer): DataApiResponse {
  const status = answer.status ?? 200;
  if (answer.body === undefined) return { status, headers: answer.headers ?? {}, body: "" };
  if (input.values.format === "xml" && operation.produces.includes("application/xml")) {
    return { status, headers: { "Content-Type": "application/xml; charset=utf-8", ...answer.headers }, body: toXml(answer.body) };
  }
  return jsonAnswer(status, answer.body, answer.headers);
}

async function answerSecured(
  request: DataApiRequest,
  contract: Contract,
  operation: ContractOperation,
  pathParams: Record<string, string>,
  facts: CallFacts,
) {
  const handler = setHandlers[request.set].secured[operation.id];
  if (!handler) throw new DataApiError(404, "Not found: no operation of this API has this path.");
  const now = new Date();
  const caller = await authenticate(request.set, request.query, request.headers, now);
  facts.account = caller.limitKey;
  facts.keyId = caller.keyId;
  const call = await admitCall(caller.limitKey);
  try {
    const input = readInput(operation, contract, request, pathParams);
    return render(operation, input, await handler({ set: request.set, caller, input, now }));
  } finally {
    await call.release();
  }
}

async function answerOpen(request: DataApiRequest, contract: Contract, operation: ContractOperation, pathParams: Record<string, string>) {
  const handler = setHandlers[request.set].open?.[operation.id];
  if (!handler) throw new DataApiError(404, "Not found: no operation of this API has this path.");
  const input = readInput(operation, contract, request, pathParams);
  const clientAddress = request.headers[CLIENT_ADDRESS_HEADER.toLowerCase()] || null;
  return render(operation, input, await handler({ input, now: new Date(), clientAddress }));
}

async function answerCall(request: DataApiRequest & { requestId: string }): Promise<DataApiResponse & { facts: CallFacts }> {
  const facts: CallFacts = { operation: "", pathTemplate: "", account: ANONYMOUS, keyId: null };
  try {
    const contract = await contractOf(request.set);
    const { operation, pathParams } = locate(contract, request.method, request.path);
    facts.operation = operation.id;
    facts.pathTemplate = operation.path;
    const answer = operation.secured
      ? await answerSecured(request, contract, operation, pathParams, facts)
      : await answerOpen(request, contract, operation, pathParams);
    return { ...answer, facts };
  } catch (error) {
    if (error instanceof DataApiError) return { ...errorAnswer(error, request.requestId), facts };
    throw error;
  }
}

/**
 * Answers one call: finds the operation (404, 405), authenticates as the spec says (401), admits it under the
 * per-account call rule (429), checks the parameters and body against the spec (400), and runs the handler. Every
 * refusal has the spec's Error shape, with the request id. Every answer carries X-Request-Id and goes to the call
 * log (usage/recorder.server.ts), whoever called: a script over HTTP, the query builder or a test.
 */
export async function serveDataApi(request: DataApiRequest): Promise<DataApiResponse> {
  const started = performance.now();
  const at = new Date();
  const requestId = request.requestId ?? newRequestId();
  const answer = await answerCall({ ...request, requestId });
  recordCall(
    callRecord({
      requestId,
      at,
      set: request.set,
      method: request.method,
      path: request.path,
      query: request.query,
      clientAddress: request.headers[CLIENT_ADDRESS_HEADER.toLowerCase()],
      userAgent: request.headers["user-agent"],
      answer,
      latencyMs: performance.now() - started,
    }),
  );
  return { status: answer.status, headers: { ...answer.headers, [REQUEST_ID_HEADER]: requestId }, body: answer.body };
}
