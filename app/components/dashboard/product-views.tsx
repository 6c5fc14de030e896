import type { FormDefaults } from "~/modules/feeds/form-state";
import type {
  ProductDumpDetails,
  ProductFeedDetails,
  ProductOptions,
  ProductPreview,
  ProductSegment,
} from "~/modules/products/registry.server";
import { corpUi } from "~/components/products/corp/corp-ui";
import { documentsUi } from "~/components/products/documents/documents-ui";
import { econUi } from "~/components/products/econ/econ-ui";
import type { ProductUi } from "~/components/products/product-ui";

/**
 * Each product's own parts of the shared feed and dump screens, by segment: a product without its parts does not
 * compile. The components below pick the parts by the segment the product's data is tagged with.
 */
export const productUis: { [S in ProductSegment]: ProductUi<S> } = { econ: econUi, corp: corpUi, documents: documentsUi };

interface CriteriaFieldsProps<S extends ProductSegment> {
  product: ProductOptions<S>;
  kind: "feed" | "dump";
  values: FormDefaults;
  error: (name: string) => string | undefined;
  hydrated: boolean;
}

export function ProductCriteriaFields<S extends ProductSegment>({ product, ...props }: CriteriaFieldsProps<S>) {
  const { CriteriaFields } = productUis[product.segment];
  return <CriteriaFields {...props} options={product.options} />;
}

export function ProductPreviewView<S extends ProductSegment>({ preview }: { preview: ProductPreview<S> }) {
  const { Preview } = productUis[preview.segment];
  return <Preview preview={preview.preview} />;
}

/** What a stored feed or dump selects and how its file is written, with the catalog's names for the codes. */
export function ProductSelectionDetails<S extends ProductSegment>({
  details,
  kind,
}: {
  details: ProductFeedDetails<S> | ProductDumpDetails<S>;
  kind: "feed" | "dump";
}) {
  const { SelectionDetails } = productUis[details.segment];
  const { criteria, options: output, filterId } = "feed" in details ? details.feed : details.dump;
  return <SelectionDetails kind={kind} criteria={criteria} output={output} options={details.options} filterId={filterId} />;
}
