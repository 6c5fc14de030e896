import { redirect } from "@remix-run/node";
import { z } from "zod";
import { signedPageCookie } from "./toast.server";

/**
 * What a finished public form leaves for the page that says what happens next (issue 28): the address the mail
 * goes to, and for a sandbox registration when its link expires. A signed cookie for an hour, not a one-shot
 * flash: reloading the outcome page shows it again. Nothing secret: the visitor's own address and a date.
 */
const outcomeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sandbox-registered"), email: z.string(), expiry: z.string(), resent: z.boolean() }),
  z.object({ kind: z.literal("contact-sent"), email: z.string() }),
]);
export type FormOutcome = z.infer<typeof outcomeSchema>;

const outcomeCookie = signedPageCookie("form_outcome", 60 * 60);

/** Goes on to the outcome page, which reads what it shows from the cookie set here. */
export async function redirectWithOutcome(url: string, outcome: FormOutcome) {
  return redirect(url, { headers: { "Set-Cookie": await outcomeCookie.serialize(outcome) } });
}

/** The outcome of this kind left by the last send, or null (none, expired, another kind, or not ours). */
export async function readOutcome<Kind extends FormOutcome["kind"]>(
  request: Request,
  kind: Kind,
): Promise<Extract<FormOutcome, { kind: Kind }> | null> {
  const parsed = outcomeSchema.safeParse(await outcomeCookie.parse(request.headers.get("Cookie")));
  return parsed.success && parsed.data.kind === kind ? (parsed.data as Extract<FormOutcome, { kind: Kind }>) : null;
}
