import type { Language } from "~/modules/i18n/language";
import { docSetPath, docSets, getDocSet, type DocSetId } from "~/modules/registry/registry";
import { docLabel } from "./doc-labels";
import { docSetPages, isCodeLanguage, writtenPagePaths } from "./doc-pages";
import { writtenPageContent } from "./page-content.server";
import { getDocSetData, modelIn, SpecUnavailableError, type LoadedDocSet } from "./routing-data.server";
import {
  buildSearchIndex,
  markdownToText,
  resultsPerPage,
  searchIndex,
  searchPageParams,
  type SearchDocument,
  type SearchIndex,
  type SearchQuery,
  type SearchResponse,
} from "./search";
import { operationsOfTag, type ApiModel, type Label } from "./spec-model";

/** The menu section a written page sits in. */
function pageSection(set: DocSetId, page: string): Label {
  const [first = ""] = page.split("/");
  if (page === "") return docLabel("overview");
  if (first === "getting-started") return docLabel("getting-started");
  if (Object.hasOwn(docSetPages[set].languages, first)) return docLabel(first);
  if (page === docSetPages[set].apiDocumentation.quickExamples) return docLabel("api-documentation");
  return docLabel(page);
}

/**
 * A page of a language's guides (`python/full-guide`, `php/quick-examples/get-100-series-1`): the guide its
 * language copies share and this copy's language.
 */
function languageCopy(set: DocSetId, page: string): SearchDocument["copy"] {
  const [language = "", ...rest] = page.split("/");
  return isCodeLanguage(language) && Object.hasOwn(docSetPages[set].languages, language) ? { of: rest.join("/"), language } : undefined;
}

async function pageDocuments(set: DocSetId, root: string, language: Language): Promise<SearchDocument[]> {
  const { models, responses } = docSetPages[set].apiDocumentation;
  const pages = writtenPagePaths(set).filter((page) => page !== models && page !== responses);
  const contents = await Promise.all(pages.map(async (page) => ({ page, content: await writtenPageContent(set, page, language) })));
  return contents.flatMap(({ page, content }) =>
    content
      ? [
          {
            id: `${set}:${language}:page:${page}`,
            set,
            language,
            kind: "page" as const,
            href: page ? `${root}/${page}` : root,
            title: content.title || docLabel(page ? page.slice(page.lastIndexOf("/") + 1) : "overview")[language],
            section: pageSection(set, page)[language],
            text: markdownToText(content.content),
            copy: languageCopy(set, page),
          },
        ]
      : [],
  );
}

function tagDocuments(set: DocSetId, root: string, model: ApiModel, language: Language): SearchDocument[] {
  return model.tags.map((tag) => ({
    id: `${set}:${language}:tag:${tag.slug}`,
    set,
    language,
    kind: "tag",
    href: `${root}/docs/${tag.slug}`,
    title: tag.label[language],
    section: docLabel("api-documentation")[language],
    text: markdownToText([tag.description, ...operationsOfTag(model, tag.name).map((operation) => operation.summary)].join("\n")),
  }));
}

function operationDocuments(set: DocSetId, root: string, model: ApiModel, language: Language): SearchDocument[] {
  return model.operations.flatMap((operation) => {
    const tag = model.tags.find((candidate) => candidate.name === operation.tags[0]);
    if (!tag) return [];
    const signature = `${operation.method.toUpperCase()} ${operation.path}`;
    const parameters = operation.parameters.flatMap((parameter) => [parameter.name, parameter.description]);
    return [
      {
        id: `${set}:${language}:operation:${operation.method} ${operation.path}`,
        set,
        language,
        kind: "operation" as const,
        href: `${root}/docs/${tag.slug}?path=${encodeURIComponent(operation.path)}&method=${operation.method}`,
        title: operation.summary || signature,
        section: tag.label[language],
        text: markdownToText([signature, operation.description, ...parameters].join("\n")),
        operation: { method: operation.method, path: operation.path },
      },
    ];
  });
}

/** Each definition links to its heading on the models page (`model-{name}`, see DocPageView). */
function modelDocuments(set: DocSetId, root: string, model: ApiModel, language: Language): SearchDocument[] {
  const modelsPage = docSetPages[set].apiDocumentation.models;
  if (!modelsPage) return [];
  return Object.entries(model.definitions).map(([name, schema]) => ({
    id: `${set}:${language}:model:${name}`,
    set,
    language,
    kind: "model",
    href: `${root}/${modelsPage}#model-${encodeURIComponent(name)}`,
    title: name,
    section: docLabel("models")[language],
    text: markdownToText(
      [
        schema.description ?? "",
        ...Object.entries(schema.properties ?? {}).flatMap(([field, property]) => [field, property.description ?? ""]),
      ].join("\n"),
    ),
  }));
}

async function buildSetDocuments(set: DocSetId, loaded: LoadedDocSet, language: Language): Promise<SearchDocument[]> {
  const model = modelIn(loaded, language);
  const root = docSetPath(getDocSet(set));
  return [
    ...(await pageDocuments(set, root, language)),
    ...tagDocuments(set, root, model, language),
    ...operationDocuments(set, root, model, language),
    ...modelDocuments(set, root, model, language),
  ];
}

/** Keyed by the loaded set, so a reloaded specification gets new documents. */
const documentCache = new WeakMap<LoadedDocSet, Map<Language, Promise<SearchDocument[]>>>();

async function setDocuments(set: DocSetId, language: Language): Promise<SearchDocument[]> {
  const loaded = await getDocSetData(set);
  const byLanguage = documentCache.get(loaded) ?? new Map<Language, Promise<SearchDocument[]>>();
  documentCache.set(loaded, byLanguage);
  let documents = byLanguage.get(language);
  if (!documents) {
    documents = buildSetDocuments(set, loaded, language);
    byLanguage.set(language, documents);
  }
  return documents;
}

/** One shared empty list, so a set whose spec stays unavailable does not rebuild the index on every query. */
const unavailable: SearchDocument[] = [];

function skipUnavailable(error: unknown): SearchDocument[] {
  if (error instanceof SpecUnavailableError) return unavailable;
  throw error;
}

const indexCache = new Map<Language, { parts: SearchDocument[][]; index: SearchIndex }>();

/** One index per language over every set, rebuilt only when a set's documents change. */
async function languageIndex(language: Language): Promise<SearchIndex> {
  const parts = await Promise.all(docSets.map((docSet) => setDocuments(docSet.id, language).catch(skipUnavailable)));
  const cached = indexCache.get(language);
  if (cached && cached.parts.every((part, position) => part === parts[position])) return cached.index;
  const index = buildSearchIndex(parts.flat());
  indexCache.set(language, { parts, index });
  return index;
}

/** Searches the documentation of the given sets (all when none are given) in one language. */
export async function searchDocs(query: SearchQuery): Promise<SearchResponse> {
  if (!query.q.trim()) return { total: 0, results: [] };
  return searchIndex(await languageIndex(query.language), query);
}

export interface SearchPageData extends SearchResponse {
  q: string;
  page: number;
  pages: number;
}

/** One page of results for the search pages' `?q=&page=`. */
export async function searchPage(params: URLSearchParams, language: Language, sets?: readonly DocSetId[]): Promise<SearchPageData> {
  const { q, page } = searchPageParams(params);
  const found = await searchDocs({ q, language, sets, limit: resultsPerPage, offset: (page - 1) * resultsPerPage });
  return { q, page, pages: Math.ceil(found.total / resultsPerPage), ...found };
}
