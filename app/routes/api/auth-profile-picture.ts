import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/modules/auth/guards.server";
import { isMultipart, uploadProfilePicture } from "~/modules/auth/picture-upload.server";
import { readProfilePicture } from "~/modules/auth/profile.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { jsonNotFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";

/** GET: the signed-in user's picture. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const picture = await readProfilePicture(user.id);
  if (!picture) return jsonNotFound("No profile picture.");
  return new Response(new Uint8Array(picture.bytes), {
    headers: { "Content-Type": picture.type, "Cache-Control": "private, no-cache", "X-Content-Type-Options": "nosniff" },
  });
}

/** POST multipart with a `picture` part: PNG, JPEG or WebP (checked by content), at most 2 MB. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const t = await getFixedT(request);
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  if (!isMultipart(request)) return jsonResponse({ error: t("auth.pictureMissing") }, 400);
  const result = await uploadProfilePicture(user.id, request);
  if (!result.ok) return jsonResponse({ error: t(result.error) }, result.error === "auth.pictureSize" ? 413 : 400);
  return jsonResponse({ ok: true });
}
