import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { env } from "~/modules/env/env.server";
import type { Language } from "~/modules/i18n/language";
import { fetchJsonVetted } from "~/modules/net/outbound.server";
import type { DocSetId } from "~/modules/registry/registry";
import { docSetPages } from "../doc-pages";
import { writtenPageContent } from "../page-content.server";
import { getDocSetData, type LoadedDocSet } from "../routing-data.server";
import type { ApiModel } from "../spec-model";
import {
  composeGuide,
  downloadListingSchema,
  fallbackListing,
  guideAttachmentName,
  guideLanguagesOf,
  resolveDownload,
  withWrittenGuides,
  type DownloadFile,
  type DownloadListing,
  type Guides,
} from "./downloads";

/** A set's listing comes from content/downloads/{id}.json unless DOCS_DOWNLOAD_SOURCES names a URL or file. */
export function downloadSource(set: DocSetId): string {
  return env.DOCS_DOWNLOAD_SOURCES[set] ?? path.join("content", "downloads", `${set}.json`);
}

async function readJson(source: string): Promise<unknown> {
  if (/^https?:\/\//.test(source)) return fetchJsonVetted(source, 5_000);
  return JSON.parse(await fs.readFile(path.resolve(source), "utf8"));
}

function reason(error: unknown): string {
  if (error instanceof z.ZodError) return error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
  return error instanceof Error ? error.message : String(error);
}

/** The guide of each code language with written content, in English or Chinese: its full guide followed by its quick examples. */
export async function readGuides(set: DocSetId, language: Language = "en"): Promise<Guides> {
  const read = async (page: string) => (await writtenPageContent(set, page, language))?.content ?? null;
  const entries = await Promise.all(
    guideLanguagesOf(set).map(async (language) => {
      const section = docSetPages[set].languages[language];
      const fullGuide = section?.fullGuide ? await read(`${language}/full-guide`) : null;
      const examples = await Promise.all((section?.topics ?? []).map((topic) => read(`${language}/quick-examples/${topic}`)));
      const guide = composeGuide(
        fullGuide,
        examples.filter((example): example is string => example !== null),
      );
      return guide ? [[language, guide] as const] : [];
    }),
  );
  return Object.fromEntries(entries.flat());
}

/** A listing and where it came from: its source, or the fallback built from the spec. */
export interface ListingRead {
  listing: DownloadListing;
  fromSource: boolean;
}

/** The listing from its source; when it cannot be read or validated, one built from the spec (a warning, never an error). */
export async function loadDownloadListing(
  set: DocSetId,
  model: ApiModel,
  guides: Guides,
  source = downloadSource(set),
): Promise<ListingRead> {
  try {
    return { listing: withWrittenGuides(downloadListingSchema.parse(await readJson(source)), guides), fromSource: true };
  } catch (error) {
    console.warn(`The ${set} downloads listing ${source} cannot be used, serving one built from the specification: ${reason(error)}`);
    return { listing: fallbackListing(set, model, guides), fromSource: false };
  }
}

export const listingTtlMs = 5 * 60_000;
export const fallbackTtlMs = 30_000;

/**
 * Keeps each set's listing so that a URL source is not fetched on every page view: five minutes when read
 * from its source, thirty seconds when the fallback stood in, so that a source that recovers is soon used.
 * Concurrent callers share one read; a read that throws is not kept.
 */
export function cacheListings(
  read: (set: DocSetId) => Promise<ListingRead>,
  now: () => number = Date.now,
): (set: DocSetId) => Promise<DownloadListing> {
  interface Entry {
    listing: Promise<DownloadListing>;
    /** while the read is under way, callers share it */
    expires: number;
  }
  const entries = new Map<DocSetId, Entry>();
  return (set) => {
    const cached = entries.get(set);
    if (cached && cached.expires > now()) return cached.listing;
    const entry: Entry = {
      expires: Number.POSITIVE_INFINITY,
      listing: read(set).then(({ listing, fromSource }) => {
        entry.expires = now() + (fromSource ? listingTtlMs : fallbackTtlMs);
        return listing;
      }),
    };
    entries.set(set, entry);
    entry.listing.catch(() => {
      if (entries.get(set) === entry) entries.delete(set);
    });
    return entry.listing;
  };
}

/** One cache per loaded specification: a reloaded one reads its listing afresh (the fallback is built from it). */
const listingCaches = new WeakMap<LoadedDocSet, (set: DocSetId) => Promise<DownloadListing>>();

/** What a set offers for download: documentation guides and SDK entries. */
export async function getDownloadListing(set: DocSetId): Promise<DownloadListing> {
  const loaded = await getDocSetData(set);
  let listingOf = listingCaches.get(loaded);
  if (!listingOf) {
    listingOf = cacheListings(async (docSet) => loadDownloadListing(docSet, loaded.model, await readGuides(docSet)));
    listingCaches.set(loaded, listingOf);
  }
  return listingOf(set);
}

/**
 * The file behind /docs/{vendor}/{api}/downloads/{file}, or null when the set has no such file; a guide in the
 * language asked for (`?lang=`), the clients and specifications being the same in every language.
 */
export async function getDownloadFile(set: DocSetId, file: string, language: Language = "en"): Promise<DownloadFile | null> {
  const { model, routing } = await getDocSetData(set);
  const guide = file.endsWith(".md");
  const found = resolveDownload(set, file, { model, spec: routing.swaggerSpec }, guide ? await readGuides(set, language) : {});
  return found && guide ? { ...found, filename: guideAttachmentName(found.filename, language) } : found;
}
