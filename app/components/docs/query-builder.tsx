import { hydrateOnInteraction } from "~/components/hydration/hydrate-on-interaction";
import { QueryBuilderForm, type QueryBuilderProps } from "./query-builder-form";

/**
 * The query builder of an operation page. Its code (the form library, the schema, a dozen inputs) is most of an
 * operation page's JavaScript and only a visitor who uses the builder needs it: it loads when one reaches for it.
 */
export const QueryBuilder = hydrateOnInteraction<QueryBuilderProps>(import.meta.env.SSR ? QueryBuilderForm : undefined, () =>
  import("./query-builder-form").then((module) => module.QueryBuilderForm),
);
