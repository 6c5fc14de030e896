import { z } from "zod";
import { documentSearchFields, type DocumentCriteria } from "~/modules/catalog/catalog";

const codes = z.array(z.string()).optional();

/** The stored criteria column of a documents feed (SPEC.md section 3). */
export const documentsCriteriaSchema: z.ZodType<DocumentCriteria, z.ZodTypeDef, unknown> = z.object({
  documentIds: codes,
  keyword: z.string().optional(),
  searchIn: z.enum(documentSearchFields).optional(),
  country: codes,
  language: codes,
  format: codes,
  industry: codes,
  publicationType: codes,
  source: codes,
  topic: codes,
  publishedAfter: z.string().optional(),
  publishedBefore: z.string().optional(),
});
