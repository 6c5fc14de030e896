/** The documentation downloads of a set (SPEC.md section 3) and the files this portal serves for them. */
import { z } from "zod";
import { defaultLanguage, type Language } from "~/modules/i18n/language";
import { docSetPath, getDocSet, type DocSetId } from "~/modules/registry/registry";
import { hasControlCharacters } from "~/modules/url/control-characters";
import { docSetPages } from "../doc-pages";
import type { ApiModel } from "../spec-model";
import { toOpenApi3 } from "./openapi";
import { toPostmanCollection } from "./postman";
import { clientFilename, clientLanguages, generateClient, type ClientLanguage } from "./sdk";

export const guideLanguages = ["python", "javascript", "php"] as const;
export type GuideLanguage = (typeof guideLanguages)[number];

export const sdkTypes = ["openapi", "swagger", "postman", ...clientLanguages] as const;
export type SdkType = (typeof sdkTypes)[number];

/**
 * Listing paths become links on our pages and may come from an operator-configured URL, so only paths on this
 * site and https URLs pass: no javascript:, data: or protocol-relative //host (nor /\host, which browsers read alike).
 */
export function isSafeListingPath(value: string): boolean {
  if (value === "" || /[\s\\]/.test(value) || hasControlCharacters(value) || value.startsWith("//")) return false;
  if (/^https:\/\//i.test(value)) return URL.canParse(value);
  return !/^[^/?#]*:/.test(value);
}

const listingPath = z.string().min(1).refine(isSafeListingPath, "must be a relative path or an https URL");

export const downloadListingSchema = z.object({
  downloads: z.array(z.object({ name: z.enum(guideLanguages), path: listingPath })),
  sdks: z.array(z.object({ name: z.string().min(1), version: z.string().min(1), path: listingPath, type: z.enum(sdkTypes) })),
});
export type DownloadListing = z.infer<typeof downloadListingSchema>;

/** A set's assembled guide per language: the full guide followed by its quick examples. */
export type Guides = Partial<Record<GuideLanguage, string>>;

export interface DownloadFile {
  filename: string;
  contentType: string;
  body: string;
}

const sdkNames: Record<SdkType, string> = {
  openapi: "OpenAPI 3.0",
  swagger: "Swagger 2.0",
  postman: "Postman collection",
  python: "Python",
  javascript: "JavaScript",
  php: "PHP",
  r: "R",
};

const clientContentTypes: Record<ClientLanguage, string> = {
  python: "text/x-python; charset=utf-8",
  javascript: "text/javascript; charset=utf-8",
  php: "text/x-php; charset=utf-8",
  r: "text/plain; charset=utf-8",
};

/** Where a set's files are served: /docs/{vendor}/{api}/downloads. */
export function downloadsRoot(set: DocSetId): string {
  return `${docSetPath(getDocSet(set))}/downloads`;
}

export function guideFilename(set: DocSetId, language: GuideLanguage): string {
  return `${set}-guide-${language}.md`;
}

/** The guide languages a set has pages for; only those with written content are offered. */
export function guideLanguagesOf(set: DocSetId): GuideLanguage[] {
  return guideLanguages.filter((language) => docSetPages[set].languages[language] !== undefined);
}

/** Python, JavaScript and PHP clients for every set, plus R where the docs have an R section (fund flows). */
export function clientLanguagesOf(set: DocSetId): ClientLanguage[] {
  return clientLanguages.filter((language) => language !== "r" || docSetPages[set].languages.r !== undefined);
}

/** One markdown file out of a guide and its quick examples; null when nothing is written. */
export function composeGuide(fullGuide: string | null, quickExamples: string[]): string | null {
  const parts = [fullGuide ?? "", ...quickExamples].map((part) => part.trim()).filter(Boolean);
  return parts.length > 0 ? `${parts.join("\n\n---\n\n")}\n` : null;
}

/** The listing built from the spec when the configured one cannot be read: every file this portal serves. */
export function fallbackListing(set: DocSetId, model: ApiModel, guides: Guides): DownloadListing {
  const root = downloadsRoot(set);
  const sdk = (type: SdkType, file: string) => ({ name: sdkNames[type], version: model.version, path: `${root}/${file}`, type });
  return {
    downloads: guideLanguages
      .filter((language) => guides[language])
      .map((language) => ({ name: language, path: `${root}/${guideFilename(set, language)}` })),
    sdks: [
      ...clientLanguagesOf(set).map((language) => sdk(language, clientFilename(language, set))),
      sdk("openapi", "openapi.json"),
      sdk("swagger", "swagger.json"),
      sdk("postman", "postman-collection.json"),
    ],
  };
}

/**
 * A guide's link for a reader of `language`: the portal's own guide files are served in Chinese with `?lang=zh`
 * (downloads have no language prefix); a guide published elsewhere is linked as it is.
 */
export function guideHref(path: string, language: Language): string {
  return language === defaultLanguage || !path.startsWith("/") ? path : `${path}?lang=${language}`;
}

/** The name a guide is saved under in a language: the English file's, with the language before `.md` otherwise. */
export function guideAttachmentName(file: string, language: Language): string {
  return language === defaultLanguage ? file : file.replace(/\.md$/, `.${language}.md`);
}

/** A listing offers only the guides that are written. */
export function withWrittenGuides(listing: DownloadListing, guides: Guides): DownloadListing {
  return { ...listing, downloads: listing.downloads.filter((download) => guides[download.name]) };
}

const json = (filename: string, value: unknown): DownloadFile => ({
  filename,
  contentType: "application/json; charset=utf-8",
  body: `${JSON.stringify(value, null, 2)}\n`,
});

/** The file behind /docs/{vendor}/{api}/downloads/{file}, or null for a file the set does not have. */
export function resolveDownload(
  set: DocSetId,
  file: string,
  loaded: { model: ApiModel; spec: unknown },
  guides: Guides = {},
): DownloadFile | null {
  if (file === "openapi.json") return json(file, toOpenApi3(loaded.spec));
  if (file === "swagger.json") return json(file, loaded.spec);
  if (file === "postman-collection.json")
    return json(file, toPostmanCollection(loaded.model, { name: loaded.model.title || set, setId: set }));
  const guide = guideLanguages.find((language) => guideFilename(set, language) === file);
  if (guide) {
    const body = guides[guide];
    return body ? { filename: file, contentType: "text/markdown; charset=utf-8", body } : null;
  }
  const language = clientLanguagesOf(set).find((candidate) => clientFilename(candidate, set) === file);
  if (!language) return null;
  const client = generateClient(loaded.model, language, { packageName: set, version: loaded.model.version });
  return { filename: client.filename, contentType: clientContentTypes[language], body: client.source };
}
