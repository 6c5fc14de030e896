import { SimpleGrid, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { OutputOptions } from "~/modules/feeds/model";
import type { CorpCriteria } from "~/modules/products/corp/corp-criteria";
import type { CorpOptions } from "~/modules/products/corp/corp-form";
import { DetailsCard, type Row } from "~/components/layout/details-card";
import { optionLabel } from "~/components/layout/format";

interface Props {
  criteria: CorpCriteria;
  options: OutputOptions;
  /** Feeds show "new companies only"; dumps have no such choice. */
  kind?: "feed" | "dump";
  /** The option lists, for catalog names instead of codes. */
  lists?: CorpOptions;
  /** The company v2 filter_id of the selection, for the company API and new feeds and dumps. */
  filterId?: string | null;
}

type OptionList = keyof Pick<
  CorpOptions,
  "countries" | "regions" | "types" | "industries" | "legalForms" | "statuses" | "statementTypes" | "financialStandards"
>;

/** A list of up to 100,000 ids is summed up after the first ones. */
const maxShownIds = 100;

/** What a company feed or dump selects and delivers: only the criteria that are set, then the output. */
export function CorpSelectionDetails({ criteria, options, kind, lists, filterId }: Props) {
  const { t } = useTranslation();
  const label = (name: string) => t(`corp.form.fields.${name}`);
  const yesNo = (value: boolean) => t(value ? "corp.details.yes" : "corp.details.no");
  const names = (list: OptionList, values: readonly string[]) =>
    values.map((value) => (lists ? optionLabel(lists[list], value) : value)).join(", ");
  const statements = criteria.statements ?? {};
  const account = statements.account;

  /** A row for each criterion that is set: text and numbers as they are, lists as names. */
  const rows = (entries: [name: string, value: string | number | readonly string[] | undefined, list?: OptionList][]): Row[] =>
    entries.flatMap(([name, value, list]): Row[] => {
      if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return [];
      if (typeof value === "number") return [[label(name), value.toLocaleString("en-US")]];
      if (typeof value === "string") return [[label(name), value]];
      return [[label(name), list ? names(list, value) : value.join(", ")]];
    });

  const ids = criteria.companyIds ?? [];
  const shownIds =
    ids.length > maxShownIds
      ? `${ids.slice(0, maxShownIds).join(", ")} ${t("corp.details.moreIds", { count: ids.length - maxShownIds })}`
      : ids.join(", ");
  const selection = rows([
    ["filterId", filterId ?? undefined],
    ["companyIds", shownIds],
    ["keyword", criteria.keyword],
    ["companyName", criteria.name],
    ["country", criteria.country, "countries"],
    ["region", criteria.region, "regions"],
    ["type", criteria.type, "types"],
    ["mainIndustry", criteria.mainIndustry, "industries"],
    ["secondaryIndustry", criteria.secondaryIndustry, "industries"],
    ["companyStatus", criteria.status, "statuses"],
    ["legalForm", criteria.legalForm, "legalForms"],
    ["localLegalForm", criteria.localLegalForm],
    ["city", criteria.city],
    ["companyDescription", criteria.description],
    ["product", criteria.product],
    ["employeesFrom", criteria.employeesFrom],
    ["employeesTo", criteria.employeesTo],
    ["updatedFrom", criteria.updatedFrom],
    ["updatedTo", criteria.updatedTo],
    ["executive", criteria.executive],
    ["shareholder", criteria.shareholder],
    ["subsidiary", criteria.subsidiary],
    ["auditor", criteria.auditor],
    ["ownerName", criteria.ownerName],
    ["ownerCitizenship", criteria.ownerCitizenship, "countries"],
    ["ownerBirthDate", criteria.ownerBirthDate],
    ["importCountry", criteria.importCountry, "countries"],
    ["exportCountry", criteria.exportCountry, "countries"],
  ]);
  const statementRows: Row[] = [
    ...rows([
      ["statementYear", statements.year?.map(String)],
      ["statementPeriod", statements.period?.map((period) => t(`corp.form.options.statementPeriod.${period}`, { defaultValue: period }))],
      ["statementType", statements.type, "statementTypes"],
      ["statementUpdatedFrom", statements.updatedFrom],
      ["statementUpdatedTo", statements.updatedTo],
      ["accountName", account?.name],
      ["accountFrom", account?.from],
      ["accountTo", account?.to],
    ]),
    ...(statements.officialOnly ? ([[label("officialOnly"), yesNo(true)]] satisfies Row[]) : []),
  ];
  const option = (group: string, value: string) => t(`corp.form.options.${group}.${value}`, { defaultValue: value });
  const outputRows: Row[] = [
    [label("profile"), yesNo(options.profile)],
    [label("statements"), yesNo(options.statements)],
    [label("currency"), option("currency", options.currency)],
    [label("consolidation"), option("consolidation", options.consolidation)],
    [label("financialStandards"), names("financialStandards", options.financialStandards)],
    [label("format"), option("format", options.format)],
    [label("language"), option("language", options.language)],
    ...(kind === "feed" ? ([[label("newOnly"), yesNo(options.newOnly)]] satisfies Row[]) : []),
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DetailsCard title={t("corp.details.selection")} rows={selection} testId="details-selection" />
      <Stack gap="md">
        {statementRows.length > 0 ? (
          <DetailsCard title={t("corp.details.statements")} rows={statementRows} testId="details-statements" />
        ) : null}
        <DetailsCard title={t("corp.details.output")} rows={outputRows} testId="details-output" />
      </Stack>
    </SimpleGrid>
  );
}
