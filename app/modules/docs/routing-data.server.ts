import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/modules/env/env.server";
import { fetchJsonVetted } from "~/modules/net/outbound.server";
import { docSetPath, getDocSet, type DocSetId } from "~/modules/registry/registry";
import { writtenPagePaths } from "./doc-pages";
import { buildNavigation, type NavigationItem } from "./navigation";
import { normaliseSwagger2, type ApiModel } from "./spec-model";

/** What /api/routing/data/{apiName} answers (SPEC.md section 3). */
export interface RoutingData {
  routes: string[];
  navigationItems: NavigationItem[];
  swaggerSpec: unknown;
  baseUrl: string;
}

export interface LoadedDocSet {
  model: ApiModel;
  routing: RoutingData;
}

/** The spec could not be fetched or processed: the routing API answers 500, the site its error page. */
export class SpecUnavailableError extends Error {}

/** A set's spec comes from content/specs/{id}.json unless DOCS_SPEC_SOURCES names a URL or file. */
async function fetchSpec(set: DocSetId): Promise<unknown> {
  const source = env.DOCS_SPEC_SOURCES[set] ?? path.join("content", "specs", `${set}.json`);
  if (/^https?:\/\//.test(source)) return fetchJsonVetted(source, 10_000);
  return JSON.parse(await fs.readFile(path.resolve(source), "utf8"));
}

async function loadDocSet(set: DocSetId): Promise<LoadedDocSet> {
  let spec: unknown;
  let model: ApiModel;
  try {
    spec = await fetchSpec(set);
    model = normaliseSwagger2(spec);
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
  return { model, routing };
}

/** Built once per spec and process; a failed load is not cached, so a fixed spec is picked up. */
const cache = new Map<DocSetId, Promise<LoadedDocSet>>();

export function getDocSetData(set: DocSetId): Promise<LoadedDocSet> {
  let loaded = cache.get(set);
  if (!loaded) {
    loaded = loadDocSet(set);
    cache.set(set, loaded);
    loaded.catch(() => cache.delete(set));
  }
  return loaded;
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

/** Reads a set's specification again (the admin's "reload specification"). */
export function reloadSpec(set: DocSetId): Promise<LoadedDocSet> {
  cache.delete(set);
  return getDocSetData(set);
}
