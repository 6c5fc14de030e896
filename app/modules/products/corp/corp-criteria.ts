import { z } from "zod";
import { statementTypes, type CompanyCriteria, type StatementCriteria } from "~/modules/catalog/catalog";
import { outputOptionsSchema, statementConsolidations, type OutputOptions } from "~/modules/feeds/model";
import type { CorpDumpValues, CorpFeedValues } from "./corp-form";

/**
 * What a company feed or dump stores: the catalog's company criteria with the statement criteria beside
 * them, and the output options. Only the criteria that are set are written, so the stored JSON and the
 * details page show the selection as the user made it.
 */

export type CorpCriteria = CompanyCriteria & { statements?: StatementCriteria };

type CorpValues = CorpFeedValues | CorpDumpValues;

const text = z.string().optional();
const texts = z.array(z.string()).optional();
const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const count = z.number().int().min(0).optional();
const amount = z.number().finite().optional();

const statementCriteriaSchema = z.object({
  updatedFrom: date,
  updatedTo: date,
  year: z.array(z.number().int()).optional(),
  period: texts,
  type: z.array(z.enum(statementTypes)).optional(),
  officialOnly: z.boolean().optional(),
  standard: texts,
  account: z.object({ name: z.string().min(1), from: amount, to: amount }).optional(),
});

/** The stored criteria column, read back: exactly the types toCorpCriteria writes. */
export const corpCriteriaSchema: z.ZodType<CorpCriteria, z.ZodTypeDef, unknown> = z.object({
  companyIds: texts,
  keyword: text,
  updatedFrom: date,
  updatedTo: date,
  name: text,
  country: texts,
  type: texts,
  mainIndustry: texts,
  secondaryIndustry: texts,
  status: texts,
  employeesFrom: count,
  employeesTo: count,
  legalForm: texts,
  localLegalForm: texts,
  region: texts,
  city: text,
  executive: text,
  shareholder: text,
  subsidiary: text,
  auditor: text,
  description: text,
  product: text,
  ownerName: text,
  ownerCitizenship: texts,
  ownerBirthDate: date,
  importCountry: texts,
  exportCountry: texts,
  statements: statementCriteriaSchema.optional(),
});

/** An empty list selects nothing more, so it is left out. */
const listed = <T>(values: readonly T[]): readonly T[] | undefined => (values.length > 0 ? values : undefined);

function toStatementCriteria(values: CorpValues): StatementCriteria | undefined {
  const account = values.accountName ? { name: values.accountName, from: values.accountFrom, to: values.accountTo } : undefined;
  const criteria: StatementCriteria = {
    updatedFrom: values.statementUpdatedFrom,
    updatedTo: values.statementUpdatedTo,
    year: listed(values.statementYear),
    period: listed(values.statementPeriod),
    type: listed(values.statementType),
    officialOnly: values.officialOnly || undefined,
    account,
  };
  return Object.values(criteria).some((value) => value !== undefined) ? criteria : undefined;
}

export function toCorpCriteria(values: CorpValues): CorpCriteria {
  return {
    companyIds: listed(values.companyIds),
    keyword: values.keyword,
    updatedFrom: values.updatedFrom,
    updatedTo: values.updatedTo,
    name: values.companyName,
    country: listed(values.country),
    type: listed(values.type),
    mainIndustry: listed(values.mainIndustry),
    secondaryIndustry: listed(values.secondaryIndustry),
    status: listed(values.companyStatus),
    employeesFrom: values.employeesFrom,
    employeesTo: values.employeesTo,
    legalForm: listed(values.legalForm),
    localLegalForm: listed(values.localLegalForm),
    region: listed(values.region),
    city: values.city,
    executive: values.executive,
    shareholder: values.shareholder,
    subsidiary: values.subsidiary,
    auditor: values.auditor,
    description: values.companyDescription,
    product: values.product,
    ownerName: values.ownerName,
    ownerCitizenship: listed(values.ownerCitizenship),
    ownerBirthDate: values.ownerBirthDate,
    importCountry: listed(values.importCountry),
    exportCountry: listed(values.exportCountry),
    statements: toStatementCriteria(values),
  };
}

export function toCorpOptions(values: CorpValues): OutputOptions {
  return outputOptionsSchema.parse({
    format: values.format,
    language: values.language,
    consolidation: values.consolidation,
    profile: values.profile,
    statements: values.statements,
    currency: values.currency,
    financialStandards: values.financialStandards,
    newOnly: "newOnly" in values ? values.newOnly : false,
  });
}

const listOf = <T>(values: readonly T[] | undefined): string[] => (values ?? []).map(String);
const numberText = (value: number | undefined) => (value === undefined ? "" : String(value));
const isStatementConsolidation = (value: string): value is (typeof statementConsolidations)[number] =>
  (statementConsolidations as readonly string[]).includes(value);

/** A stored selection as its form's values: lists as arrays, ids joined, numbers as text, flags as booleans. */
export function corpStoredFormValues(criteria: CorpCriteria, options: OutputOptions): Record<string, unknown> {
  const statements = criteria.statements ?? {};
  return {
    companyIds: (criteria.companyIds ?? []).join(", "),
    keyword: criteria.keyword ?? "",
    updatedFrom: criteria.updatedFrom ?? "",
    updatedTo: criteria.updatedTo ?? "",
    companyName: criteria.name ?? "",
    country: listOf(criteria.country),
    type: listOf(criteria.type),
    mainIndustry: listOf(criteria.mainIndustry),
    secondaryIndustry: listOf(criteria.secondaryIndustry),
    companyStatus: listOf(criteria.status),
    employeesFrom: numberText(criteria.employeesFrom),
    employeesTo: numberText(criteria.employeesTo),
    legalForm: listOf(criteria.legalForm),
    localLegalForm: listOf(criteria.localLegalForm),
    region: listOf(criteria.region),
    city: criteria.city ?? "",
    executive: criteria.executive ?? "",
    shareholder: criteria.shareholder ?? "",
    subsidiary: criteria.subsidiary ?? "",
    auditor: criteria.auditor ?? "",
    companyDescription: criteria.description ?? "",
    product: criteria.product ?? "",
    ownerName: criteria.ownerName ?? "",
    ownerCitizenship: listOf(criteria.ownerCitizenship),
    ownerBirthDate: criteria.ownerBirthDate ?? "",
    importCountry: listOf(criteria.importCountry),
    exportCountry: listOf(criteria.exportCountry),
    statementUpdatedFrom: statements.updatedFrom ?? "",
    statementUpdatedTo: statements.updatedTo ?? "",
    statementYear: listOf(statements.year),
    statementPeriod: listOf(statements.period),
    statementType: listOf(statements.type),
    officialOnly: statements.officialOnly ?? false,
    accountName: statements.account?.name ?? "",
    accountFrom: numberText(statements.account?.from),
    accountTo: numberText(statements.account?.to),
    profile: options.profile,
    statements: options.statements,
    currency: options.currency,
    consolidation: isStatementConsolidation(options.consolidation) ? options.consolidation : "both",
    financialStandards: listOf(options.financialStandards),
    format: options.format,
    language: options.language,
    newOnly: options.newOnly,
  };
}
