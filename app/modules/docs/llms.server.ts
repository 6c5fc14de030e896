/**
 * The documentation as markdown for coding assistants: /llms.txt, /llms-full.txt (and /zh/… in Chinese) and every
 * docs page as markdown. Pages resolve exactly as their HTML (resolveDocPage); written ones are their markdown with the
 * base URL in force and absolute links, generated ones are written out from the same spec model.
 */
import { withAbsoluteLinks } from "~/modules/content/absolute-links";
import { splitTitle } from "~/modules/content/markdown-title";
import { dataApiBaseUrl } from "~/modules/data-api/client.server";
import { publicOrigin } from "~/modules/env/env.server";
import { fixedT } from "~/modules/i18n/i18n.server";
import { localizePath, type Language } from "~/modules/i18n/language";
import { docSetPath, docSets, findDocSet, type DocSet, type DocSetId } from "~/modules/registry/registry";
import { parameterFields, resolveDocPage, schemaType } from "./doc-page.server";
import { docLabel } from "./doc-labels";
import { docSetPages, isCodeLanguage, writtenPagePaths } from "./doc-pages";
import { hasPostmanPage, postmanCollectionPage, sdkOfType } from "./exports/download-pages";
import { getDownloadListing } from "./exports/downloads.server";
import { fullTextPage, llmsFullText, llmsIndex, llmsWording, pageDescription, setReferenceMarkdown, shorten, type LlmsEntry } from "./llms";
import {
  emptyPageMarkdown,
  modelsPageMarkdown,
  operationPageMarkdown,
  postmanPageMarkdown,
  responsesPageMarkdown,
  tagPageMarkdown,
  writtenPageMarkdown,
  type OperationReference,
  type ReferenceLabels,
} from "./llms-markdown";
import type { MarkdownPageRequest } from "./llms-request";
import { writtenPageContent, type PageContent } from "./page-content.server";
import { getDocSetData, modelIn, SpecUnavailableError, type LoadedDocSet } from "./routing-data.server";
import { requestSamples } from "./samples";
import { exampleFromSchema, findOperation, operationsOfTag, type ApiModel, type ApiOperation, type ApiTag } from "./spec-model";

/** English is the unprefixed canonical URL; other languages keep their prefix in links. */
const linkPrefix = (language: Language) => (language === "en" ? null : language);

/** A site path in a language; `.md` goes after the path, before any query. */
function sitePath(path: string, language: Language, markdown = false): string {
  const [pathname = "", query] = path.split(/\?(.*)/s);
  return `${localizePath(`${pathname}${markdown ? ".md" : ""}`, linkPrefix(language))}${query ? `?${query}` : ""}`;
}

const absoluteUrl = (path: string, language: Language, markdown = false) => `${publicOrigin()}${sitePath(path, language, markdown)}`;

const pagePath = (root: string, page: string) => (page ? `${root}/${page}` : root);
const tagPagePath = (root: string, tag: ApiTag) => `${root}/docs/${tag.slug}`;
const operationPath = (root: string, tag: ApiTag, operation: ApiOperation) =>
  `${tagPagePath(root, tag)}?path=${encodeURIComponent(operation.path)}&method=${operation.method}`;

/** An operation with its types written out as the HTML reference writes them (schemaType of doc-page.server.ts). */
function operationReference(operation: ApiOperation): OperationReference {
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    summary: operation.summary,
    description: operation.description,
    parameters: parameterFields(operation),
    responses: operation.responses.map((response) => ({
      status: response.status,
      description: response.description,
      schema: response.schema ? schemaType(response.schema) : null,
    })),
  };
}

async function referenceLabels(language: Language): Promise<ReferenceLabels> {
  const t = await fixedT(language);
  return {
    operations: t("docs.operations"),
    parameters: t("docs.parameters"),
    noParameters: t("docs.noParameters"),
    responses: t("docs.responses"),
    required: t("docs.required"),
    requestSamples: t("docs.requestSamples"),
    noFields: t("docs.noFields"),
    status: t("docs.status"),
    description: t("docs.description"),
    errorShape: t("docs.errorShape"),
    usedBy: (count) => t("docs.usedBy", { count }),
  };
}

/** Tag pages, unless a written page has the same path (it wins, as on the site). */
function tagPages(set: DocSetId, model: ApiModel): ApiTag[] {
  return model.tags.filter((tag) => !writtenPagePaths(set).includes(`docs/${tag.slug}`));
}

/** The pages of a set generated from its spec although listed among its pages: models, responses, Postman collection. */
function generatedPages(set: DocSetId): string[] {
  const { models, responses } = docSetPages[set].apiDocumentation;
  return [models, responses, hasPostmanPage(set) ? postmanCollectionPage : null].filter((page): page is string => page !== null);
}

/** Every page of a set that has written content, in menu order, in a language (English where not translated). */
async function writtenPages(set: DocSetId, language: Language): Promise<{ page: string; content: PageContent }[]> {
  const generated = generatedPages(set);
  const pages = writtenPagePaths(set).filter((page) => !generated.includes(page));
  const contents = await Promise.all(pages.map((page) => writtenPageContent(set, page, language)));
  return pages.flatMap((page, index) => {
    const content = contents[index];
    return content ? [{ page, content }] : [];
  });
}

/** What a set's docs serve in a language, as the index, the full text and the sitemap (English) list it. */
interface SetPages {
  root: string;
  model: ApiModel;
  written: { page: string; content: PageContent }[];
  tags: ApiTag[];
}

async function setPages(docSet: DocSet, language: Language): Promise<SetPages> {
  const model = modelIn(await getDocSetData(docSet.id), language);
  return { root: docSetPath(docSet), model, written: await writtenPages(docSet.id, language), tags: tagPages(docSet.id, model) };
}

/** Every docs page path of every set, English form: written pages, tag pages with their operations, generated pages. */
export async function docsPagePaths(): Promise<string[]> {
  const sets = await Promise.all(docSets.map(async (docSet) => ({ docSet, pages: await setPages(docSet, "en") })));
  return sets.flatMap(({ docSet, pages: { root, model, written, tags } }) => [
    ...written.map(({ page }) => pagePath(root, page)),
    ...tags.flatMap((tag) => [
      tagPagePath(root, tag),
      ...operationsOfTag(model, tag.name).map((operation) => operationPath(root, tag, operation)),
    ]),
    ...generatedPages(docSet.id).map((page) => pagePath(root, page)),
  ]);
}

/** "JavaScript" for a page of the JavaScript section (javascript/…), else null. */
function codeLanguageOf(page: string, language: Language): string | null {
  const section = page.split("/")[0];
  return isCodeLanguage(section) ? docLabel(section)[language] : null;
}

async function setTitle(set: DocSetId, language: Language): Promise<string> {
  return (await fixedT(language))(`products.docSetNames.${set}`);
}

/** The OpenAPI 3 and Swagger 2 files of a set's downloads listing, as absolute URLs. */
async function specificationDownloads(docSet: DocSet, title: string, version: string, language: Language): Promise<LlmsEntry[]> {
  const listing = await getDownloadListing(docSet.id);
  const wording = llmsWording[language];
  return (["openapi", "swagger"] as const).flatMap((type) => {
    const sdk = sdkOfType(listing, type);
    if (!sdk) return [];
    const format = type === "openapi" ? "OpenAPI 3.0" : "Swagger 2.0";
    return [
      {
        title: wording.specificationTitle(sdk.name),
        url: sdk.path.startsWith("/") ? `${publicOrigin()}${sdk.path}` : sdk.path,
        description: wording.specificationEntry(title, sdk.version || version, format),
      },
    ];
  });
}

async function indexSection(docSet: DocSet, language: Language) {
  const { root, model, written, tags } = await setPages(docSet, language);
  const title = await setTitle(docSet.id, language);
  const wording = llmsWording[language];
  const url = (path: string) => absoluteUrl(path, language, true);
  const pages = written.map(({ page, content }) => ({
    title: content.title,
    url: url(pagePath(root, page)),
    description: pageDescription(content.content, codeLanguageOf(page, language)),
  }));
  const { models, responses } = docSetPages[docSet.id].apiDocumentation;
  const reference: LlmsEntry[] = [
    ...tags.map((tag) => ({
      title: tag.label[language],
      url: url(tagPagePath(root, tag)),
      description: wording.tagEntry(operationsOfTag(model, tag.name).length, shorten(tag.description)),
    })),
    ...(models
      ? [
          {
            title: docLabel("models")[language],
            url: url(pagePath(root, models)),
            description: wording.modelsEntry(Object.keys(model.definitions).length),
          },
        ]
      : []),
    ...(responses
      ? [{ title: docLabel("responses")[language], url: url(pagePath(root, responses)), description: wording.responsesEntry }]
      : []),
    ...(hasPostmanPage(docSet.id)
      ? [
          {
            title: docLabel(postmanCollectionPage)[language],
            url: url(pagePath(root, postmanCollectionPage)),
            description: wording.postmanEntry(model.operations.length),
          },
        ]
      : []),
  ];
  return { title, pages, reference, downloads: await specificationDownloads(docSet, title, model.version, language) };
}

/** GET /llms.txt, and /zh/llms.txt: every set's pages in that language. */
export async function llmsTxt(language: Language): Promise<string> {
  const sets = await Promise.all(docSets.map((docSet) => indexSection(docSet, language)));
  return llmsIndex(publicOrigin(), sets, llmsWording[language]);
}

async function fullTextSection(docSet: DocSet, language: Language, labels: ReferenceLabels) {
  const { root, model, written, tags } = await setPages(docSet, language);
  const title = await setTitle(docSet.id, language);
  const wording = llmsWording[language];
  const pages = written.map(({ page, content }) =>
    fullTextPage(
      {
        title: content.title,
        url: absoluteUrl(pagePath(root, page), language),
        markdown: withAbsoluteLinks(content.content, publicOrigin(), linkPrefix(language)),
      },
      wording,
    ),
  );
  const downloads = await specificationDownloads(docSet, title, model.version, language);
  const reference = setReferenceMarkdown(
    {
      title,
      source: downloads[0]?.url ?? absoluteUrl(root, language),
      baseUrl: model.baseUrl,
      auth: model.auth,
      tags: tags.map((tag) => ({
        label: tag.label[language],
        description: tag.description,
        url: absoluteUrl(tagPagePath(root, tag), language),
        operations: operationsOfTag(model, tag.name).map((operation) => ({
          operation: operationReference(operation),
          url: absoluteUrl(operationPath(root, tag, operation), language),
        })),
      })),
    },
    labels,
    wording,
  );
  return { title, url: absoluteUrl(root, language), pages, reference };
}

/** GET /llms-full.txt (/zh/llms-full.txt): every written page of every set in that language, and each set's reference. */
export async function llmsFullTxt(language: Language): Promise<string> {
  const labels = await referenceLabels(language);
  const sets = await Promise.all(docSets.map((docSet) => fullTextSection(docSet, language, labels)));
  return llmsFullText(publicOrigin(), sets, llmsWording[language]);
}

export type MarkdownAnswer = { status: 200 | 404 | 500; body: string } | { status: 302; location: string };

const notFound: MarkdownAnswer = { status: 404, body: "Not Found" };

/**
 * A docs page as markdown, in the language of its URL (a written page not yet translated in English, with the
 * same note as the HTML page); 404 for what is no docs page, 302 from docs?path=&method= to the operation's page.
 */
export async function docPageMarkdown(request: MarkdownPageRequest, search: URLSearchParams): Promise<MarkdownAnswer> {
  const docSet = findDocSet(request.vendor, request.slug);
  if (!docSet) return notFound;
  try {
    return await pageMarkdown(docSet, request.page, search, request.prefix ?? "en");
  } catch (error) {
    if (!(error instanceof SpecUnavailableError)) throw error;
    return { status: 500, body: "The specification of this documentation set is unavailable." };
  }
}

/** The spec texts as a page in `language` gives them: on a Chinese page one still in English says so, as its badge does. */
function englishMarker(loaded: LoadedDocSet, language: Language, note: string): (text: string) => string {
  if (language !== "zh") return (text) => text;
  return (text) => (text && loaded.zh.englishTexts.has(text) ? `${text}（${note}）` : text);
}

function markedReference(reference: OperationReference, mark: (text: string) => string): OperationReference {
  return {
    ...reference,
    summary: mark(reference.summary),
    description: mark(reference.description),
    parameters: reference.parameters.map((parameter) => ({ ...parameter, description: mark(parameter.description) })),
    responses: reference.responses.map((response) => ({ ...response, description: mark(response.description) })),
  };
}

async function pageMarkdown(docSet: DocSet, page: string, search: URLSearchParams, language: Language): Promise<MarkdownAnswer> {
  const set = docSet.id;
  const root = docSetPath(docSet);
  // The markdown reads the page's texts, never its HTML: its code is not highlighted.
  const resolved = await resolveDocPage(set, root, page, search, language, { highlight: false });
  const t = await fixedT(language);
  const mark = englishMarker(await getDocSetData(set), language, t("docs.englishText"));
  const ok = (body: string): MarkdownAnswer => ({ status: 200, body });
  switch (resolved.kind) {
    case "not-found":
      return notFound;
    case "redirect":
      return { status: 302, location: sitePath(resolved.to, language, true) };
    case "markdown": {
      const written = await writtenPageContent(set, page, language);
      if (!written) return notFound;
      const { title, body } = splitTitle(withAbsoluteLinks(written.content, publicOrigin(), linkPrefix(language)));
      return ok(writtenPageMarkdown({ title, body, untranslatedNote: written.language === language ? null : t("docs.untranslated") }));
    }
    case "empty":
      return ok(emptyPageMarkdown(resolved.title[language], t("docs.emptyText")));
    case "tag": {
      const model = modelIn(await getDocSetData(set), language);
      const operations = resolved.operations.flatMap((listed) => {
        const operation = findOperation(model, listed.path, listed.method);
        return operation
          ? [{ operation: markedReference(operationReference(operation), mark), href: absoluteUrl(listed.href, language, true) }]
          : [];
      });
      return ok(
        tagPageMarkdown(
          { title: resolved.title[language], description: mark(resolved.description), operations },
          await referenceLabels(language),
        ),
      );
    }
    case "operation": {
      const model = modelIn(await getDocSetData(set), language);
      const operation = findOperation(model, resolved.path, resolved.method);
      if (!operation) return notFound;
      const curl = requestSamples(model, operation, undefined, dataApiBaseUrl(set)).curl;
      // The samples' note of the HTML page: the reader's key, a session token (fund flows) or none needed.
      const samplesNote =
        resolved.samplesNote === "none" ? null : t(resolved.samplesNote === "session" ? "docs.samplesSession" : "docs.samplesKey");
      const reference = markedReference(operationReference(operation), mark);
      const page = { title: mark(resolved.title), tag: resolved.tag[language], operation: reference, curl, samplesNote };
      return ok(operationPageMarkdown(page, await referenceLabels(language)));
    }
    case "models": {
      const models = resolved.models.map((model) => ({
        ...model,
        description: mark(model.description),
        fields: model.fields.map((field) => ({ ...field, description: mark(field.description) })),
      }));
      return ok(modelsPageMarkdown({ title: resolved.title[language], models }, await referenceLabels(language)));
    }
    case "responses": {
      const model = modelIn(await getDocSetData(set), language);
      const error = model.definitions.Error;
      const errorExample = error ? JSON.stringify(exampleFromSchema(error, model.definitions), null, 2) : null;
      const statuses = resolved.statuses.map((status) => ({ ...status, description: mark(status.description) }));
      const page = { title: resolved.title[language], statuses, errorExample };
      return ok(responsesPageMarkdown(page, await referenceLabels(language)));
    }
    case "postman":
      return ok(
        postmanPageMarkdown({
          title: resolved.title[language],
          lead: t("downloads.postman.lead", { api: resolved.apiTitle, version: resolved.version }),
          download: {
            label: t("downloads.postman.download"),
            url: resolved.download.startsWith("/") ? `${publicOrigin()}${resolved.download}` : resolved.download,
            format: t("downloads.postman.format"),
          },
          contents: t("downloads.postman.contents"),
          summary: t("downloads.postman.summary", { count: resolved.requests, folders: resolved.folders.length }),
          folders: resolved.folders.map((folder) => ({ name: folder.name[language], requests: folder.requests })),
          columns: { folder: t("downloads.postman.folder"), requests: t("downloads.postman.requests") },
        }),
      );
  }
}
