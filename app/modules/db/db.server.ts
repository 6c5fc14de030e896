import path from "node:path";
import { env } from "~/modules/env/env.server";
import { openDatabase } from "./database.server";

/** The process-wide database: PostgreSQL when DATABASE_URL is set, otherwise SQLite in DATA_DIR. */
export const database = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { file: path.resolve(env.DATA_DIR, "portal.sqlite") });

export const db = database.db;
