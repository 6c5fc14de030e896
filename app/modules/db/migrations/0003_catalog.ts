import type { Kysely, Migration } from "kysely";
import type { MigrationTypes } from "./types";

export function catalog({ timestamp }: MigrationTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("catalog_state")
        .addColumn("id", "integer", (column) => column.primaryKey())
        .addColumn("signature", "text", (column) => column.notNull())
        .addColumn("series_count", "integer", (column) => column.notNull())
        .addColumn("company_count", "integer", (column) => column.notNull())
        .addColumn("document_count", "integer", (column) => column.notNull())
        .addColumn("advance_count", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("seeded_at", timestamp, (column) => column.notNull())
        .addColumn("advanced_at", timestamp)
        .execute();

      await db.schema
        .createTable("catalog_series")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("frequency", "text", (column) => column.notNull())
        .addColumn("unit", "text", (column) => column.notNull())
        .addColumn("country", "text", (column) => column.notNull())
        .addColumn("region", "text", (column) => column.notNull())
        .addColumn("indicator", "text", (column) => column.notNull())
        .addColumn("source", "text", (column) => column.notNull())
        .addColumn("database_id", "text", (column) => column.notNull())
        .addColumn("topic_id", "text", (column) => column.notNull())
        .addColumn("section_id", "text", (column) => column.notNull())
        .addColumn("table_id", "text", (column) => column.notNull())
        .addColumn("start_date", "text", (column) => column.notNull())
        .addColumn("end_date", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("last_update", timestamp, (column) => column.notNull())
        .addColumn("is_key", "integer", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("search_text", "text", (column) => column.notNull())
        .execute();
      // Dumps and previews page through one database by id; feeds look for recent changes.
      await db.schema.createIndex("catalog_series_database").on("catalog_series").columns(["database_id", "id"]).execute();
      await db.schema.createIndex("catalog_series_updated").on("catalog_series").column("last_update").execute();
      await db.schema.createIndex("catalog_series_country").on("catalog_series").column("country").execute();
      await db.schema.createIndex("catalog_series_indicator").on("catalog_series").column("indicator").execute();
      await db.schema.createIndex("catalog_series_table").on("catalog_series").column("table_id").execute();

      await db.schema
        .createTable("catalog_series_points")
        .addColumn("series_id", "text", (column) => column.primaryKey().references("catalog_series.id").onDelete("cascade"))
        .addColumn("points", "text", (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("catalog_companies")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("country", "text", (column) => column.notNull())
        .addColumn("region", "text", (column) => column.notNull())
        .addColumn("city", "text", (column) => column.notNull())
        .addColumn("address", "text", (column) => column.notNull())
        .addColumn("type", "text", (column) => column.notNull())
        .addColumn("main_industry", "text", (column) => column.notNull())
        .addColumn("secondary_industries", "text", (column) => column.notNull())
        .addColumn("isic", "text", (column) => column.notNull())
        .addColumn("legal_form", "text", (column) => column.notNull())
        .addColumn("local_legal_form", "text", (column) => column.notNull())
        .addColumn("status", "text", (column) => column.notNull())
        .addColumn("employees", "integer", (column) => column.notNull())
        .addColumn("description", "text", (column) => column.notNull())
        .addColumn("products", "text", (column) => column.notNull())
        .addColumn("executives", "text", (column) => column.notNull())
        .addColumn("shareholders", "text", (column) => column.notNull())
        .addColumn("subsidiaries", "text", (column) => column.notNull())
        .addColumn("auditors", "text", (column) => column.notNull())
        .addColumn("owner_name", "text")
        .addColumn("owner_citizenship", "text")
        .addColumn("owner_birth_date", "text")
        .addColumn("import_countries", "text", (column) => column.notNull())
        .addColumn("export_countries", "text", (column) => column.notNull())
        .addColumn("search_text", "text", (column) => column.notNull())
        .addColumn("created_at", timestamp, (column) => column.notNull())
        .addColumn("updated_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("catalog_companies_updated").on("catalog_companies").column("updated_at").execute();
      await db.schema.createIndex("catalog_companies_country").on("catalog_companies").column("country").execute();

      await db.schema
        .createTable("catalog_statements")
        .addColumn("company_id", "text", (column) => column.primaryKey().references("catalog_companies.id").onDelete("cascade"))
        .addColumn("statements", "text", (column) => column.notNull())
        .execute();

      await db.schema
        .createTable("catalog_documents")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("title", "text", (column) => column.notNull())
        .addColumn("summary", "text", (column) => column.notNull())
        .addColumn("country", "text", (column) => column.notNull())
        .addColumn("language", "text", (column) => column.notNull())
        .addColumn("format", "text", (column) => column.notNull())
        .addColumn("industry", "text", (column) => column.notNull())
        .addColumn("publication_type", "text", (column) => column.notNull())
        .addColumn("source", "text", (column) => column.notNull())
        .addColumn("topic", "text", (column) => column.notNull())
        .addColumn("search_text", "text", (column) => column.notNull())
        .addColumn("published_at", timestamp, (column) => column.notNull())
        .addColumn("updated_at", timestamp, (column) => column.notNull())
        .execute();
      await db.schema.createIndex("catalog_documents_updated").on("catalog_documents").column("updated_at").execute();
      await db.schema.createIndex("catalog_documents_published").on("catalog_documents").column("published_at").execute();
    },
  };
}
