import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

export interface IncidentInput {
  id?: string;
  request: Request;
  error: unknown;
  username?: string | null;
}

/** Records an unexpected server error so support can find it by the id shown to the user. */
export async function recordIncident({ id = newId(), request, error, username = null }: IncidentInput): Promise<string> {
  const url = new URL(request.url);
  const failure = error instanceof Error ? error : new Error(String(error));
  await db
    .insertInto("incidents")
    .values({
      id,
      created_at: nowIso(),
      path: url.pathname,
      message: failure.message.slice(0, 2000),
      query: url.search,
      username,
      stacktrace: (failure.stack ?? failure.message).slice(0, 20000),
    })
    .execute();
  return id;
}

export async function findIncident(id: string) {
  return db.selectFrom("incidents").selectAll().where("id", "=", id).executeTakeFirst();
}
