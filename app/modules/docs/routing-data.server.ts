import fs from "node:fs/promises";
import path from "node:path";
import { dataApiBaseUrl } from "~/modules/data-api/client.server";
import { env } from "~/modules/env/env.server";
import { fetchJsonVetted } from "~/modules/net/outbound.server";
import { docSetPath, getDocSet, type DocSetId } from "~/modules/registry/registry";
import { writtenPagePaths } from "./doc-pages";
import { buildNavigation, type NavigationItem } from "./navigation";
import { normaliseSpec } from "./openapi3";
import type { ApiModel, ApiTag } from "./spec-model";
import { noTranslation, parseSpecTranslation, translateSpec, type SpecTranslation } from "./spec-translation";
import type { Language } from "~/modules/i18n/language";

/** What /api/routing/data/{apiName} answers (SPEC.md section 3). */
export interface RoutingData {
  routes: string[];
  navigationItems: NavigationItem[];
  swaggerSpec: unknown;
  baseUrl: string;
}

/** The spec's texts in Chinese (spec-translation.ts): its model, and what it still shows in English. */
export interface ChineseDocSet {
  model: ApiModel;
  /** English texts shown untranslated: the pages mark them as English. */
  englishTexts: ReadonlySet<string>;
  /** Pointers of the texts without a Chinese version, and of the file's pointers that name no text any more. */
  untranslated: string[];
  stale: string[];
  /** Tags without a Chinese display name. */
  untranslatedTags: string[];
}

export interface LoadedDocSet {
  model: ApiModel;
  zh: ChineseDocSet;
  routing: RoutingData;
  /** The spec's own base URL, which written samples name; the model carries the one in force. */
  specBaseUrl: string;
}

/** The spec could not be fetched or processed: the routing API answers 500, the site its error page. */
export class SpecUnavailableError extends Error {}

/**
 * A set's spec comes from content/specs/{id}.json unless DOCS_SPEC_SOURCES names a URL or file; it may be
 * Swagger 2.0 or OpenAPI 3.0 or 3.1 (normaliseSpec).
 */
async function fetchSpec(set: DocSetId): Promise<unknown> {
  const source = env.DOCS_SPEC_SOURCES[set] ?? path.join("content", "specs", `${set}.json`);
  if (/^https?:\/\//.test(source)) return fetchJsonVetted(source, 10_000);
  return JSON.parse(await fs.readFile(path.resolve(source), "utf8"));
}

/** content/specs/zh/{set}.json, whatever the spec's source; a set without one shows its texts in English. */
async function readTranslation(set: DocSetId): Promise<SpecTranslation> {
  try {
    return parseSpecTranslation(JSON.parse(await fs.readFile(path.resolve("content", "specs", "zh", `${set}.json`), "utf8")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return noTranslation;
    throw error;
  }
}

/** The tags' Chinese display names go into every model's labels, so menus and pages read them alike. */
function withTagNames(model: ApiModel, tagNames: Record<string, string>): ApiModel {
  const tags = model.tags.map((tag): ApiTag => {
    const zh = Object.hasOwn(tagNames, tag.name) ? tagNames[tag.name] : undefined;
    return zh ? { ...tag, label: { ...tag.label, zh } } : tag;
  });
  return { ...model, tags };
}

async function loadDocSet(set: DocSetId): Promise<LoadedDocSet> {
  let spec: unknown;
  let model: ApiModel;
  let zh: ChineseDocSet;
  let specBaseUrl: string;
  try {
    spec = await fetchSpec(set);
    const translation = await readTranslation(set);
    const specModel = normaliseSpec(spec);
    specBaseUrl = specModel.baseUrl;
    // The docs show the base URL in force, the portal's own /data-api/{set} or the upstream's, not the spec's host.
    model = withTagNames({ ...specModel, baseUrl: dataApiBaseUrl(set) }, translation.tagNames);
    const translated = translateSpec(spec, translation);
    zh = {
      model: withTagNames({ ...normaliseSpec(translated.spec), baseUrl: model.baseUrl }, translation.tagNames),
      englishTexts: translated.englishTexts,
      untranslated: translated.untranslated,
      stale: translated.stale,
      untranslatedTags: model.tags.filter((tag) => !Object.hasOwn(translation.tagNames, tag.name)).map((tag) => tag.name),
    };
  } catch (error) {
    throw new SpecUnavailableError(`The ${set} specification cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  }
  const root = docSetPath(getDocSet(set));
  const pages = [...writtenPagePaths(set), ...model.tags.map((tag) => `docs/${tag.slug}`)];
  const routing: RoutingData = {
    routes: pages.map((page) => (page ? `${root}/${page}` : root)),
    navigationItems: buildNavigation(set, root, model, env.STATUS_URL),
    swaggerSpec: spec,
    baseUrl: model.baseUrl,
  };
  return { model, zh, routing, specBaseUrl };
}

/** The model a page in `language` reads: the Chinese texts for zh, the spec's own otherwise. */
export function modelIn(loaded: LoadedDocSet, language: Language): ApiModel {
  return language === "zh" ? loaded.zh.model : loaded.model;
}

interface CacheEntry {
  loaded: Promise<LoadedDocSet>;
  /** The version stamp of the set (spec-versions.server.ts) this load stands for. */
  version: number;
}

/** Built once per spec and process; a failed first load is not cached, so a fixed spec is picked up. */
const cache = new Map<DocSetId, CacheEntry>();

/** The newest version stamp of each set this process has heard of: a first load stands for it. */
const knownVersions = new Map<DocSetId, number>();

export function getDocSetData(set: DocSetId): Promise<LoadedDocSet> {
  const cached = cache.get(set);
  if (cached) return cached.loaded;
  const entry: CacheEntry = { loaded: loadDocSet(set), version: knownVersions.get(set) ?? 0 };
  cache.set(set, entry);
  entry.loaded.catch(() => {
    if (cache.get(set) === entry) cache.delete(set);
  });
  return entry.loaded;
}

const serialised = new WeakMap<RoutingData, string>();

/**
 * The routing data as JSON, serialised once per loaded spec when the API first asks for it (pages never
 * need it; for large specifications JSON.stringify per request is costly).
 */
export function routingJson(loaded: LoadedDocSet): string {
  let json = serialised.get(loaded.routing);
  if (json === undefined) {
    json = JSON.stringify(loaded.routing);
    serialised.set(loaded.routing, json);
  }
  return json;
}

const reloadListeners = new Set<(set: DocSetId) => void>();

/**
 * Calls `listener` whenever a reload swaps in a set's specification here, whether made in this process or
 * followed from another: what was made from the old one (cached pages) goes with it.
 */
export function onSpecReload(listener: (set: DocSetId) => void): void {
  reloadListeners.add(listener);
}

/**
 * Reads a set's specification again and validates it; only then is it swapped in, so the loaded one serves
 * until the new one is ready and stays when the new one fails (SpecUnavailableError). `stamp` is asked for
 * the reload's version once it succeeded (the admin's reload moves the database's stamp there); without it
 * the version stays. An older version never replaces a newer one.
 */
export async function reloadSpec(set: DocSetId, stamp?: () => Promise<number>): Promise<LoadedDocSet> {
  const loaded = await loadDocSet(set);
  const version = stamp ? await stamp() : (cache.get(set)?.version ?? knownVersions.get(set) ?? 0);
  noteSpecVersion(set, version);
  const current = cache.get(set);
  if (!current || current.version <= version) {
    cache.set(set, { loaded: Promise.resolve(loaded), version });
    for (const listener of reloadListeners) listener(set);
  }
  return loaded;
}

/** Tells this process a set's current version stamp, which later first loads stand for. */
export function noteSpecVersion(set: DocSetId, version: number): void {
  knownVersions.set(set, Math.max(version, knownVersions.get(set) ?? 0));
}

/** The version each set loaded (or being loaded) in this process stands for. */
export function loadedSpecVersions(): Map<DocSetId, number> {
  return new Map([...cache].map(([set, entry]) => [set, entry.version]));
}
