import { TypographyStylesProvider } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import type { SchemaNode } from "~/modules/docs/schema-tree";
import { SpecText } from "./doc-page-parts";

type Translate = ReturnType<typeof useTranslation>["t"];

/** A link to a schema written out elsewhere: above on this page, or on the models page. */
function SchemaLink({ href, name, t }: { href: string; name: string; t: Translate }) {
  if (href.startsWith("#")) return <a href={href}>{t("docs.schemaView.seeAbove", { name })}</a>;
  return <AppLink to={href}>{t("docs.schemaView.seeModel", { name })}</AppLink>;
}

/**
 * One row of a schema tree and the rows below it, in plain elements (a page may carry hundreds of rows); the tree
 * is finite, a repeated schema being a link.
 */
function SchemaRow({ node, t }: { node: SchemaNode; t: Translate }) {
  return (
    <li id={node.anchor}>
      {node.name ? <code>{node.name}</code> : null}
      {node.additional ? <em>{t("docs.schemaView.additional")}</em> : null} <span className="schema-type">{node.type}</span>
      {node.required ? <strong> {t("docs.schemaView.required")}</strong> : null}
      {node.link ? (
        <>
          {" "}
          (<SchemaLink href={node.link.href} name={node.link.schema} t={t} />)
        </>
      ) : null}
      {node.description ? (
        <div>
          <SpecText text={node.description} />
        </div>
      ) : null}
      {node.variants ? (
        <>
          <div>
            <em>
              {node.variants.discriminator && node.variants.kind !== "allOf"
                ? t(`docs.schemaView.${node.variants.kind}By`, { name: node.variants.discriminator })
                : t(`docs.schemaView.${node.variants.kind}`)}
            </em>
          </div>
          <ol>
            {node.variants.options.map((option, index) => (
              <SchemaRow key={index} node={option} t={t} />
            ))}
          </ol>
        </>
      ) : null}
      {node.fields?.length ? (
        <ul>
          {node.fields.map((field, index) => (
            <SchemaRow key={index} node={field} t={t} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A request or response schema as nested lists. */
export function SchemaTree({ node }: { node: SchemaNode }) {
  const { t } = useTranslation();
  return (
    <TypographyStylesProvider>
      <ul className="schema-tree">
        <SchemaRow node={node} t={t} />
      </ul>
    </TypographyStylesProvider>
  );
}
