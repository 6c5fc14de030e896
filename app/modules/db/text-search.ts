import { sql, type SqlBool } from "kysely";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `column` contains `text` in any (ASCII) case, with LIKE's wildcards in the text taken literally: SQLite and PostgreSQL alike. */
export function containsText(column: string, text: string) {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}
