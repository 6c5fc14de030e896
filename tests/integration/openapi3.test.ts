import { createRequire } from "node:module";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { beforeAll, describe, expect, it } from "vitest";
import type { DocPage } from "~/modules/docs/doc-page.server";
import type { LoadedDocSet } from "~/modules/docs/routing-data.server";
import type { SchemaNode } from "~/modules/docs/schema-tree";
import type { ApiModel, ApiOperation } from "~/modules/docs/spec-model";

/**
 * OpenAPI 3 specifications served as documentation sets through DOCS_SPEC_SOURCES, as an operator would: GitHub's
 * REST API (OpenAPI 3.0.3, over 1,000 operations and 270 webhooks, 13 MB, deeply nested recursive schemas) as the
 * deal watch set, and a compact OpenAPI 3.1 one (tests/fixtures/openapi) as the real estate set.
 */
const require = createRequire(import.meta.url);
const githubSpec = require.resolve("@octokit/openapi/generated/api.github.com.json");
const shipmentsSpec = path.resolve("tests/fixtures/openapi/shipments-3.1.json");
process.env.DOCS_SPEC_SOURCES = JSON.stringify({ dealwatch: githubSpec, "real-estate": shipmentsSpec });

const modules = async () => ({
  routing: await import("~/modules/docs/routing-data.server"),
  pages: await import("~/modules/docs/doc-page.server"),
  llms: await import("~/modules/docs/llms.server"),
  downloads: await import("~/modules/docs/exports/downloads"),
  samples: await import("~/modules/docs/samples"),
});
let loaded: Awaited<ReturnType<typeof modules>>;

const githubRoot = "/docs/corp/dealwatch";
const shipmentsRoot = "/docs/estate/api-v1";

function operationSearch(operation: ApiOperation): URLSearchParams {
  return new URLSearchParams({ path: operation.path, method: operation.method });
}

function tagSlugOf(model: ApiModel, operation: ApiOperation): string {
  return model.tags.find((tag) => tag.name === operation.tags[0])!.slug;
}

async function operationPage(set: "dealwatch" | "real-estate", root: string, model: ApiModel, operation: ApiOperation) {
  const page = await loaded.pages.resolveDocPage(set, root, `docs/${tagSlugOf(model, operation)}`, operationSearch(operation), "en");
  if (page.kind !== "operation") throw new Error(`${operation.method} ${operation.path} is a ${page.kind} page`);
  return page;
}

function rows(node: SchemaNode): SchemaNode[] {
  return [node, ...(node.fields ?? []).flatMap(rows), ...(node.variants?.options ?? []).flatMap(rows)];
}

beforeAll(async () => {
  loaded = await modules();
});

// The documentation engine reads no database: GitHub's 13 MB spec is read and rendered in the SQLite run only.
describe.skipIf(process.env.DATABASE_URL !== undefined)("GitHub's REST API (OpenAPI 3.0.3)", () => {
  let github: LoadedDocSet;

  beforeAll(async () => {
    const started = performance.now();
    github = await loaded.routing.getDocSetData("dealwatch");
    const elapsed = performance.now() - started;
    // Read, parsed, normalised and its routes and menu built; printed for the record (the machine's load varies).
    console.log(`GitHub's spec: routing data built in ${Math.round(elapsed)} ms (${github.model.operations.length} operations)`);
  }, 60_000);

  it("reads every operation and webhook, its tags, servers and components", () => {
    const { model, routing } = github;
    const webhooks = model.operations.filter((operation) => operation.webhook);
    expect(model.operations.length - webhooks.length).toBeGreaterThan(1_000);
    expect(webhooks.length).toBeGreaterThan(200);
    expect(model.tags.at(-1)).toMatchObject({ name: "Webhooks", slug: "webhooks" });
    expect(Object.keys(model.definitions).length).toBeGreaterThan(900);
    expect(github.specBaseUrl).toBe("https://api.github.com");
    // GitHub declares no security requirement: every call may be made without credentials.
    expect(model.operations.every((operation) => operation.open)).toBe(true);
    for (const tag of model.tags) expect(routing.routes).toContain(`${githubRoot}/docs/${tag.slug}`);
    const create = model.operations.find((operation) => operation.id === "issues/create")!;
    expect(create.requestBodies.map((body) => body.mediaType)).toEqual(["application/json"]);
    expect(create.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(["path:owner", "path:repo", "body:body"]);
  });

  it("renders every operation page and its markdown without throwing", async () => {
    const { model } = github;
    const started = performance.now();
    let slowest = { ms: 0, page: "" };
    let largestTree = 0;
    for (const operation of model.operations) {
      const pageStarted = performance.now();
      const page = await operationPage("dealwatch", githubRoot, model, operation);
      const ms = performance.now() - pageStarted;
      if (ms > slowest.ms) slowest = { ms, page: `${operation.method.toUpperCase()} ${operation.path}` };
      const trees = [...page.responses.map((response) => response.tree), ...(page.requestBody?.mediaTypes.map((body) => body.tree) ?? [])];
      largestTree = Math.max(largestTree, trees.flatMap((tree) => (tree ? rows(tree) : [])).length);
      expect(page.samplesHtml).toHaveLength(5);
      const markdown = await loaded.llms.docPageMarkdown(
        { prefix: null, vendor: "corp", slug: "dealwatch", page: `docs/${tagSlugOf(model, operation)}` },
        operationSearch(operation),
      );
      expect(markdown.status).toBe(200);
    }
    const elapsed = performance.now() - started;
    console.log(
      `GitHub's spec: ${model.operations.length} operation pages and their markdown in ${Math.round(elapsed)} ms; ` +
        `slowest page ${Math.round(slowest.ms)} ms (${slowest.page}); largest schema tree ${largestTree} rows`,
    );
  }, 180_000);

  it("writes a recursive schema out once and links back to it", async () => {
    const { model } = github;
    const operation = model.operations.find((candidate) => candidate.id === "repos/get")!;
    const page = await operationPage("dealwatch", githubRoot, model, operation);
    const tree = rows(page.responses.find((response) => response.status === "200")!.tree!);
    const anchors = tree.flatMap((row) => (row.anchor ? [row.anchor] : []));
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors).toContain("schema-full-repository");
    const links = tree.flatMap((row) => (row.link ? [row.link.href] : []));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links.filter((href) => href.startsWith("#"))) expect(anchors).toContain(link.slice(1));
  });

  it("documents a webhook without a call: its payload, and samples that post to the reader's own endpoint", async () => {
    const { model } = github;
    const webhook = model.operations.find((operation) => operation.id === "issues/opened")!;
    const page: DocPage = await operationPage("dealwatch", githubRoot, model, webhook);
    expect(page).toMatchObject({ webhook: true, tag: { en: "Webhooks" }, samplesNote: "none" });
    const curl = loaded.samples.requestSamples(model, webhook).curl;
    expect(curl).toContain(`curl -X POST "${loaded.samples.WEBHOOK_ENDPOINT}"`);
    expect(curl).toContain('-H "X-Github-Event: issues"');
    expect(curl).not.toContain("data-api");
  });

  it("exports samples, a Postman collection, the OpenAPI document and clients from the same model", () => {
    const { model, routing } = github;
    for (const operation of model.operations) expect(Object.keys(loaded.samples.requestSamples(model, operation))).toHaveLength(5);
    const spec = { model, spec: routing.swaggerSpec };
    const postman = JSON.parse(loaded.downloads.resolveDownload("dealwatch", "postman-collection.json", spec)!.body) as {
      item: { name: string; item: unknown[] }[];
    };
    expect(postman.item.flatMap((folder) => folder.item)).toHaveLength(model.operations.filter((operation) => !operation.webhook).length);
    expect(postman.item.map((folder) => folder.name)).not.toContain("Webhooks");
    const openapi = loaded.downloads.resolveDownload("dealwatch", "openapi.json", spec)!;
    expect(JSON.parse(openapi.body)).toEqual(routing.swaggerSpec);
    const client = loaded.downloads.resolveDownload("dealwatch", "dealwatch_client.py", spec)!;
    expect(client.body).toContain("def repos_get(self, owner, repo, query=None):");
    expect(client.body).not.toContain("def issues_opened");
  });
});

describe("an OpenAPI 3.1 specification", () => {
  let shipments: LoadedDocSet;

  beforeAll(async () => {
    shipments = await loaded.routing.getDocSetData("real-estate");
  });

  it("is valid OpenAPI 3.1 and reads into the model", async () => {
    await expect(SwaggerParser.validate(shipmentsSpec)).resolves.toMatchObject({ openapi: "3.1.0" });
    expect(shipments.specBaseUrl).toBe("https://eu.shipments.example.com/v2");
    expect(shipments.model.tags.map((tag) => tag.slug)).toEqual(["shipments", "locations", "auth", "webhooks"]);
  });

  it("renders every operation page and its markdown, the models page and the tag pages", async () => {
    const { model } = shipments;
    for (const operation of model.operations) {
      const page = await operationPage("real-estate", shipmentsRoot, model, operation);
      expect(page.title).not.toBe("");
      const markdown = await loaded.llms.docPageMarkdown(
        { prefix: "zh", vendor: "estate", slug: "api-v1", page: `docs/${tagSlugOf(model, operation)}` },
        operationSearch(operation),
      );
      expect(markdown.status).toBe(200);
    }
    const models = await loaded.pages.resolveDocPage("real-estate", shipmentsRoot, "models", new URLSearchParams(), "en");
    expect(models).toMatchObject({ kind: "models" });
    if (models.kind !== "models") return;
    expect(models.models.find((entry) => entry.name === "Carrier")).toMatchObject({ type: "one of (RoadCarrier, AirCarrier)", fields: [] });
    // Shipment is allOf NewShipment and its own fields: the models page lists both.
    expect(models.models.find((entry) => entry.name === "Shipment")?.fields.map((field) => field.name)).toEqual([
      "reference",
      "parcels",
      "from",
      "to",
      "id",
      "status",
      "delivered_at",
      "route",
      "carrier",
    ]);
  });

  it("shows a location's recursive parent and children as links to the location written out above", async () => {
    const { model } = shipments;
    const page = await operationPage(
      "real-estate",
      shipmentsRoot,
      model,
      model.operations.find((operation) => operation.id === "getLocation")!,
    );
    const tree = page.responses[0]!.tree!;
    expect(tree).toMatchObject({ type: "Location", anchor: "schema-Location" });
    const location = { schema: "Location", href: "#schema-Location" };
    expect(tree.fields?.find((field) => field.name === "parent")).toMatchObject({ type: "Location or null", link: location });
    expect(tree.fields?.find((field) => field.name === "children")).toMatchObject({ type: "array of Location", link: location });
  });

  it("offers no query builder for a webhook and answers its page's form with nothing to call", async () => {
    const { operationFormAt } = await import("~/modules/docs/query-builder.server");
    const webhook = shipments.model.operations.find((operation) => operation.webhook)!;
    expect(await operationFormAt("real-estate", "docs/webhooks", operationSearch(webhook))).toBeNull();
    const page = await operationPage("real-estate", shipmentsRoot, shipments.model, webhook);
    expect(page.requestBody?.mediaTypes[0]?.tree).toMatchObject({ type: "ShipmentEvent", anchor: "schema-ShipmentEvent" });
  });
});
