import { z } from "zod";
import { requiredEmail } from "~/modules/forms/fields";

/** Deleting one's account: the account's e-mail address typed again, so it is never a slip of the mouse. */
export const deleteAccountSchema = z.object({ email: requiredEmail() });
