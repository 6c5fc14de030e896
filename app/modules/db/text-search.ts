import { sql, type Expression, type SqlBool } from "kysely";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `expression` contains `text` lower-cased, with LIKE's wildcards in the text taken literally: SQLite and
 * PostgreSQL alike. The expression is compared as it is, so lower-case it for a search in any (ASCII) case.
 */
export function containsLowerCased(expression: Expression<string>, text: string) {
  return sql<SqlBool>`${expression} like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}

/** `column` contains `text` in any (ASCII) case, with LIKE's wildcards in the text taken literally. */
export function containsText(column: string, text: string) {
  return containsLowerCased(sql<string>`lower(${sql.ref(column)})`, text);
}
