import type { Language } from "~/modules/i18n/language";
import type { DocSetId } from "~/modules/registry/registry";
import { docLabel } from "./doc-labels";
import { docSetPages, writtenPagePaths } from "./doc-pages";
import { dashboardLink, type DashboardLinks } from "~/modules/content/dashboard-links";
import { highlightCode, renderMarkdownParts, type MarkdownPart } from "~/modules/content/markdown.server";
import { dataApiBaseUrl } from "~/modules/data-api/client.server";
import { fixedT } from "~/modules/i18n/i18n.server";
import { writtenPageContent } from "./page-content.server";
import {
  downloadsPageOf,
  hasPostmanPage,
  isRSectionPage,
  postmanCollectionPage,
  postmanDownloadPath,
  sdkOfType,
  summarisePostmanCollection,
  type PostmanCollectionSummary,
  type SdkEntry,
} from "./exports/download-pages";
import type { DownloadListing } from "./exports/downloads";
import { getDownloadListing } from "./exports/downloads.server";
import { getDocSetData, modelIn, type LoadedDocSet } from "./routing-data.server";
import type { BuilderForm } from "./query-builder";
import { operationBuilderForm } from "./query-builder.server";
import { requestSamples, sampleLanguages } from "./samples";
import { fieldsOf, schemaTrees, schemaType, treeDescriptions, typeWithValues, type SchemaField, type SchemaNode } from "./schema-tree";
import { exampleFromSchema, findOperation, operationsOfTag, type ApiModel, type ApiOperation, type Label } from "./spec-model";

export { schemaType, type SchemaField };

export type DocPage =
  /** contentLanguage: the language the page is written in, English when it is not translated yet. */
  /** parts: the page's HTML, with its samples in several languages apart, shown as tabs. */
  | { kind: "markdown"; title: string; parts: MarkdownPart[]; contentLanguage: Language }
  | { kind: "empty"; title: Label }
  | {
      kind: "tag";
      title: Label;
      description: string;
      operations: { method: string; path: string; summary: string; href: string }[];
      /** As an operation page's englishTexts. */
      englishTexts: string[];
    }
  | {
      kind: "operation";
      title: string;
      tag: Label;
      method: string;
      path: string;
      description: string;
      parameters: (SchemaField & { in: string })[];
      /** The request body per media type, each with its schema's tree. */
      requestBody: { description: string; required: boolean; mediaTypes: { mediaType: string; tree: SchemaNode | null }[] } | null;
      /** exampleHtml: a successful response's example (the spec's own, else one built from its schema). */
      responses: { status: string; description: string; schema: string | null; tree: SchemaNode | null; exampleHtml: string | null }[];
      /** A webhook: the API sends it to the subscriber's URL, so the page has no query builder (see samples.ts). */
      webhook: boolean;
      samplesHtml: { language: string; html: string }[];
      /** What the samples' note says: they carry this session's key, need the reader's key or session token, or nothing. */
      samplesNote: "with-key" | "key" | "session" | "none";
      /** Where the note sends a reader for a key: token management, through sign-in for a reader signed out. */
      tokensHref: string;
      builder: BuilderForm;
      /** The texts of this page a Chinese reader gets in English, untranslated: the page marks them. */
      englishTexts: string[];
    }
  | {
      kind: "models";
      title: Label;
      models: { name: string; description: string; type: string; fields: SchemaField[] }[];
      /** As an operation page's englishTexts. */
      englishTexts: string[];
    }
  | {
      kind: "responses";
      title: Label;
      statuses: { status: string; description: string; operations: number }[];
      errorHtml: string | null;
      /** As an operation page's englishTexts. */
      englishTexts: string[];
    }
  | ({ kind: "postman"; title: Label; download: string } & PostmanCollectionSummary)
  | { kind: "redirect"; to: string }
  | { kind: "not-found" };

/** An operation's parameters as the reference lists them (the HTML page and its markdown). */
export function parameterFields(operation: ApiOperation): (SchemaField & { in: string })[] {
  return operation.parameters.map((parameter) => ({
    name: parameter.name,
    in: parameter.in,
    type: typeWithValues(parameter.schema),
    required: parameter.required,
    description: parameter.description,
  }));
}

/** Highlights the raw sample, never through a markdown fence that a spec path or host could close. */
export async function codeHtml(language: string, code: string): Promise<string> {
  return highlightCode(code, language === "curl" ? "bash" : language);
}

/**
 * Beyond this a sample or example is shown as plain text: highlighting costs a few milliseconds per kilobyte, and
 * a webhook's payload in five languages (GitHub's reach 70 kB each) would cost a page a second.
 */
const highlightedCharacters = 12_000;

/** A sample or example as a code block, highlighted unless it is long or the reader wants none. */
async function codeBlockHtml(language: string, code: string, highlight: boolean): Promise<string> {
  return codeHtml(!highlight || code.length > highlightedCharacters ? "text" : language, code);
}

async function exampleHtml(value: unknown, highlight: boolean): Promise<string> {
  return codeBlockHtml("json", JSON.stringify(value, null, 2) ?? "null", highlight);
}

/**
 * Who reads a resolved page: the key its samples show (an operation page), where its dashboard links go, and
 * whether its code is highlighted (the markdown of a page reads none of its HTML, and highlighting costs a few
 * milliseconds per kilobyte of code).
 */
export interface PageReader {
  sampleKey?: SampleKey;
  dashboardLinks?: DashboardLinks;
  highlight?: boolean;
}

/**
 * The trees of an operation's request bodies and responses, sharing what they write out (each named schema once
 * per page); named schemas past the page's budget link to the models page.
 */
function operationTrees(model: ApiModel, operation: ApiOperation, modelHref: ((name: string) => string) | null) {
  const bodies = operation.requestBodies.map((body) => body.schema);
  const responses = operation.responses.map((response) => response.schema);
  const roots = [...bodies, ...responses].filter((schema) => schema !== null);
  const trees = schemaTrees(roots, model.definitions, { modelHref });
  let next = 0;
  const treeOf = (schema: unknown) => (schema === null ? null : (trees[next++] ?? null));
  return { bodies: bodies.map(treeOf), responses: responses.map(treeOf) };
}

/** English pages are the unprefixed canonical URLs; other languages keep their prefix in links. */
function linkLanguage(language: Language): Language | null {
  return language === "en" ? null : language;
}

function lastSlug(page: string): string {
  return page ? page.slice(page.lastIndexOf("/") + 1) : "overview";
}

/** The key this browser holds for a set (see query-builder.server.ts), or null: the samples show a placeholder. */
export type SampleKey = () => Promise<string | null>;

/** Which of a page's spec texts a reader in `language` gets in English, untranslated. */
function englishTextsOf(loaded: LoadedDocSet, language: Language, texts: string[]): string[] {
  return language === "zh" ? texts.filter((text) => loaded.zh.englishTexts.has(text)) : [];
}

function operationTexts(operation: ApiOperation): string[] {
  return [
    operation.summary,
    operation.description,
    ...operation.parameters.map((parameter) => parameter.description),
    ...operation.requestBodies.map((body) => body.description),
    ...operation.responses.map((response) => response.description),
  ];
}

/**
 * An operation page: its reference, its samples against the base URL in force (with this browser's key, except
 * fund flows', whose calls carry a session token) and its query builder.
 */
async function operationPage(
  set: DocSetId,
  root: string,
  tagName: string,
  operationPath: string,
  method: string,
  language: Language,
  { sampleKey = async () => null, dashboardLinks = "direct", highlight = true }: PageReader,
): Promise<DocPage> {
  const loaded = await getDocSetData(set);
  const model = modelIn(loaded, language);
  const operation = findOperation(model, operationPath, method);
  const tag = model.tags.find((candidate) => candidate.name === tagName);
  if (!operation || !tag || !operation.tags.includes(tagName)) return { kind: "not-found" };
  const builder = operationBuilderForm(set, model, operation);
  const key = builder.credentials === "api-key" || builder.credentials === "trial-key" ? await sampleKey() : null;
  const samples = requestSamples(model, operation, key ?? undefined, dataApiBaseUrl(set));
  const modelsPage = docSetPages[set].apiDocumentation.models;
  const trees = operationTrees(model, operation, modelsPage ? (name) => `${root}/${modelsPage}#model-${encodeURIComponent(name)}` : null);
  const [firstBody] = operation.requestBodies;
  return {
    kind: "operation",
    title: operation.summary || `${operation.method.toUpperCase()} ${operation.path}`,
    tag: tag.label,
    method: operation.method.toUpperCase(),
    path: operation.path,
    description: operation.description,
    parameters: parameterFields(operation),
    requestBody: firstBody
      ? {
          description: firstBody.description,
          required: firstBody.required,
          mediaTypes: operation.requestBodies.map((body, index) => ({ mediaType: body.mediaType, tree: trees.bodies[index] ?? null })),
        }
      : null,
    responses: await Promise.all(
      operation.responses.map(async (response, index) => {
        const example = response.example ?? (response.schema ? exampleFromSchema(response.schema, model.definitions) : undefined);
        return {
          status: response.status,
          description: response.description,
          schema: response.schema ? schemaType(response.schema) : null,
          tree: trees.responses[index] ?? null,
          exampleHtml: example !== undefined && response.status.startsWith("2") ? await exampleHtml(example, highlight) : null,
        };
      }),
    ),
    samplesHtml: await Promise.all(
      sampleLanguages.map(async (language) => ({ language, html: await codeBlockHtml(language, samples[language], highlight) })),
    ),
    samplesNote:
      key !== null ? "with-key" : builder.credentials === "session" ? "session" : builder.credentials === "none" ? "none" : "key",
    tokensHref: dashboardLink("/dashboard/token-management", dashboardLinks),
    builder,
    webhook: operation.webhook,
    englishTexts: englishTextsOf(loaded, language, [
      ...operationTexts(operation),
      ...[...trees.bodies, ...trees.responses].flatMap((tree) => (tree ? treeDescriptions(tree) : [])),
    ]),
  };
}

/**
 * What a docs URL shows: a written page, a generated page (tag, operation, models, responses, Postman collection),
 * a redirect for docs?path=&method=, an honest empty state for routed pages without content, or not-found.
 * A written page links into the dashboard directly, or through sign-in for a reader who is signed out.
 */
export async function resolveDocPage(
  set: DocSetId,
  root: string,
  page: string,
  search: URLSearchParams,
  language: Language,
  reader: PageReader = {},
): Promise<DocPage> {
  const dashboardLinks = reader.dashboardLinks ?? "direct";
  const loaded = await getDocSetData(set);
  const model = modelIn(loaded, language);
  const pages = docSetPages[set];
  const operationPath = search.get("path");
  const method = search.get("method");

  if (page === "docs" && operationPath && method) {
    const operation = findOperation(model, operationPath, method);
    const tag = model.tags.find((candidate) => operation?.tags.includes(candidate.name));
    if (!operation || !tag) return { kind: "not-found" };
    // The builder's values a link gave (query.{name}, path.{name}) come along.
    const given = [...search].filter(([name]) => name !== "path" && name !== "method");
    const rest = given.length > 0 ? `&${new URLSearchParams(given).toString()}` : "";
    return { kind: "redirect", to: `${root}/docs/${tag.slug}?path=${encodeURIComponent(operationPath)}&method=${operation.method}${rest}` };
  }
  if (page === pages.apiDocumentation.models) {
    const models = Object.entries(model.definitions).map(([name, schema]) => ({
      name,
      description: schema.description ?? "",
      type: schemaType(schema),
      fields: fieldsOf(schema, model.definitions),
    }));
    const texts = models.flatMap((entry) => [entry.description, ...entry.fields.map((field) => field.description)]);
    return { kind: "models", title: docLabel("models"), models, englishTexts: englishTextsOf(loaded, language, texts) };
  }
  if (page === pages.apiDocumentation.responses) {
    const statuses = new Map<string, { description: string; operations: number }>();
    for (const response of model.operations.flatMap((operation) => operation.responses)) {
      const entry = statuses.get(response.status) ?? { description: response.description, operations: 0 };
      statuses.set(response.status, { ...entry, operations: entry.operations + 1 });
    }
    const error = model.definitions.Error;
    return {
      kind: "responses",
      title: docLabel("responses"),
      statuses: [...statuses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, entry]) => ({ status, ...entry })),
      errorHtml: error ? await exampleHtml(exampleFromSchema(error, model.definitions), reader.highlight ?? true) : null,
      englishTexts: englishTextsOf(
        loaded,
        language,
        [...statuses.values()].map((entry) => entry.description),
      ),
    };
  }
  const tagMatch = /^docs\/([^/]+)$/.exec(page);
  const tag = tagMatch ? model.tags.find((candidate) => candidate.slug === tagMatch[1]) : undefined;
  if (tag && !writtenPagePaths(set).includes(page)) {
    if (operationPath || method) return operationPage(set, root, tag.name, operationPath ?? "", method ?? "", language, reader);
    const operations = operationsOfTag(model, tag.name).map((operation) => ({
      method: operation.method.toUpperCase(),
      path: operation.path,
      summary: operation.summary,
      href: `${root}/${page}?path=${encodeURIComponent(operation.path)}&method=${operation.method}`,
    }));
    const texts = [tag.description, ...operations.map((operation) => operation.summary)];
    return {
      kind: "tag",
      title: tag.label,
      description: tag.description,
      operations,
      englishTexts: englishTextsOf(loaded, language, texts),
    };
  }
  if (page === postmanCollectionPage && hasPostmanPage(set)) {
    const download = postmanDownloadPath(set, await getDownloadListing(set));
    return { kind: "postman", title: docLabel(postmanCollectionPage), download, ...summarisePostmanCollection(model) };
  }
  const written = await writtenPageContent(set, page, language);
  if (written) {
    const outputCaption = (await fixedT(language))("docs.output");
    const rendered = await renderMarkdownParts(written.content, { linkLanguage: linkLanguage(language), outputCaption, dashboardLinks });
    return { kind: "markdown", ...rendered, contentLanguage: written.language };
  }
  if (!writtenPagePaths(set).includes(page)) return { kind: "not-found" };
  return { kind: "empty", title: docLabel(lastSlug(page)) };
}

/** Shown beside a page's content: the set's downloads on its downloads page, the R client on its R pages. */
export async function pageDownloads(set: DocSetId, page: string): Promise<{ downloads?: DownloadListing; rClient?: SdkEntry }> {
  if (page === downloadsPageOf(set)) return { downloads: await getDownloadListing(set) };
  if (!isRSectionPage(set, page)) return {};
  const rClient = sdkOfType(await getDownloadListing(set), "r");
  return rClient ? { rClient } : {};
}
