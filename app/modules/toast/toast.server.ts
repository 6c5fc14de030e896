import { createCookie, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { env } from "~/modules/env/env.server";
import { toastTypes, type Toast, type ToastInput } from "./toast";

/** What a toast cookie must hold: the cookie is signed, but an old deployment may have written another shape. */
const toastSchema: z.ZodType<Toast> = z.object({
  id: z.string(),
  type: z.enum(toastTypes),
  message: z.string(),
  values: z.record(z.string()).optional(),
});

/** A cookie the server signs and scripts cannot read, for what one page leaves for the next (a toast, an outcome). */
export function signedPageCookie(name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.PUBLIC_URL.startsWith("https://"),
    secrets: [env.SESSION_SECRET],
    maxAge: maxAgeSeconds,
  });
}

const toastCookie = signedPageCookie("toast", 60);

async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie.serialize({ ...toast, id: toast.id ?? randomUUID() });
}

/** Redirects and shows a notification on the next page, with or without JavaScript. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads the flash toast and returns the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(value);
  const headers = new Headers();
  if (value !== null && value !== undefined) {
    headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
  }
  return { toast: parsed.success ? parsed.data : null, headers };
}
