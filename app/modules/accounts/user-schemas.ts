import { z } from "zod";
import { subscriptionProducts, type SubscriptionProduct } from "~/modules/auth/platforms";
import { requiredEmail, requiredText } from "~/modules/forms/fields";
import { platforms } from "~/modules/registry/registry";

/**
 * The user administration's input, shared by the admin pages (form fields: text, "on" checkboxes, repeated
 * names) and the JSON API (booleans, arrays, ISO 8601 dates), so both check the same rules.
 */

/** The stored end of an open-ended subscription: the column stays non-null and every date comparison holds. */
export const OPEN_ENDED = "9999-12-31T00:00:00.000Z";

export function isOpenEnded(endsAt: string): boolean {
  return endsAt.startsWith("9999-");
}

const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;
const name = () => requiredText(100).regex(NO_CONTROL_CHARACTERS, "validation.controlCharacters");

/** A form checkbox ("on") or a JSON boolean. */
const flag = z.preprocess(
  (value) => {
    if (value === "on" || value === "true" || value === "1") return true;
    if (value === "false" || value === "0" || value === "") return false;
    return value;
  },
  z.boolean({ invalid_type_error: "validation.invalidOption" }),
);

/** One form value or several (a repeated name), or a JSON array. */
function list<T extends z.ZodTypeAny>(item: T) {
  return z.preprocess(
    (value) => (typeof value === "string" ? [value] : value),
    z.array(item, { invalid_type_error: "validation.invalidOption" }),
  );
}

const platformList = list(z.enum(platforms, { errorMap: () => ({ message: "validation.invalidOption" }) }));

export const createUserSchema = z.object({
  email: requiredEmail(),
  firstName: name(),
  lastName: name(),
  // None ticked is no field at all in a form.
  platforms: z.preprocess((value) => value ?? [], platformList.pipe(z.array(z.string()).min(1, "admin.users.platformRequired"))),
});

export type CreateUserInput = z.infer<typeof createUserSchema>;

/** A change of a user: every field optional (PATCH); `version` is the one the change was made against. */
export const updateUserSchema = z.object({
  version: z.coerce.number({ invalid_type_error: "validation.number" }).int("validation.number").positive("validation.number").optional(),
  firstName: name().optional(),
  lastName: name().optional(),
  platforms: platformList.optional(),
  isAdmin: flag.optional(),
  hasTokenDecoder: flag.optional(),
  locked: flag.optional(),
});

export type UserChanges = z.infer<typeof updateUserSchema>;

/**
 * The user page's profile form: a checkbox left unticked is absent from a form, so there it means false,
 * and the version is required.
 */
export const userFormSchema = updateUserSchema.extend({
  version: z.coerce.number({ invalid_type_error: "validation.number" }).int().positive(),
  firstName: name(),
  lastName: name(),
  platforms: platformList.default([]),
  isAdmin: flag.default(false),
  hasTokenDecoder: flag.default(false),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (YYYY-MM-DD, midnight UTC) or an ISO 8601 date-time, as a stored ISO string. */
const isoDate = z
  .string({ required_error: "validation.required", invalid_type_error: "validation.date" })
  .trim()
  .min(1, "validation.required")
  .transform((value, context) => {
    const ok = DATE_ONLY.test(value) || z.string().datetime({ offset: true }).safeParse(value).success;
    const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
    if (!ok || Number.isNaN(date.getTime())) {
      context.addIssue({ code: "custom", message: "validation.date" });
      return z.NEVER;
    }
    return date.toISOString();
  });

const databaseId = z
  .string()
  .trim()
  .regex(/^DB\d{2}$/, "validation.invalidOption");

export const subscriptionSchema = z
  .object({
    version: z.coerce.number({ invalid_type_error: "validation.number" }).int().positive().optional(),
    startsAt: isoDate,
    /** Absent, null or empty: open-ended. */
    endsAt: z.preprocess((value) => (value === "" || value === null ? undefined : value), isoDate.optional()),
    /** Macroeconomic only: absent, null or none ticked covers every database. */
    databases: z.preprocess((value) => (value === null ? undefined : value), list(databaseId).optional()),
  })
  .transform(({ endsAt, databases, ...rest }) => ({
    ...rest,
    endsAt: endsAt ?? OPEN_ENDED,
    databases: databases && databases.length > 0 ? [...new Set(databases)].sort() : null,
  }))
  .refine((value) => value.endsAt > value.startsAt, { path: ["endsAt"], message: "admin.users.endBeforeStart" });

export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

export function isSubscriptionProduct(value: string): value is SubscriptionProduct {
  return (subscriptionProducts as readonly string[]).includes(value);
}

export const subscriptionStates = ["active", "ending", "ended"] as const;

export const userSorts = ["email", "name", "created"] as const;

/** The list's query string: every filter optional, anything unknown dropped rather than refused. */
export const userSearchSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  platform: z.enum(platforms).optional().catch(undefined),
  product: z
    .enum(subscriptionProducts as [SubscriptionProduct, ...SubscriptionProduct[]])
    .optional()
    .catch(undefined),
  state: z.enum(subscriptionStates).optional().catch(undefined),
  sort: z.enum(userSorts).catch("created"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(100000).catch(1),
});

export type UserSearch = z.infer<typeof userSearchSchema>;

/** How many days before its end a subscription counts as ending. */
export const ENDING_DAYS = 30;
