import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { SchemaNode } from "~/modules/data-api/contract";
import { schemaProblem } from "~/modules/data-api/schema-check";
import { docSets } from "~/modules/registry/registry";

const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch"];

const operationSchema = z.object({
  operationId: z.string().min(1),
  summary: z.string().min(1),
  description: z.string().min(1),
  tags: z.array(z.string()).min(1),
  responses: z.record(z.string(), z.object({ schema: z.unknown().optional() })),
});

const specSchema = z.object({
  swagger: z.literal("2.0"),
  tags: z.array(z.object({ name: z.string().min(1), "x-label": z.object({ en: z.string().min(1), zh: z.string().min(1) }) })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const specPath = (id: string) => fileURLToPath(new URL(`../../../content/specs/${id}.json`, import.meta.url));

/**
 * Every example a spec gives, at every level, with the schema it illustrates and where it is: a schema's or a
 * parameter's `example` (`x-example`), and a response's `examples` by media type.
 */
function examplesOf(node: unknown, at: string): { at: string; schema: SchemaNode; example: unknown }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => examplesOf(item, `${at}/${index}`));
  if (typeof node !== "object" || node === null) return [];
  const { example, "x-example": parameterExample, examples, ...rest } = node as Record<string, unknown>;
  const own = [example, parameterExample].filter((value) => value !== undefined).map((value) => ({ at, schema: rest, example: value }));
  const byMediaType =
    typeof examples === "object" && examples !== null && typeof rest.schema === "object"
      ? Object.entries(examples).map(([mediaType, value]) => ({
          at: `${at}/examples/${mediaType}`,
          schema: rest.schema as SchemaNode,
          example: value,
        }))
      : [];
  // A schema's properties are named schemas: a property called "example" is not an example.
  const properties = typeof rest.properties === "object" && rest.properties !== null ? rest.properties : {};
  const inner = Object.entries({ ...rest, properties: undefined }).flatMap(([key, value]) => examplesOf(value, `${at}/${key}`));
  const named = Object.entries(properties).flatMap(([name, value]) => examplesOf(value, `${at}/properties/${name}`));
  return [...own, ...byMediaType, ...inner, ...named];
}

function readOperations(id: string) {
  const spec = specSchema.parse(JSON.parse(readFileSync(specPath(id), "utf8")));
  const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.includes(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, ...operationSchema.parse(operation) })),
  );
  return { tags: spec.tags.map((tag) => tag.name), operations };
}

describe.each(docSets.map((docSet) => docSet.id))("the %s specification", (id) => {
  it("is valid Swagger 2.0 whose $refs all resolve", async () => {
    await expect(SwaggerParser.validate(specPath(id))).resolves.toMatchObject({ swagger: "2.0" });
  });

  it("declares every tag it uses, with English and Chinese labels", () => {
    const { tags, operations } = readOperations(id);
    expect(operations.length).toBeGreaterThan(0);
    const used = new Set(operations.flatMap((operation) => operation.tags));
    expect([...used].filter((tag) => !tags.includes(tag))).toEqual([]);
  });

  it("gives every operation a unique id and a successful response with a schema", () => {
    const { operations } = readOperations(id);
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      const successes = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      const onlyNoContent = successes.length > 0 && successes.every(([status]) => status === "204");
      const withSchema = successes.filter(([, response]) => response.schema !== undefined);
      expect(onlyNoContent || withSchema.length > 0, `${operation.name} has no 2xx response with a schema`).toBe(true);
    }
  });

  it("gives examples, at every level, that the served API's checks accept [security3-item6]", () => {
    const spec = JSON.parse(readFileSync(specPath(id), "utf8")) as { definitions?: Record<string, SchemaNode> };
    const examples = examplesOf(spec, "#");
    expect(examples.length).toBeGreaterThan(0);
    const problems = examples.flatMap(({ at, schema, example }) => {
      const problem = schemaProblem(schema, example, at, spec.definitions ?? {});
      return problem ? [problem] : [];
    });
    expect(problems).toEqual([]);
  });
});
