import { readBodyBytes } from "~/modules/http/body.server";
import { MAX_PICTURE_BYTES, saveProfilePicture, type PictureResult } from "./profile.server";

/** Room for the multipart envelope around a picture of the largest allowed size. */
const MAX_BODY_BYTES = MAX_PICTURE_BYTES + 64 * 1024;

/** Reads the `picture` part of a multipart post (PNG, JPEG or WebP, at most 2 MB) and stores it. */
export async function uploadProfilePicture(userId: string, request: Request): Promise<PictureResult> {
  const body = await readBodyBytes(request);
  if (!body.ok || body.bytes.byteLength > MAX_BODY_BYTES) return { ok: false, error: "auth.pictureSize" };
  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers: request.headers, body: body.bytes }).formData();
  } catch {
    return { ok: false, error: "auth.pictureMissing" };
  }
  return saveProfilePicture(userId, form.get("picture"));
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
}
