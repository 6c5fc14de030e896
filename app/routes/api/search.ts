import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { defaultLimit, maxLimit } from "~/modules/docs/search";
import { searchDocs } from "~/modules/docs/search.server";
import { jsonResponse, methodNotAllowed } from "~/modules/forms/json.server";
import { isLanguage, localizePath } from "~/modules/i18n/language";
import { isDocSetId } from "~/modules/registry/registry";

/** An empty parameter counts as a missing one. */
function optional<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema);
}

const searchApiSchema = z.object({
  q: z.string().default(""),
  set: optional(z.string().refine(isDocSetId, "Unknown documentation set.").optional()),
  lang: z
    .string()
    .optional()
    .transform((value) => (isLanguage(value) ? value : "en")),
  limit: optional(z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit)),
  offset: optional(z.coerce.number().int().min(0).default(0)),
});

/**
 * GET /api/search?q=&set=&lang=&limit=&offset=: public documentation search, links in the asked language; a guide's
 * language copies come as one result with `copies`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = searchApiSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return jsonResponse({ error: issue ? `${issue.path.join(".")}: ${issue.message}` : "Invalid query." }, 400);
  }
  const { q, set, lang, limit, offset } = parsed.data;
  const { total, results } = await searchDocs({ q, sets: set ? [set] : undefined, language: lang, limit, offset });
  const prefix = lang === "en" ? null : lang;
  const localize = (href: string) => localizePath(href, prefix);
  return jsonResponse({
    total,
    results: results.map(({ copies, ...result }) => ({
      ...result,
      href: localize(result.href),
      ...(copies ? { copies: copies.map((copy) => ({ ...copy, href: localize(copy.href) })) } : {}),
    })),
  });
}

export function action() {
  return methodNotAllowed("GET");
}
