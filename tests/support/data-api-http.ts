import { answerDataApiHttp } from "~/modules/data-api/http.server";
import { readBodyBytes } from "~/modules/http/body.server";

/**
 * A data-API call from a web Request, answered by the module the HTTP server hands /data-api/ to
 * (answerDataApiHttp), as a Response: integration tests call the data APIs without starting a server.
 */
export async function httpDataApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const answer = await answerDataApiHttp({
    method: request.method,
    path: url.pathname,
    query: [...url.searchParams],
    headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
    readBody: () => readBodyBytes(request),
  });
  const body = typeof answer.body === "string" || answer.body === null ? answer.body : Buffer.from(answer.body);
  return new Response(body, { status: answer.status, headers: answer.headers });
}
