import { db } from "~/modules/db/db.server";
import { publicOrigin } from "~/modules/env/env.server";
import { localizePath } from "~/modules/i18n/language";
import { sendMail } from "~/modules/mail/mail.server";
import { productCatalogue } from "~/modules/registry/product-catalogue";
import { deliveryFailureMail } from "./delivery-failure-mail";
import { outputOptionsSchema } from "./model";

/** The failing feed's or dump's owner, at the account's own address, with a link to its page. */
export async function sendDeliveryFailureMail(failure: { kind: "feed" | "dump"; id: string; reason: string }): Promise<void> {
  const table = failure.kind === "feed" ? "feeds" : "dumps";
  const row = await db
    .selectFrom(table)
    .innerJoin("users", "users.id", `${table}.user_id`)
    .select([`${table}.name as name`, `${table}.product as product`, `${table}.options as options`, "users.email"])
    .where(`${table}.id`, "=", failure.id)
    .executeTakeFirst();
  const segment = productCatalogue.find((entry) => entry.feedProduct === row?.product)?.segment;
  if (!row || !segment) return;
  const options = outputOptionsSchema.safeParse(JSON.parse(row.options));
  const language = options.success ? options.data.language : "en";
  const path = `/dashboard/${segment}/${failure.kind}-details/${failure.id}`;
  const mail = deliveryFailureMail({
    kind: failure.kind,
    name: row.name,
    reason: failure.reason,
    link: `${publicOrigin()}${localizePath(path, language === "en" ? null : language)}`,
    language,
  });
  await sendMail({ to: row.email, ...mail });
}
