import { useTranslation } from "react-i18next";
import type { OutputOptions } from "~/modules/feeds/model";
import type { EconCriteria, EconOptions } from "~/modules/products/econ/econ.server";
import { DetailsCard, type Row } from "~/components/layout/details-card";
import { optionLabel } from "~/components/layout/format";

interface Props {
  /** Feeds show "new only", dumps "point-in-time vintages". */
  kind: "feed" | "dump";
  criteria: EconCriteria;
  output: OutputOptions;
  options: EconOptions;
}

/** What a macroeconomic feed or dump selects and how its file is written, with catalog names for the codes. */
export function EconSelectionDetails({ kind, criteria, output, options }: Props) {
  const { t } = useTranslation();
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const yesNo = (value: boolean | undefined) => t(value ? "econ.common.yes" : "econ.common.no");
  const names = (list: readonly { value: string; label: string }[], values: readonly string[] | undefined) =>
    (values ?? []).map((value) => optionLabel(list, value)).join(", ");
  const option = (group: string, value: string | undefined) => (value ? t(`econ.options.${group}.${value}`, { defaultValue: value }) : "");

  const selection: Row[] = [
    [label("database"), criteria.database ? optionLabel(options.databases, criteria.database) : ""],
    [label("seriesIds"), (criteria.seriesIds ?? []).join(", ")],
    [label("keyword"), criteria.keyword ?? ""],
    [label("nameOnly"), yesNo(criteria.nameOnly)],
    [label("seriesFrequency"), (criteria.frequency ?? []).map((value) => option("seriesFrequency", value)).join(", ")],
    [label("country"), names(options.countries, criteria.country)],
    [label("region"), names(options.regions, criteria.region)],
    [label("unit"), names(options.units, criteria.unit)],
    [label("indicator"), names(options.indicators, criteria.indicator)],
    [label("topic"), names(options.topics, criteria.topic)],
    [label("section"), names(options.sections, criteria.section)],
    [label("table"), names(options.tables, criteria.table)],
    [label("source"), names(options.sources, criteria.source)],
    [label("startDateBefore"), criteria.startDateBefore ?? ""],
    [label("endDateAfter"), criteria.endDateAfter ?? ""],
    [label("createdAfter"), criteria.createdAfter ?? ""],
    [label("updatedAfter"), criteria.updatedAfter ?? ""],
    [label("subscribedOnly"), yesNo(criteria.subscribedOnly)],
    [label("keyOnly"), yesNo(criteria.keyOnly)],
    ...(kind === "feed" ? ([[label("newOnly"), yesNo(output.newOnly)]] satisfies Row[]) : []),
    [label("order"), option("order", criteria.order)],
    [label("direction"), option("direction", criteria.direction)],
  ];
  const outputRows: Row[] = [
    [label("format"), option("format", output.format)],
    [label("language"), option("language", output.language)],
    [label("consolidation"), option("consolidation", output.consolidation)],
    [label("fullDump"), yesNo(output.fullDump)],
    [label("metadataOnly"), yesNo(output.metadataOnly)],
    ...(kind === "dump" ? ([[label("vintages"), yesNo(output.vintages)]] satisfies Row[]) : []),
  ];
  return (
    <>
      <DetailsCard title={t("econ.form.selection")} rows={selection} testId="details-selection" />
      <DetailsCard title={t("econ.form.output")} rows={outputRows} testId="details-output" />
    </>
  );
}
