import type { DialectName } from "../database.server";

/** Column types that differ per dialect. */
export interface MigrationTypes {
  timestamp: "timestamptz" | "text";
}

export function migrationTypes(dialect: DialectName): MigrationTypes {
  return { timestamp: dialect === "postgres" ? "timestamptz" : "text" };
}
