import { z } from "zod";
import { deliveryMethods, webhookMethods } from "~/modules/delivery/targets";
import { productCatalogue, type FeedProduct } from "~/modules/registry/product-catalogue";

/**
 * What a feed or dump is, as the engine stores and reads it. Criteria are the catalog's criteria of the
 * product (SeriesCriteria, CompanyCriteria, DocumentCriteria); options, delivery and notification have
 * one shape for every product, with the fields each product's forms offer.
 */

export type { FeedProduct };

/** The catalogue's feed products, as the non-empty list zod's enums take (the catalogue is never empty). */
export const feedProducts = productCatalogue.map((entry) => entry.feedProduct) as [FeedProduct, ...FeedProduct[]];

/** SPEC.md section 4: feeds run daily, weekly, bi-weekly or monthly; documents feeds every 15 or 60 minutes. */
export const feedFrequencies = ["daily", "weekly", "bi-weekly", "monthly"] as const;
export const documentFeedFrequencies = ["every-15-minutes", "every-60-minutes"] as const;
export type FeedFrequency = (typeof feedFrequencies)[number] | (typeof documentFeedFrequencies)[number];

/** The next run after `from`; months keep the day of the month where they can (31 Jan -> 28/29 Feb). */
export function nextRunAt(frequency: FeedFrequency, from: Date): Date {
  const minutes = (count: number) => new Date(from.getTime() + count * 60_000);
  switch (frequency) {
    case "every-15-minutes":
      return minutes(15);
    case "every-60-minutes":
      return minutes(60);
    case "daily":
      return minutes(24 * 60);
    case "weekly":
      return minutes(7 * 24 * 60);
    case "bi-weekly":
      return minutes(14 * 24 * 60);
    case "monthly": {
      const next = new Date(from);
      const day = next.getUTCDate();
      next.setUTCDate(1);
      next.setUTCMonth(next.getUTCMonth() + 1);
      const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
      next.setUTCDate(Math.min(day, lastDay));
      return next;
    }
  }
}

/** SPEC.md section 9: a full dump only for lists of 3,000 series or fewer. */
export const fullDumpLimit = 3000;
/** Dump and feed files are kept 30 days. */
export const fileRetentionDays = 30;

export const consolidations = ["none", "annual-average", "annual-sum", "annual-last"] as const;
export const statementConsolidations = ["consolidated", "unconsolidated", "both"] as const;
export const outputCurrencies = ["USD", "EUR", "LOCAL"] as const;

export const outputOptionsSchema = z.object({
  format: z.enum(["json", "xml"]).default("json"),
  language: z.enum(["en", "zh"]).default("en"),
  /** Macroeconomic: points as published, or consolidated to annual values. Company: which statements. */
  consolidation: z.enum([...consolidations, ...statementConsolidations]).default("none"),
  metadataOnly: z.boolean().default(false),
  /** Feeds: only items created since the last run. */
  newOnly: z.boolean().default(false),
  /** Feeds: every run delivers the full history of everything selected, when anything changed. */
  fullDump: z.boolean().default(false),
  /** Point-in-time vintages: every published value of each point. */
  vintages: z.boolean().default(false),
  /** Company: what each record carries and in which currency. */
  profile: z.boolean().default(true),
  statements: z.boolean().default(true),
  currency: z.enum(outputCurrencies).default("LOCAL"),
  financialStandards: z.array(z.string()).default([]),
});
export type OutputOptions = z.infer<typeof outputOptionsSchema>;

const storedFtpSchema = z.object({
  host: z.string(),
  port: z.number().int().min(1).max(65535).optional(),
  path: z.string(),
  username: z.string(),
  /** encryptSecret() output; the plain password is never stored. */
  passwordEncrypted: z.string(),
  /** SFTP: the private key the subscriber pasted, sealed like the password; never shown back. */
  privateKeyEncrypted: z.string().optional(),
});

export const deliverySchema = z.object({
  method: z.enum(deliveryMethods),
  ftp: storedFtpSchema.nullable().default(null),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const notificationSchema = z.object({
  emails: z.array(z.string().email()).default([]),
  url: z.string().url().nullable().default(null),
  method: z.enum(webhookMethods).default("POST"),
});
export type Notification = z.infer<typeof notificationSchema>;

/** "Send the link again" to a notification address awaiting confirmation, on the pages and in the JSON API. */
export const resendAddressSchema = z.object({ address: z.string().trim().email().max(320) });
