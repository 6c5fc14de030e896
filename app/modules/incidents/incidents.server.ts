import { sql } from "kysely";
import { db } from "~/modules/db/db.server";
import { createdWithin, newestFirst } from "~/modules/db/log-rows";
import { containsText } from "~/modules/db/text-search";
import { newId, nowIso } from "~/modules/db/ids";
import { redactSecrets } from "~/modules/secrets/redact";
import type { IncidentSummary } from "./incident-lookup";

export interface IncidentInput {
  id?: string;
  request: Request;
  error: unknown;
  username?: string | null;
}

/** Records an unexpected server error so support can find it by the id shown to the user, without the request's credentials. */
export async function recordIncident({ id = newId(), request, error, username = null }: IncidentInput): Promise<string> {
  const url = new URL(request.url);
  const failure = error instanceof Error ? error : new Error(String(error));
  await db
    .insertInto("incidents")
    .values({
      id,
      created_at: nowIso(),
      path: redactSecrets(url.pathname),
      message: redactSecrets(failure.message).slice(0, 2000),
      query: redactSecrets(url.search),
      username,
      stacktrace: redactSecrets(failure.stack ?? failure.message).slice(0, 20000),
    })
    .execute();
  return id;
}

export async function findIncident(id: string) {
  return db.selectFrom("incidents").selectAll().where("id", "=", id).executeTakeFirst();
}

export interface IncidentQuery {
  /** Part of the path, in any case. */
  path?: string;
  /** The signed-in user's username, in any case. */
  username?: string;
  /** Days as YYYY-MM-DD (UTC), both included. */
  from?: string;
  to?: string;
  limit: number;
}

/** The recent incidents that match the filters, newest first, at most maxListRows (without their stack traces). */
export async function listIncidents({ path, username, from, to, limit }: IncidentQuery): Promise<IncidentSummary[]> {
  let query = db.selectFrom("incidents").select(["id", "created_at", "path", "message", "query", "username"]);
  if (path) query = query.where(containsText("path", path));
  if (username) query = query.where(sql<string>`lower(username)`, "=", username.toLowerCase());
  const rows = await newestFirst(createdWithin(query, { from, to }), limit).execute();
  return rows.map((row) => ({
    id: row.id,
    created: row.created_at,
    path: row.path,
    message: row.message,
    query: row.query,
    username: row.username,
  }));
}
