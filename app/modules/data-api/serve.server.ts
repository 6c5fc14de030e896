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

/** A call of the built-in upstream: the set, the path below /data-api/{set}, and what came with it. */
export interface DataApiRequest {
  set: DocSetId;
  method: string;
  path: string;
  query: readonly (readonly [string, string])[];
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: string;
}

export interface DataApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = "application/json; charset=utf-8";

function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): DataApiResponse {
  return { status, headers: { "Content-Type": JSON_TYPE, ...headers }, body: JSON.stringify(body) };
}

function errorAnswer(error: DataApiError): DataApiResponse {
  return jsonAnswer(error.status, errorBody(error.status, error.message), error.headers);
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
) {
  const handler = setHandlers[request.set].secured[operation.id];
  if (!handler) throw new DataApiError(404, "Not found: no operation of this API has this path.");
  const now = new Date();
  const caller = await authenticate(request.set, request.query, request.headers, now);
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

/**
 * Answers one call: finds the operation (404, 405), authenticates as the spec says (401), admits it under the
 * per-account call rule (429), checks the parameters and body against the spec (400), and runs the handler. Every
 * refusal has the spec's Error shape.
 */
export async function serveDataApi(request: DataApiRequest): Promise<DataApiResponse> {
  try {
    const contract = await contractOf(request.set);
    const { operation, pathParams } = locate(contract, request.method, request.path);
    return operation.secured
      ? await answerSecured(request, contract, operation, pathParams)
      : await answerOpen(request, contract, operation, pathParams);
  } catch (error) {
    if (error instanceof DataApiError) return errorAnswer(error);
    throw error;
  }
}
