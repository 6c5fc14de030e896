import { redirect } from "@remix-run/node";
import { notFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { localizePathFor } from "~/modules/i18n/language";
import { getOptionalUser } from "./session.server";
import type { CurrentUser, Subscriptions } from "./users.server";

function jsonError(error: string, status: number): Response {
  return Response.json({ error }, { status });
}

/** Dashboard pages: without a signed-in user they are the 404 page (SPEC.md section 8). */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw notFound();
  return user;
}

/** Pages for signed-in users outside the dashboard (FAQ): visitors are sent to sign in and back. */
export async function requireSignedIn(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const back = encodeURIComponent(`${url.pathname}${url.search}`);
  throw redirect(`${localizePathFor(request, "/login")}?redirectTo=${back}`);
}

export async function requireSubscription(request: Request, product: keyof Subscriptions): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.subscriptions[product] && !user.isAdmin) throw notFound();
  return user;
}

export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw notFound();
  return user;
}

/**
 * The token decoder is an admin panel screen (SPEC.md section 2) for the admins who also hold the token-decoder
 * flag: visitors, other users and admins without the flag get the 404 page.
 */
export async function requireTokenDecoder(request: Request): Promise<CurrentUser> {
  const user = await requireAdmin(request);
  if (!user.hasTokenDecoder) throw notFound();
  return user;
}

/** The JSON API: 401 without a session (cookie or bearer token). */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const user = await getOptionalUser(request);
  if (!user) throw jsonError((await getFixedT(request))("http.authenticationRequired"), 401);
  return user;
}

/** The JSON API of a product: 401 without a session, 403 without a subscription to it (admins pass). */
export async function requireApiSubscription(request: Request, product: keyof Subscriptions): Promise<CurrentUser> {
  const user = await requireApiUser(request);
  if (!user.subscriptions[product] && !user.isAdmin) throw jsonError((await getFixedT(request))("http.subscriptionRequired"), 403);
  return user;
}

/** The admin JSON API: 401 without a session, 403 for anyone but an admin. */
export async function requireApiAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw jsonError((await getFixedT(request))("admin.adminRequired"), 403);
  return user;
}

/** The token decoder's JSON API: 401 without a session, 403 for anyone but an admin with the token-decoder flag. */
export async function requireApiTokenDecoder(request: Request): Promise<CurrentUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin || !user.hasTokenDecoder) throw jsonError((await getFixedT(request))("admin.tokenDecoder.required"), 403);
  return user;
}
