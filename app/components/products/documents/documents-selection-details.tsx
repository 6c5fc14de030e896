import { useTranslation } from "react-i18next";
import type { DocumentCriteria } from "~/modules/catalog/catalog";
import type { OutputOptions } from "~/modules/feeds/model";
import { documentsOptionLists } from "~/modules/products/documents/documents-form";
import type { DocumentsOptions } from "~/modules/products/documents/documents.server";
import { DetailsCard, type Row } from "~/components/layout/details-card";
import { optionLabel } from "~/components/layout/format";

/** What a stored documents feed looks for and the file it delivers, with the catalog's names for the codes. */
export function DocumentsSelectionDetails({
  criteria,
  output,
  options,
}: {
  criteria: DocumentCriteria;
  output: OutputOptions;
  options: DocumentsOptions;
}) {
  const { t } = useTranslation();
  const label = (name: string) => t(`documents.form.fields.${name}`);
  const selection: Row[] = [
    [label("keyword"), criteria.keyword ?? ""],
    [label("searchIn"), t(`documents.form.options.searchIn.${criteria.searchIn ?? "all"}`)],
    ...documentsOptionLists.map(([field, list]): Row => [
      label(field),
      (criteria[field] ?? []).map((code) => optionLabel(options[list], code)).join(", "),
    ]),
  ];
  const file: Row[] = [[label("deliveryFormat"), t(`documents.form.options.deliveryFormat.${output.format}`)]];
  return (
    <>
      <DetailsCard title={t("documents.form.selection")} rows={selection} testId="details-selection" />
      <DetailsCard title={t("econ.form.output")} rows={file} testId="details-output" />
    </>
  );
}
