import { PassThrough } from "node:stream";
import { inspect } from "node:util";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getOptionalUser } from "~/modules/auth/session.server";
import { boot } from "~/modules/server/boot.server";
import { recaptchaSiteKey } from "~/modules/captcha/recaptcha.server";
import { NonceContext } from "~/modules/http/nonce";
import { documentSecurityPolicy } from "~/modules/http/policy";
import { serverI18n } from "~/modules/i18n/i18n.server";
import { languageOfPath } from "~/modules/i18n/language";
import { defersHydration } from "~/modules/hydration/deferred-hydration";
import { IncidentContext, type IncidentReference } from "~/modules/incidents/incident-context";
import { reportIncident } from "~/modules/incidents/report.server";
import { isIncident } from "~/modules/incidents/throttle";
import { redactSecrets } from "~/modules/secrets/redact";

/** scripts/serve.mjs builds the HTTP server from the build, so the HTTP layer is TypeScript beside the app. */
export { answerConnectRequests, createPortalServer } from "~/modules/server/http-server.server";

await boot();

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/** The page's routes with their handles and data, as useMatches() gives them to the root. */
function routeMatches({ staticHandlerContext, routeModules }: EntryContext) {
  return staticHandlerContext.matches.map(({ route }) => ({
    handle: routeModules[route.id]?.handle,
    data: staticHandlerContext.loaderData[route.id],
  }));
}

/** Incident ids of the requests that failed, for the error page of the same request. */
const incidentIds = new WeakMap<Request, string>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || !isIncident(error)) return;
  const id = reportIncident(request, error, async () => (await getOptionalUser(request))?.username ?? null);
  if (id) incidentIds.set(request, id);
};

/** The incident the error page of this request shows, if any; the session is read only then, as an admin's id links to the incident lookup. */
async function shownIncident(request: Request): Promise<IncidentReference | undefined> {
  const id = incidentIds.get(request);
  if (!id) return undefined;
  const user = await getOptionalUser(request).catch(() => null);
  return { id, forAdmin: user?.isAdmin ?? false };
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const i18n = await serverI18n(languageOfPath(new URL(request.url).pathname));
  // A page whose scripts wait in a <template> is sent whole: streamed parts would be swapped into the page by
  // scripts that cannot reach inside the template.
  const readyEvent =
    isbot(request.headers.get("user-agent")) || remixContext.isSpaMode || defersHydration(routeMatches(remixContext))
      ? "onAllReady"
      : "onShellReady";
  const incident = await shownIncident(request);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <IncidentContext.Provider value={incident}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </IncidentContext.Provider>
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Security-Policy", documentSecurityPolicy(nonce, { recaptcha: recaptchaSiteKey() !== null }));
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(redactSecrets(inspect(error)));
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}
