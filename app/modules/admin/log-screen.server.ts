import { readOutboxMessage } from "~/modules/admin/audited-reads.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { pageTitle } from "~/modules/content/page-title.server";
import { env } from "~/modules/env/env.server";
import { jsonResponse, zodErrorResponse } from "~/modules/forms/json.server";
import { listLimitSchema, maxListRows } from "~/modules/forms/list-limit";
import type { LogSearch } from "~/modules/forms/log-search";
import { translateErrors } from "~/modules/forms/messages";
import { jsonNotFound, notFound } from "~/modules/http/responses";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { readIncidentSearch, showIncident } from "~/modules/incidents/incident-lookup";
import { findIncident, listIncidents } from "~/modules/incidents/incidents.server";
import { listSnowflakeIncidents, shownSnowflakeIncident } from "~/modules/incidents/snowflake-incidents.server";
import { readSnowflakeSearch } from "~/modules/incidents/snowflake-lookup";
import { readOutboxSearch } from "~/modules/mail/outbox-lookup";
import { listOutbox } from "~/modules/mail/outbox.server";

/**
 * The admin panel's log screens (incidents, snowflake incidents, the outbox) share one shape: ?id= looks one
 * entry up, the other query parameters filter the list below it, and a JSON API answers the same. Each is one
 * descriptor here; one route module serves every page (routes/dashboard/admin/log-screen.tsx) and one every
 * API address (routes/api/admin-logs.ts), each finding its screen by the address.
 */

type Admin = Pick<CurrentUser, "id" | "username">;

interface LogScreen<Field extends string, Filter, Shown, List, Extra> {
  /** The page's title, a message key. */
  title: string;
  read(search: URLSearchParams): LogSearch<Field, Filter>;
  /** One entry as the page and the API show it; a read the audit trail must see records itself here. */
  find(id: string, admin: Admin): Promise<Shown | undefined>;
  /** The entries the filters match, newest first, as the JSON API answers them. */
  list(filter: Filter, limit: number): Promise<List>;
  /** The list when the filters are malformed. */
  empty: List;
  /** The message key when no entry has the id. */
  notFound: string;
  /** What the page shows besides its entry and list. */
  extra(): Extra;
  /** The JSON API's list, below /api/admin/; `lookup`: whether ?id= there answers one entry. */
  api: { path: string; lookup: boolean };
  /** The JSON API's address of one entry (?id=), below /api/admin/, and how it answers. */
  entryApi?: { path: string; answer(shown: Shown): Response };
}

/** Binds a descriptor to its name, and gives it the page's loader and the API's answers. */
function logScreen<const Name extends string, Field extends string, Filter, Shown, List, Extra extends object>(
  name: Name,
  screen: LogScreen<Field, Filter, Shown, List, Extra>,
) {
  const { entryApi } = screen;
  return {
    name,
    api: screen.api,

    /** The page: 400 for a malformed id or filter, 404 for an id nothing has, 200 otherwise. */
    async page(admin: Admin, request: Request) {
      const search = screen.read(new URL(request.url).searchParams);
      const { row, list, lookupError, status } = await lookUpAndList(search, {
        find: (id) => screen.find(id, admin),
        list: (filter) => screen.list(filter, maxListRows),
        empty: screen.empty,
        notFound: screen.notFound,
      });
      const page = {
        screen: name,
        values: search.values,
        row,
        lookupError,
        list,
        filterErrors: search.filterErrors,
        ...screen.extra(),
        ...(await pageTitle(request, screen.title)),
      };
      return { page, status };
    },

    /** The API's list (and one entry where ?id= is read there): 422 for a malformed id, filter or limit. */
    async listApi(admin: Admin, request: Request): Promise<Response> {
      const t = await getFixedT(request);
      const query = new URL(request.url).searchParams;
      const { id, idError, filter, filterErrors } = screen.read(query);
      if (screen.api.lookup) {
        if (idError) return jsonResponse({ errors: { id: t(idError) } }, 422);
        if (id) {
          const shown = await screen.find(id, admin);
          return shown ? jsonResponse(shown) : jsonNotFound(t(screen.notFound));
        }
      }
      if (!filter) return jsonResponse({ errors: translateErrors(t, filterErrors) }, 422);
      const limit = listLimitSchema.safeParse({ limit: query.get("limit") });
      if (!limit.success) return zodErrorResponse(limit.error, t);
      return jsonResponse(await screen.list(filter, limit.data.limit));
    },

    /** The API's one entry: 422 'Invalid ID' for a missing or malformed id, 404 when none has it. */
    entryApi: entryApi && {
      path: entryApi.path,
      async answer(admin: Admin, request: Request): Promise<Response> {
        const t = await getFixedT(request);
        const { id } = screen.read(new URL(request.url).searchParams);
        if (!id) return jsonResponse({ errors: { id: t("admin.incidents.invalidId") } }, 422);
        const shown = await screen.find(id, admin);
        return shown ? entryApi.answer(shown) : jsonNotFound(t(screen.notFound));
      },
    },
  };
}

const logScreens = [
  logScreen("incidents", {
    title: "admin.incidents.title",
    read: readIncidentSearch,
    // A pipeline incident's id finds it here too, with what it is about (its run, feed or dump, and owner): an admin
    // handed an incident id need not know which log has it.
    find: async (id) => {
      const row = await findIncident(id);
      if (row) return showIncident(row);
      const pipeline = await shownSnowflakeIncident(id);
      return pipeline && { ...pipeline, pipeline: true as const };
    },
    list: async (filter, limit) => ({ incidents: await listIncidents({ ...filter, limit }) }),
    empty: { incidents: [] },
    notFound: "admin.incidents.notFound",
    extra: () => ({}),
    api: { path: "incidents", lookup: true },
    // The stack trace as text/plain, to read or save as is; errors are JSON like the rest of the API.
    entryApi: {
      path: "incident-stacktrace",
      answer: (incident) => new Response(incident.stacktrace, { headers: { "Content-Type": "text/plain; charset=utf-8" } }),
    },
  }),
  // SPEC.md's snowflake incidents: the data pipeline's.
  logScreen("snowflake-incidents", {
    title: "admin.snowflake.title",
    read: readSnowflakeSearch,
    find: shownSnowflakeIncident,
    list: async (filter, limit) => ({ incidents: await listSnowflakeIncidents({ ...filter, limit }) }),
    empty: { incidents: [] },
    notFound: "admin.incidents.notFound",
    extra: () => ({}),
    api: { path: "logs/snowflake", lookup: false },
    entryApi: { path: "logs/snowflake-stacktrace", answer: (incident) => jsonResponse(incident) },
  }),
  // Read only: sendMail tries each message once, as it writes it. Reading one is recorded in the audit trail.
  logScreen("outbox", {
    title: "admin.outbox.title",
    read: readOutboxSearch,
    find: (id, admin) => readOutboxMessage(admin, id),
    list: (filter, limit) => listOutbox({ ...filter, limit }),
    empty: { messages: [], total: 0 },
    notFound: "admin.outbox.notFound",
    extra: () => ({ smtp: Boolean(env.SMTP_URL) }),
    api: { path: "outbox", lookup: true },
  }),
] as const;

export type LogScreenName = (typeof logScreens)[number]["name"];

const pagePattern = /^\/(?:[a-z]{2}\/)?dashboard\/admin\/([^/]+)\/?$/;

/** The page of the screen at this address (/dashboard/admin/{name}, any language), or the 404 page. */
export async function loadLogPage(admin: Admin, request: Request) {
  const [, name] = pagePattern.exec(new URL(request.url).pathname) ?? [];
  const screen = logScreens.find((candidate) => candidate.name === name);
  if (!screen) throw notFound();
  return screen.page(admin, request);
}

export type LogPage = Awaited<ReturnType<typeof loadLogPage>>["page"];

const apiPattern = /^\/api\/admin\/(.+?)\/?$/;

/** The answer of the JSON API address (/api/admin/{path}) of a screen's list or of one entry. */
export async function answerLogApi(admin: Admin, request: Request): Promise<Response> {
  const [, path] = apiPattern.exec(new URL(request.url).pathname) ?? [];
  for (const screen of logScreens) {
    if (screen.api.path === path) return screen.listApi(admin, request);
    const { entryApi } = screen;
    if (entryApi && entryApi.path === path) return entryApi.answer(admin, request);
  }
  return jsonNotFound("Not Found");
}

interface LogSource<Filter, Row, List> {
  find(id: string): Promise<Row | undefined>;
  list(filter: Filter): Promise<List>;
  /** The list when the filters are malformed. */
  empty: List;
  /** The message key when no entry has the id. */
  notFound: string;
}

/** Both halves of a log page and its status: 400 for a malformed id or filter, 404 for an id nothing has, 200 otherwise. */
export async function lookUpAndList<Filter, Row, List>(
  search: { id: string | null; idError: string | null; filter: Filter | null },
  source: LogSource<Filter, Row, List>,
): Promise<{ row: Row | null; list: List; lookupError: string | null; status: number }> {
  const row = search.id ? ((await source.find(search.id)) ?? null) : null;
  const lookupError = search.idError ?? (search.id && !row ? source.notFound : null);
  const status = search.idError || !search.filter ? 400 : lookupError ? 404 : 200;
  return { row, list: search.filter ? await source.list(search.filter) : source.empty, lookupError, status };
}
