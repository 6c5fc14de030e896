import { sql, type Kysely, type Migration } from "kysely";

export function predefinedDatasets(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // A company dump that generates one of the provider's predefined datasets names it here; other dumps keep null.
      await db.schema.alterTable("dumps").addColumn("dataset_id", "text").execute();
      // The datasets page reads each dataset's latest generation of the user.
      await db.schema.createIndex("dumps_user_dataset").on("dumps").columns(["user_id", "dataset_id", "created_at"]).execute();
      // The database, not the portal, keeps one dataset generation per user queued or running: of two posts at once, one wins.
      await db.schema
        .createIndex("dumps_one_dataset_generation_per_user")
        .on("dumps")
        .column("user_id")
        .unique()
        .where(sql.ref("dataset_id"), "is not", null)
        .where(sql.ref("status"), "in", ["queued", "running"])
        .execute();
    },
  };
}
