import type { LoaderFunctionArgs } from "@remix-run/node";

/** A request to this site's path, signed in by a bearer token when one is given. */
export function routeRequest(url: string, token?: string, method = "GET"): Request {
  return new Request(`http://localhost${url}`, { method, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** Calls a route's loader or action as Remix would: a thrown Response is an answer too. */
export async function callRoute<Result>(
  handler: (args: LoaderFunctionArgs) => Promise<Result>,
  request: Request,
): Promise<Result | Response> {
  try {
    return await handler({ request, params: {}, context: { cspNonce: "" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A resource route's answer, which is always a Response. */
export async function callApi(
  handler: (args: LoaderFunctionArgs) => Promise<Response>,
  url: string,
  token?: string,
  method?: string,
): Promise<Response> {
  return callRoute(handler, routeRequest(url, token, method));
}

/** A page loader's answer: its status, and its data unless it answered with a Response (the 404 page for one). */
export async function loadPage<Data>(
  loader: (args: LoaderFunctionArgs) => Promise<{ data: Data; init: ResponseInit | null }>,
  url: string,
  token?: string,
): Promise<{ status: number; data: Data | null }> {
  const loaded = await callRoute(loader, routeRequest(url, token));
  if (loaded instanceof Response) return { status: loaded.status, data: null };
  return { status: loaded.init?.status ?? 200, data: loaded.data };
}
