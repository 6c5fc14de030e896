import { MAX_PICTURE_BYTES, saveProfilePicture, type PictureResult } from "./profile.server";

/** Room for the multipart envelope around a picture of the largest allowed size. */
const MAX_BODY_BYTES = MAX_PICTURE_BYTES + 64 * 1024;
/** Bodies up to this size are read to the end before refusing them, so the client hears the answer. */
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;

async function readBody(request: Request): Promise<{ bytes: ArrayBuffer; tooLarge: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_DRAIN_BYTES) {
      await reader.cancel();
      break;
    }
    if (size <= MAX_BODY_BYTES) chunks.push(value);
  }
  const bytes = new Uint8Array(Math.min(size, MAX_BODY_BYTES));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes: bytes.buffer, tooLarge: size > MAX_BODY_BYTES };
}

/** Reads the `picture` part of a multipart post (PNG, JPEG or WebP, at most 2 MB) and stores it. */
export async function uploadProfilePicture(userId: string, request: Request): Promise<PictureResult> {
  const { bytes, tooLarge } = await readBody(request);
  if (tooLarge) return { ok: false, error: "auth.pictureSize" };
  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers: request.headers, body: bytes }).formData();
  } catch {
    return { ok: false, error: "auth.pictureMissing" };
  }
  return saveProfilePicture(userId, form.get("picture"));
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
}
