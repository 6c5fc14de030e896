import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";

/** Shared by the webhooks page and the JSON API. */

/** "Send test event": one of the user's webhooks, as "{METHOD} {url}" (the select's values). */
export const webhookTestSchema = z.object({ target: requiredText(2100) });

/** "Rotate secret" asks for nothing but the click. */
export const rotateWebhookSecretSchema = z.object({});
