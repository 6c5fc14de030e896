import { describe, expect, it } from "vitest";
import { fieldsOf, schemaTrees, schemaType, treeDescriptions, typeWithValues, type SchemaNode } from "./schema-tree";
import type { JsonSchema } from "./spec-model";

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const definitions: Record<string, JsonSchema> = {
  Category: {
    type: "object",
    description: "A node of the category tree",
    required: ["name"],
    properties: {
      name: { type: "string" },
      parent: { ...ref("Category"), nullable: true },
      children: { type: "array", items: ref("Category") },
    },
  },
  Id: { type: "integer", format: "int64", description: "An id" },
  Status: { type: "string", enum: ["open", "closed"] },
  Cat: { type: "object", properties: { id: ref("Id"), lives: { type: "integer" } } },
  Dog: { type: "object", properties: { id: ref("Id"), status: ref("Status") } },
  Pet: { oneOf: [ref("Cat"), ref("Dog")], discriminator: { propertyName: "kind" } },
  Named: { allOf: [ref("Cat"), { properties: { name: { type: "string" }, lives: { type: "number" } } }] },
  Loop: { allOf: [ref("Loop"), { properties: { depth: { type: "integer" } } }] },
};

describe("schemaType", () => {
  it("writes a type in words", () => {
    expect(schemaType({ type: "integer", format: "int64" })).toBe("integer (int64)");
    expect(schemaType(ref("Category"))).toBe("Category");
    expect(schemaType({ type: "array", items: { type: "string", nullable: true } })).toBe("array of (string or null)");
    expect(schemaType({ type: "array" })).toBe("array of any");
    expect(schemaType({ ...ref("Pet"), nullable: true })).toBe("Pet or null");
    expect(schemaType({ oneOf: [ref("Cat"), { type: "string", title: "Name" }] })).toBe("one of (Cat, Name)");
    expect(schemaType({ anyOf: [1, 2, 3, 4, 5].map(() => ({ type: "string" })) })).toBe("any of (string, string, string, string, …)");
    expect(schemaType({ allOf: [ref("Cat"), ref("Dog")] })).toBe("all of (Cat, Dog)");
    expect(schemaType({ type: "null", nullable: true })).toBe("null");
    expect(schemaType({})).toBe("object");
    expect(schemaType({ enum: ["road"] })).toBe("string");
    expect(schemaType({ enum: [1, 2.5, null] })).toBe("number");
  });

  it("adds the allowed values", () => {
    expect(typeWithValues({ type: "string", enum: ["json", "xml", null] })).toBe("string: json, xml, null");
  });
});

describe("fieldsOf", () => {
  it("lists an allOf's parts' fields, a later part's type winning, and stops at a cycle", () => {
    expect(fieldsOf(definitions.Named!, definitions).map((field) => `${field.name}: ${field.type}`)).toEqual([
      "id: Id",
      "lives: number",
      "name: string",
    ]);
    expect(fieldsOf(definitions.Loop!, definitions).map((field) => field.name)).toEqual(["depth"]);
  });
});

function rows(node: SchemaNode): SchemaNode[] {
  return [node, ...(node.fields ?? []).flatMap(rows), ...(node.variants?.options ?? []).flatMap(rows)];
}

const modelHref = (name: string) => `/docs/x/models#model-${name}`;

describe("schemaTrees", () => {
  it("writes a recursive schema out once, its cycles as links to its anchor", () => {
    const [tree] = schemaTrees([ref("Category")], definitions, { modelHref });
    expect(tree).toMatchObject({ type: "Category", anchor: "schema-Category", description: "A node of the category tree" });
    expect(tree?.fields).toEqual([
      { name: "name", type: "string", required: true },
      { name: "parent", type: "Category or null", link: { schema: "Category", href: "#schema-Category" } },
      { name: "children", type: "array of Category", link: { schema: "Category", href: "#schema-Category" } },
    ]);
  });

  it("shares what it writes out between the trees of one page", () => {
    const [first, second] = schemaTrees([ref("Cat"), { type: "array", items: ref("Cat") }], definitions, { modelHref });
    expect(first?.anchor).toBe("schema-Cat");
    expect(second).toMatchObject({ type: "array of Cat", link: { schema: "Cat", href: "#schema-Cat" } });
  });

  it("writes a named scalar in place with its type and values", () => {
    const [tree] = schemaTrees([ref("Dog")], definitions, { modelHref });
    expect(tree?.fields).toEqual([
      { name: "id", type: "Id (integer (int64))", description: "An id" },
      { name: "status", type: "Status (string: open, closed)" },
    ]);
  });

  it("lists the variants of a oneOf with the property that tells them apart", () => {
    const [tree] = schemaTrees([ref("Pet")], definitions, { modelHref });
    expect(tree?.variants).toMatchObject({ kind: "oneOf", discriminator: "kind", options: [{ type: "Cat" }, { type: "Dog" }] });
  });

  it("writes a map's values as other properties", () => {
    const [tree] = schemaTrees([{ type: "object", additionalProperties: { type: "integer" } }], definitions, { modelHref });
    expect(tree?.fields).toEqual([{ type: "integer", additional: true }]);
  });

  it("links named schemas to the models page once the page's budget is spent, and ids stay unique", () => {
    const trees = schemaTrees([ref("Cat"), ref("Dog"), ref("Category")], definitions, { modelHref, budget: 3 });
    expect(trees.map((tree) => tree.anchor ?? tree.link?.href)).toEqual([
      "schema-Cat",
      "/docs/x/models#model-Dog",
      "/docs/x/models#model-Category",
    ]);
    const object: JsonSchema = { type: "object", properties: { id: { type: "string" } } };
    const odd = schemaTrees(
      [{ $ref: "#/components/schemas/a b" }, { $ref: "#/components/schemas/a-b" }],
      { "a b": object, "a-b": object },
      { modelHref },
    );
    expect(odd.map((tree) => tree.anchor)).toEqual(["schema-a-b", "schema-a-b-2"]);
  });

  it("stays finite on GitHub-sized webs of references", () => {
    const web: Record<string, JsonSchema> = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [
        `S${index}`,
        { type: "object", properties: Object.fromEntries(Array.from({ length: 60 }, (_, other) => [`p${other}`, ref(`S${other}`)])) },
      ]),
    );
    const [tree] = schemaTrees([ref("S0")], web, { modelHref: null });
    expect(rows(tree!).length).toBeLessThan(60 * 61 + 1);
  });
});

describe("treeDescriptions", () => {
  it("collects the descriptions a tree shows: its own, its fields' and its variants'", () => {
    const [category, pet] = schemaTrees(
      [ref("Category"), ref("Pet")],
      { ...definitions, Dog: { ...definitions.Dog!, description: "A dog" } },
      { modelHref },
    );
    expect(treeDescriptions(category!)).toEqual(["A node of the category tree"]);
    expect(treeDescriptions(pet!)).toEqual(["An id", "A dog", "An id"]);
  });
});
