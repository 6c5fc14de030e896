import { z } from "zod";
import { statementTypes } from "~/modules/catalog/catalog";
import type { corpCompanyOptions } from "~/modules/catalog/options.server";
import {
  checkDelivery,
  choice,
  codeList,
  deliveryShape,
  fileShape,
  flag,
  formValues,
  generalShape,
  idListSchema,
  intentShape,
  optionalAmount,
  optionalCount,
  optionalDate,
  scheduleShape,
} from "~/modules/feeds/form-shapes";
import { outputCurrencies, statementConsolidations } from "~/modules/feeds/model";
import { optionalText } from "~/modules/forms/fields";
import { encodeMessage } from "~/modules/forms/messages";

/**
 * The company feed and dump forms (SPEC.md sections 3, 5 and 9): the shared feed and dump fields plus the
 * company search, the statement criteria and the company output. One schema for the pages and the JSON API;
 * the rules that need the catalog (known codes, the preview's 100 ids) are checked by corp-selection.server.ts.
 */

/** The option lists of the company forms and of /api/corp-options. */
export type CorpOptions = Awaited<ReturnType<typeof corpCompanyOptions>>;

const corpListFields = [
  "country",
  "type",
  "mainIndustry",
  "secondaryIndustry",
  "companyStatus",
  "legalForm",
  "localLegalForm",
  "region",
  "ownerCitizenship",
  "importCountry",
  "exportCountry",
  "statementYear",
  "statementPeriod",
  "statementType",
  "financialStandards",
] as const;
const corpFlagFields = ["officialOnly", "profile", "statements", "newOnly"] as const;

/** What each record carries: an unchecked box posts nothing (false), but a JSON body that leaves them out gets both. */
const includedByDefault = ["profile", "statements"] as const;

/** SPEC.md section 9: "Company id list up to 100,000." */
export const maxCompanyIds = 100_000;

/** Reporting periods of statements: the financial year, its halves and quarters. */
export const statementPeriods = ["FY", "H1", "H2", "Q1", "Q2", "Q3", "Q4"] as const;

/** The form post or JSON body as the plain object the schema reads. */
export function corpFormValues(source: FormData | Record<string, unknown>): Record<string, unknown> {
  if (source instanceof FormData) return formValues(source, { lists: corpListFields, flags: corpFlagFields });
  // The company v2 API names it filter_id; this API names its fields in camelCase, and reads either.
  if (source.filterId === undefined && source.filter_id !== undefined) source = { ...source, filterId: source.filter_id };
  const flags = corpFlagFields.filter((name) => !(includedByDefault as readonly string[]).includes(name));
  const values = formValues(source, { lists: corpListFields, flags });
  for (const name of includedByDefault) {
    const value = source[name];
    values[name] = value === undefined || value === null || value === "" ? undefined : flag(value);
  }
  return values;
}

/** List entries that are text split further by `separator` (a years field, local forms one per line). */
function splitEntries(separator: RegExp) {
  return (value: unknown) =>
    Array.isArray(value)
      ? value.flatMap((entry) =>
          typeof entry === "string"
            ? entry
                .split(separator)
                .map((part) => part.trim())
                .filter(Boolean)
            : [entry],
        )
      : value;
}

const year = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,4}$/.test(value) ? Number(value) : value),
  z.number({ invalid_type_error: "validation.year" }).int("validation.year").min(1900, "validation.year").max(2100, "validation.year"),
);

/** Years as a list, or as text separated by commas or spaces ("2022, 2023"). */
const yearList = z
  .preprocess(
    splitEntries(/[\s,;]+/),
    z
      .array(year, { invalid_type_error: "validation.year" })
      .max(100, "validation.tooManyOptions")
      .transform((years) => [...new Set(years)]),
  )
  .default([]);

/** Local legal forms are free text and may hold commas ("Co., Ltd."): one per line, or a JSON list. */
const lineList = z
  .preprocess(
    splitEntries(/\r?\n/),
    z
      .array(z.string({ invalid_type_error: "validation.invalidOption" }).max(64, encodeMessage("validation.tooLong", { max: 64 })), {
        invalid_type_error: "validation.invalidOption",
      })
      .max(1000, "validation.tooManyOptions"),
  )
  .default([]);

function choiceList<const Options extends readonly [string, ...string[]]>(options: Options) {
  return z
    .array(z.enum(options, { errorMap: () => ({ message: "validation.invalidOption" }) }), {
      invalid_type_error: "validation.invalidOption",
    })
    .max(options.length, "validation.tooManyOptions")
    .default([]);
}

/** The company filter criteria of SPEC.md section 3, as their form fields are named. */
const companyShape = {
  keyword: optionalText(200),
  updatedFrom: optionalDate,
  updatedTo: optionalDate,
  companyName: optionalText(200),
  country: codeList,
  type: codeList,
  mainIndustry: codeList,
  secondaryIndustry: codeList,
  companyStatus: codeList,
  employeesFrom: optionalCount,
  employeesTo: optionalCount,
  legalForm: codeList,
  localLegalForm: lineList,
  region: codeList,
  city: optionalText(100),
  executive: optionalText(200),
  shareholder: optionalText(200),
  subsidiary: optionalText(200),
  auditor: optionalText(200),
  companyDescription: optionalText(500),
  product: optionalText(200),
  ownerName: optionalText(200),
  ownerCitizenship: codeList,
  ownerBirthDate: optionalDate,
  importCountry: codeList,
  exportCountry: codeList,
};

/** The criteria that choose companies: SPEC.md section 5 allows them or company ids, not both. */
export const companySearchFields = Object.keys(companyShape) as (keyof typeof companyShape)[];

/**
 * A company v2 filter_id (a stored selection of ids or criteria) instead of ids and criteria: as text from the
 * form or a number from JSON, where `filter_id` is read too. The server fills the filter's selection in before
 * the rest is checked (corp-filters.server.ts).
 */
const filterIdShape = {
  filterId: z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value === null ? undefined : value),
    z.number({ invalid_type_error: "validation.filterId" }).int("validation.filterId").positive("validation.filterId").optional(),
  ),
};

const statementShape = {
  statementUpdatedFrom: optionalDate,
  statementUpdatedTo: optionalDate,
  statementYear: yearList,
  statementPeriod: choiceList(statementPeriods),
  statementType: choiceList(statementTypes),
  officialOnly: z.boolean().default(false),
  accountName: optionalText(64),
  accountFrom: optionalAmount,
  accountTo: optionalAmount,
};

const outputFlag = z.boolean({ invalid_type_error: "validation.invalidOption" }).default(true);

const outputShape = {
  profile: outputFlag,
  statements: outputFlag,
  currency: choice(outputCurrencies, "LOCAL"),
  consolidation: choice(statementConsolidations, "both"),
  financialStandards: codeList,
  ...fileShape,
};

const selectionShape = { companyIds: idListSchema(maxCompanyIds), ...filterIdShape, ...companyShape, ...statementShape, ...outputShape };

type SelectionValues = z.infer<z.ZodObject<typeof selectionShape>>;

const isSet = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value !== undefined);

/** Ids or criteria (SPEC.md section 5), ranges whose start is not after their end, an account for amounts. */
function checkCompanySelection(values: SelectionValues, context: z.RefinementCtx) {
  const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
  const searched = companySearchFields.some((name) => isSet(values[name]));
  if (values.companyIds.length > 0 && searched) issue("companyIds", "validation.eitherCompanyIds");
  if (values.companyIds.length === 0 && !searched && values.filterId === undefined)
    issue("companyIds", "validation.companySelectionRequired");
  const ranges = [
    ["updatedFrom", "updatedTo"],
    ["employeesFrom", "employeesTo"],
    ["statementUpdatedFrom", "statementUpdatedTo"],
    ["accountFrom", "accountTo"],
  ] as const;
  for (const [from, to] of ranges) {
    const start = values[from];
    const end = values[to];
    if (start !== undefined && end !== undefined && start > end) issue(to, "validation.range");
  }
  if (!values.accountName && (values.accountFrom !== undefined || values.accountTo !== undefined))
    issue("accountName", "validation.required");
}

export const corpFeedSchema = z
  .object({
    ...intentShape,
    ...generalShape,
    ...scheduleShape,
    newOnly: z.boolean().default(false),
    ...selectionShape,
    ...deliveryShape,
  })
  .superRefine((values, context) => {
    checkCompanySelection(values, context);
    checkDelivery(values, context);
  });
export type CorpFeedValues = z.infer<typeof corpFeedSchema>;

export const corpDumpSchema = z
  .object({
    ...intentShape,
    ...generalShape,
    ...selectionShape,
    ...deliveryShape,
  })
  .superRefine((values, context) => {
    checkCompanySelection(values, context);
    checkDelivery(values, context);
  });
export type CorpDumpValues = z.infer<typeof corpDumpSchema>;
