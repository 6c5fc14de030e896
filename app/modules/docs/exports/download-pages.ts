/** Where a set's downloads appear in its pages, and what those pages say about them. */
import type { DocSetId } from "~/modules/registry/registry";
import { docSetPages, writtenPagePaths } from "../doc-pages";
import { operationsOfTag, type ApiAuth, type ApiModel, type Label } from "../spec-model";
import { downloadsRoot, type DownloadListing, type SdkType } from "./downloads";
import { clientLanguages } from "./sdk";

export type SdkEntry = DownloadListing["sdks"][number];

export const postmanCollectionPage = "postman-collection";

/** The page showing a set's downloads table: its using-sdk page, or the overview of a set without one. */
export function downloadsPageOf(set: DocSetId): string {
  return docSetPages[set].gettingStarted.includes("using-sdk") ? "getting-started/using-sdk" : "";
}

/** The pages of a set's R section (its full guide and quick examples) carry the R client button. */
export function isRSectionPage(set: DocSetId, page: string): boolean {
  return page.startsWith("r/") && writtenPagePaths(set).includes(page);
}

export function hasPostmanPage(set: DocSetId): boolean {
  return docSetPages[set].extras.includes(postmanCollectionPage);
}

export function sdkOfType(listing: DownloadListing, type: SdkType): SdkEntry | undefined {
  return listing.sdks.find((sdk) => sdk.type === type);
}

/** The listing's SDK entries split into generated clients and specification files, in listing order. */
export function splitSdks(sdks: readonly SdkEntry[]): { clients: SdkEntry[]; specifications: SdkEntry[] } {
  const isClient = (sdk: SdkEntry) => clientLanguages.some((language) => language === sdk.type);
  return { clients: sdks.filter(isClient), specifications: sdks.filter((sdk) => !isClient(sdk)) };
}

/** The collection's entry in the listing, or the file this portal serves when the listing has none. */
export function postmanDownloadPath(set: DocSetId, listing: DownloadListing): string {
  return sdkOfType(listing, "postman")?.path ?? `${downloadsRoot(set)}/postman-collection.json`;
}

/** How every request of the collection sends the apiKey variable, e.g. "Authorization: Bearer {{apiKey}}". */
export function apiKeyUsage(auth: ApiAuth): string {
  if (auth.in === "query") return `?${auth.name}={{apiKey}}`;
  return `${auth.name}: ${auth.name.toLowerCase() === "authorization" ? "Bearer " : ""}{{apiKey}}`;
}

export interface PostmanCollectionSummary {
  apiTitle: string;
  version: string;
  folders: { name: Label; requests: number }[];
  requests: number;
  baseUrl: string;
  apiKeyUsage: string;
}

/** What the collection built by toPostmanCollection holds: one folder per tag with its operations. */
export function summarisePostmanCollection(model: ApiModel): PostmanCollectionSummary {
  const folders = model.tags.map((tag) => ({ name: tag.label, requests: operationsOfTag(model, tag.name).length }));
  return {
    apiTitle: model.title,
    version: model.version,
    folders,
    requests: folders.reduce((total, folder) => total + folder.requests, 0),
    baseUrl: model.baseUrl,
    apiKeyUsage: apiKeyUsage(model.auth),
  };
}
