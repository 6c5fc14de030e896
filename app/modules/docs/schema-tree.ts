import { definitionOf, refName, type JsonSchema } from "./spec-model";

/**
 * Schemas as the reference writes them: a type in words ("array of Pet", "string or null") and, on operation
 * pages, the tree of a body's or response's fields. Each named schema is written out once per page; a later
 * mention, a cycle included, links to where it is written out, so the tree of a recursive schema is finite.
 */

/** How many variants a type in words names before it ends in "…". */
const namedVariants = 4;

function variantList(variants: JsonSchema[]): string {
  const names = variants.slice(0, namedVariants).map((variant) => variant.title ?? schemaType(variant));
  return `(${names.join(", ")}${variants.length > namedVariants ? ", …" : ""})`;
}

/** The type an enum without one has by its values (a 3.1 `const`): "string" for `const: "road"`. */
function enumType(values: unknown[] | undefined): string | undefined {
  const types = new Set(values?.filter((value) => value !== null).map((value) => (typeof value === "number" ? "number" : typeof value)));
  const [only] = types;
  return types.size === 1 && (only === "string" || only === "number" || only === "boolean") ? only : undefined;
}

function baseType(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.type === "array") {
    const items = schema.items ? schemaType(schema.items) : "any";
    return `array of ${schema.items?.nullable ? `(${items})` : items}`;
  }
  if (!schema.type && !schema.properties) {
    if (schema.oneOf) return `one of ${variantList(schema.oneOf)}`;
    if (schema.anyOf) return `any of ${variantList(schema.anyOf)}`;
    if (schema.allOf) return `all of ${variantList(schema.allOf)}`;
  }
  const type = schema.type ?? enumType(schema.enum) ?? "object";
  return schema.format ? `${type} (${schema.format})` : type;
}

/** "integer (int64)", "array of Pet", "one of (Cat, Dog)", "string or null". */
export function schemaType(schema: JsonSchema): string {
  const type = baseType(schema);
  return schema.nullable && type !== "null" ? `${type} or null` : type;
}

/** A schema's type as the reference writes it, with its allowed values: "string: json, xml". */
export function typeWithValues(schema: JsonSchema): string {
  return (
    schemaType(schema) +
    (schema.enum ? `: ${schema.enum.map((value) => (typeof value === "string" ? value : JSON.stringify(value))).join(", ")}` : "")
  );
}

export interface SchemaField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/**
 * The fields of a model as one table: those of its allOf parts (a named part's included, as far as it does not
 * lead back to a schema already read), then its own properties.
 */
export function fieldsOf(schema: JsonSchema, definitions: Record<string, JsonSchema>, seen: readonly string[] = []): SchemaField[] {
  const own = Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeWithValues(property),
    required: schema.required?.includes(name) ?? false,
    description: property.description ?? "",
  }));
  const inherited = (schema.allOf ?? []).flatMap((part) => {
    if (!part.$ref) return fieldsOf(part, definitions, seen);
    const target = definitionOf(part.$ref, definitions);
    const name = refName(part.$ref);
    return target && !seen.includes(name) ? fieldsOf(target, definitions, [...seen, name]) : [];
  });
  // A field named again (a part overriding what it inherits) keeps its place and takes the later type.
  const byName = new Map<string, SchemaField>();
  for (const field of [...inherited, ...own]) byName.set(field.name, field);
  return [...byName.values()];
}

export type Composition = "oneOf" | "anyOf" | "allOf";

/** Every description a tree shows, its own and its rows' (a Chinese page marks those still in English). */
export function treeDescriptions(node: SchemaNode): string[] {
  return [
    ...(node.description ? [node.description] : []),
    ...(node.fields ?? []).flatMap(treeDescriptions),
    ...(node.variants?.options ?? []).flatMap(treeDescriptions),
  ];
}

/** One row of a schema tree; what a row does not have is left out, as pages carry hundreds of rows. */
export interface SchemaNode {
  /** The property's name; none for the schema itself, an array's items and a variant. */
  name?: string;
  /** The values of properties other than the named ones (additionalProperties). */
  additional?: true;
  type: string;
  required?: true;
  description?: string;
  /** The named schema written out here: the anchor its other mentions link to. */
  anchor?: string;
  /** A named schema written out elsewhere (above on the page, or on the models page): its name and where. */
  link?: { schema: string; href: string };
  fields?: SchemaNode[];
  /** A oneOf/anyOf/allOf: its variants, and the property that tells them apart. */
  variants?: { kind: Composition; discriminator?: string; options: SchemaNode[] };
}

export interface SchemaTreeOptions {
  /** Where a named schema is written out when the page has no room for it: the models page's anchor. */
  modelHref: ((name: string) => string) | null;
  /** How many rows a page writes out before named schemas not yet written become links to the models page. */
  budget?: number;
}

const defaultBudget = 600;

/** A schema with nothing to write out below it: a scalar, an enum, an array of scalars. */
function isSimple(schema: JsonSchema): boolean {
  if (schema.$ref || schema.properties || schema.oneOf || schema.anyOf || schema.allOf) return false;
  if (typeof schema.additionalProperties === "object") return false;
  return !schema.items || isSimple(schema.items);
}

/** The anchor of a named schema on an operation page: ids are unique, and usable in a URL fragment. */
function anchorFor(name: string, used: Set<string>): string {
  const base = `schema-${name.replace(/[^A-Za-z0-9_.-]+/g, "-")}`;
  let anchor = base;
  for (let counter = 2; used.has(anchor); counter++) anchor = `${base}-${counter}`;
  used.add(anchor);
  return anchor;
}

/**
 * The trees of several schemas of one page (its request bodies and responses), sharing the named schemas written
 * out: the first mention writes one out under its anchor, every later one links there.
 */
export function schemaTrees(
  roots: readonly JsonSchema[],
  definitions: Record<string, JsonSchema>,
  options: SchemaTreeOptions,
): SchemaNode[] {
  const anchors = new Map<string, string>();
  const used = new Set<string>();
  const budget = options.budget ?? defaultBudget;
  let rows = 0;

  function node(schema: JsonSchema, name?: string, required = false): SchemaNode {
    rows++;
    const row: SchemaNode = { ...(name !== undefined ? { name } : {}), type: typeWithValues(schema), ...(required ? { required } : {}) };
    describe(row, schema.description);
    expand(schema, row);
    return row;
  }

  function describe(row: SchemaNode, description: string | undefined): void {
    if (description && !row.description) row.description = description;
  }

  function expand(schema: JsonSchema, row: SchemaNode): void {
    if (schema.$ref) {
      const name = refName(schema.$ref);
      const target = definitionOf(schema.$ref, definitions);
      const anchor = anchors.get(name);
      if (target && isSimple(target)) {
        // A named scalar is written in place with its type: a link would say less than the type does.
        row.type = `${row.type} (${typeWithValues(target)})`;
        describe(row, target.description);
      } else if (anchor !== undefined) row.link = { schema: name, href: `#${anchor}` };
      else if (rows >= budget && options.modelHref) row.link = { schema: name, href: options.modelHref(name) };
      else if (target) {
        row.anchor = anchorFor(name, used);
        anchors.set(name, row.anchor);
        describe(row, target.description);
        expand(target, row);
      }
      return;
    }
    if (schema.type === "array" && schema.items) {
      expand(schema.items, row);
      return;
    }
    if (schema.properties) {
      row.fields = Object.entries(schema.properties).map(([key, property]) => node(property, key, schema.required?.includes(key)));
    }
    if (typeof schema.additionalProperties === "object") {
      row.fields = [...(row.fields ?? []), { ...node(schema.additionalProperties), additional: true }];
    }
    const kind = (["oneOf", "anyOf", "allOf"] as const).find((candidate) => schema[candidate]);
    if (kind) {
      row.variants = {
        kind,
        ...(schema.discriminator ? { discriminator: schema.discriminator.propertyName } : {}),
        options: schema[kind]!.map((variant) => node(variant)),
      };
    }
  }

  return roots.map((root) => node(root));
}
