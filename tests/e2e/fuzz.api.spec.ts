import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { bodyLimitFor } from "../../app/modules/http/policy";
import { listRoutes, type RouteEntry } from "../support/route-map";
import { createAccount, signInToken, type Product } from "./support/accounts";
import { e2eDb } from "./support/database";
import { createRandom, type Random } from "../../app/modules/catalog/random";
import { docSets } from "../../app/modules/registry/registry";
import { test } from "./support/test";

/**
 * Security issue "no 5xx on malformed input" (review findings 6, 8, 10, 13, 19, 20): thousands of malformed
 * requests, generated from a fixed seed, against every resource route of remix.config.js and every page
 * action, by visitors, broken cookies and real sessions. No answer may be a 5xx; cross-site writes are a
 * 403 without an incident, bodies past the limit a 413.
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

const SEED = 0x5eed_2026;
const CONCURRENCY = 8;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
/** The fuzz's own client address (TRUST_PROXY=1 on the e2e server), so its rate-limit budget is nobody else's. */
const FUZZ_ADDRESS = "203.0.113.77";
/** The e2e server keeps the default limits (env BODY_LIMIT_BYTES / UPLOAD_LIMIT_BYTES). */
const BODY_LIMITS = { body: 1024 * 1024, upload: 5 * 1024 * 1024 };
const CROSS_SITE_MARKER = "fuzz-cross-site";

function pick<T>(rng: Random, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function seededUuid(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------------------------------------
// The URL map

function exportsAction(file: string): boolean {
  const source = fs.readFileSync(path.resolve("app", file), "utf8");
  return /export\s+(?:async\s+function|const)\s+action\b/.test(source);
}

/** Resource routes (outside the `:lang?` layout) and page routes whose module exports an action. */
function fuzzTargets(): RouteEntry[] {
  return listRoutes().filter((entry) => !entry.pattern.startsWith(":lang?") || exportsAction(entry.file));
}

// ---------------------------------------------------------------------------------------------------------
// Paths: dynamic segments filled with plausible and implausible values

interface Fixtures {
  feedId: string;
  dumpId: string;
  fileId: string;
  rng: Random;
}

const IMPLAUSIBLE_SEGMENTS = ["..%2f..%2fpackage.json", "%00", "x".repeat(5000), "__proto__", "constructor", "%E0%A4%A", "%ZZ", "%2e%2e"];

function plausibleSegments(name: string, fixtures: Fixtures): string[] {
  const table: Record<string, string[]> = {
    kind: ["general-inquiry", "report-bug", "request-feature", "business-inquiry"],
    operation: ["generate-macro-token", "verify-macro-token", "verify-company-token", "generate-intelligence-token"],
    apiName: ["macroeconomic", "company-v2", "fund-flows"],
    set: ["macroeconomic", "api-v2", "company-v2"],
    vendor: ["econ", "flows"],
    file: ["swagger.json", "openapi.json"],
    fileId: [fixtures.fileId],
    platform: ["econ", "corp", "intel"],
    feedId: [fixtures.feedId],
    dumpId: [fixtures.dumpId],
    token: ["a".repeat(43)],
    product: ["macroeconomic"],
  };
  return table[name] ?? ["x"];
}

function segmentValues(segment: string, fixtures: Fixtures): string[] {
  if (segment === "*") return ["overview"];
  if (!segment.startsWith(":")) return [segment];
  return [...plausibleSegments(segment.replace(/^:|\?$/g, ""), fixtures), seededUuid(fixtures.rng)];
}

interface ConcretePaths {
  /** Every segment plausible: the requests that reach the route's own code. */
  plausible: string[];
  /** Those and the variations with one dynamic segment implausible. */
  all: string[];
}

/**
 * Concrete paths of a pattern, in English and Chinese for pages: all segments plausible, then each dynamic
 * segment in turn replaced by its other plausible values and by every implausible one.
 */
function concretePaths(pattern: string, fixtures: Fixtures): ConcretePaths {
  const segments = pattern.split("/").filter(Boolean);
  const page = segments[0] === ":lang?";
  const values = segments.map((segment) => segmentValues(segment, fixtures));
  const join = (parts: string[]) => `/${parts.filter(Boolean).join("/")}`;
  const plausible: string[] = [];
  const all: string[] = [];
  for (const language of page ? ["", "zh"] : [null]) {
    const base = values.map((options, index) => (page && index === 0 ? language! : options[0]!));
    plausible.push(join(base));
    segments.forEach((segment, index) => {
      if ((!segment.startsWith(":") && segment !== "*") || (page && index === 0)) return;
      for (const value of [...values[index]!.slice(1), ...IMPLAUSIBLE_SEGMENTS])
        all.push(join(base.map((part, i) => (i === index ? value : part))));
    });
  }
  // Page actions also answer Remix's single-fetch form of the same URL.
  if (page) plausible.push(...plausible.map((item) => `${item}.data`));
  return { plausible, all: [...plausible, ...all] };
}

// ---------------------------------------------------------------------------------------------------------
// Identities

interface Identity {
  name: string;
  headers: Record<string, string>;
  /** Real sessions are signed out only in the last phase, so the rest of the run keeps them. */
  session: boolean;
}

const GARBAGE_ALPHABET = "abcXYZ0123456789!#$%&'()*+-./:<=>?@[]^_`{|}~;= \"\\";

function garbage(rng: Random, length: number): string {
  return Array.from({ length }, () => pick(rng, [...GARBAGE_ALPHABET])).join("");
}

async function sessionIdentity(
  playwright: Playwright,
  baseURL: string,
  name: string,
  products: Product[],
  isAdmin = false,
): Promise<Identity & { email: string }> {
  const account = await createAccount({ products, isAdmin });
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account);
  await signIn.dispose();
  return { name, headers: { Cookie: `token=${token}` }, session: true, email: account.email };
}

// ---------------------------------------------------------------------------------------------------------
// Bodies

interface Body {
  label: string;
  contentType?: string;
  data?: Buffer;
}

const HUGE_STRING = "x".repeat(200_000);
const CONTACT_FIELDS = [
  "name",
  "email",
  "subject",
  "text",
  "sdk",
  "product",
  "firstName",
  "lastName",
  "companyName",
  "country",
  "phoneNumber",
  "website",
];
const PROFILE_FIELDS = ["firstName", "lastName", "jobPosition", "jobDescription"];
const ECON_FIELDS = [
  "name",
  "database",
  "seriesIds",
  "frequency",
  "format",
  "status",
  "deliveryMethod",
  "ftpUrl",
  "ftpUsername",
  "ftpPassword",
  "ftpPath",
  "notificationMethod",
  "notificationEmail",
  "notificationUrl",
  "keyword",
  "country",
  "seriesFrequency",
  "fullDump",
  "vintages",
  "username",
];
/** The company forms' fields (products/corp/corp-form.ts), with the shared ones. */
const CORP_FIELDS = [
  "intent",
  "name",
  "companyIds",
  "keyword",
  "country",
  "employeesFrom",
  "employeesTo",
  "statementYear",
  "accountName",
  "accountFrom",
  "profile",
  "statements",
  "currency",
  "financialStandards",
  "deliveryMethod",
  "ftpUrl",
  "notificationEmail",
  "username",
];
/** The fields of each route module, or of each address where one module serves several (the products' JSON API). */
const FIELDS_BY_ROUTE: Record<string, string[]> = {
  "routes/api/form.ts": CONTACT_FIELDS,
  "routes/public/contact-form.tsx": CONTACT_FIELDS,
  "routes/api/auth-save-profile.ts": PROFILE_FIELDS,
  "routes/dashboard/profile.tsx": PROFILE_FIELDS,
  "routes/api/auth-token.ts": ["token"],
  "routes/dashboard/token-management.tsx": ["intent", "platform", "confirm", "token"],
  "routes/public/login-platform.tsx": ["email", "password", "redirectTo"],
  "routes/public/reset-password.tsx": ["email"],
  "routes/public/reset-password-token.tsx": ["password", "confirmPassword"],
  "routes/dashboard/products/feeds.tsx": ["intent", "feedId", "confirm"],
  "routes/dashboard/products/feed-details.tsx": ["intent", "confirm"],
  "routes/dashboard/products/dumps.tsx": ["intent", "dumpId"],
  "routes/dashboard/products/dump-details.tsx": ["intent"],
  "routes/dashboard/products/create-feed.tsx": [...ECON_FIELDS, ...CORP_FIELDS],
  "routes/dashboard/products/edit-feed.tsx": [...ECON_FIELDS, ...CORP_FIELDS],
  "routes/dashboard/products/create-dump.tsx": [...ECON_FIELDS, ...CORP_FIELDS],
  "api/econ-feed": ECON_FIELDS,
  "api/econ-feed/preview": ECON_FIELDS,
  "api/econ-dump": ECON_FIELDS,
  "api/econ-dump/preview": ECON_FIELDS,
  "api/econ-delete-feeds": ["ids"],
  "api/econ-run-dump": ["ids"],
  "api/econ-recover-feed": ["id"],
  "api/econ-dump-cancel": ["id"],
  "api/corp-feed": CORP_FIELDS,
  "api/corp-feed/edit": CORP_FIELDS,
  "api/corp-feed/preview": CORP_FIELDS,
  "api/corp-dump": CORP_FIELDS,
  "api/corp-dump/preview": CORP_FIELDS,
  "api/corp-delete-feeds": ["ids"],
  "api/corp-run-dump": ["ids"],
  "routes/api/auth-change-password.ts": ["currentPassword", "newPassword"],
  "routes/dashboard/password.tsx": ["currentPassword", "newPassword", "confirmPassword"],
  "routes/dashboard/sessions.tsx": ["intent", "handle"],
  "routes/dashboard/delete-account.tsx": ["email"],
  "routes/api/auth-webhook-test.ts": ["target"],
  "routes/dashboard/webhooks.tsx": ["intent", "target"],
  "routes/docs/code-language.ts": ["language", "back"],
};
/** A route nobody listed yet gets every field the portal knows. */
const ALL_FIELDS = [...new Set([...Object.values(FIELDS_BY_ROUTE).flat(), "id", "ids", "q"])];

const json = (label: string, text: string): Body => ({ label, contentType: "application/json", data: Buffer.from(text) });
const form = (label: string, text: string): Body => ({ label, contentType: "application/x-www-form-urlencoded", data: Buffer.from(text) });
const each = (fields: string[], value: (field: string) => unknown) =>
  JSON.stringify(Object.fromEntries(fields.map((field) => [field, value(field)])));
const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

function multipart(boundary: string, parts: { name: string; filename?: string; value: Buffer | string }[]): Buffer {
  const chunks = parts.flatMap(({ name, filename, value }) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\n`),
    Buffer.from(filename ? "Content-Type: application/octet-stream\r\n\r\n" : "\r\n"),
    Buffer.from(value),
    Buffer.from("\r\n"),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/** Every body variant, given the route's fields; each is built only when its request is sent. */
const BODY_VARIANTS: ((fields: string[], rng: Random, fixtures: Fixtures) => Body)[] = [
  (fields, rng) =>
    json(
      "numbers",
      each(fields, () => pick(rng, [0, -1, 1.5, 42, 1e21])),
    ),
  (fields) =>
    json(
      "booleans",
      each(fields, () => true),
    ),
  (fields) =>
    json(
      "nulls",
      each(fields, () => null),
    ),
  (fields) =>
    json(
      "arrays",
      each(fields, () => ["a", 1, null]),
    ),
  (fields) =>
    json(
      "objects",
      each(fields, () => ({ a: "b", nested: { c: [1] } })),
    ),
  (fields) =>
    json(
      "huge strings",
      each(fields.slice(0, 4), () => HUGE_STRING),
    ),
  (fields) =>
    json(
      "huge numbers",
      `{${fields.map((field, index) => `"${field}":${["1e400", "-1e400", "123456789012345678901234567890", "9007199254740993", "-0"][index % 5]}`).join(",")}}`,
    ),
  (fields) =>
    json(
      "20,000 items",
      each(fields.slice(0, 3), (field) => Array.from({ length: 20_000 }, (_, index) => (/id/i.test(field) ? `id-${index}` : index))),
    ),
  (fields) => json("deep array in a field", `{"${fields[0]}":${deepArray(10_000)}}`),
  (fields) => json("deep object in a field", `{"${fields[fields.length - 1]}":${deepObject(10_000)}}`),
  () => json("deep array body", deepArray(10_000)),
  () => json("deep object body", deepObject(10_000)),
  (fields) =>
    json(
      "toString values",
      each(fields, () => ({ toString: 1, valueOf: 1 })),
    ),
  (fields) =>
    json(
      "toString entries",
      each(fields, () => [{ toString: 1 }, { valueOf: "x" }]),
    ),
  () => json("__proto__ body", '{"__proto__":{"x":1,"isAdmin":true},"constructor":{"prototype":{"x":1}},"toString":1,"hasOwnProperty":1}'),
  () => json("invalid JSON", '{"oops": [1, 2,'),
  (_fields, rng) => json("JSON scalar", pick(rng, ["null", "123", '"text"', "[]", "true", "1e400"])),
  (fields) => ({
    label: "invalid UTF-8 in JSON",
    contentType: "application/json",
    data: Buffer.concat([Buffer.from(`{"${fields[0]}":"`), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  }),
  () => ({ label: "empty JSON body", contentType: "application/json", data: Buffer.alloc(0) }),
  (fields) => ({ label: "JSON as text/plain", contentType: "text/plain", data: Buffer.from(each(fields, () => "plain")) }),
  (fields) => ({ label: "multipart without boundary", contentType: "multipart/form-data", data: Buffer.from(`${fields[0]}=x`) }),
  (fields) => ({
    label: "multipart with a broken boundary",
    contentType: "multipart/form-data; boundary=fuzz",
    data: Buffer.from(`--other\r\nContent-Disposition: form-data; name="${fields[0]}"\r\n\r\nx`),
  }),
  (fields) => ({
    label: "multipart with files",
    contentType: "multipart/form-data; boundary=fuzzbound",
    data: multipart(
      "fuzzbound",
      fields.map((name) => ({ name, filename: "a.bin", value: Buffer.from([0, 0xff, 0x89, 0x50]) })),
    ),
  }),
  (fields) => form("form to a JSON route or form fields", fields.map((field) => `${field}=value`).join("&")),
  (fields) =>
    form(
      "malformed percent-encoding",
      [...fields.map((field, index) => `${field}=${index % 2 ? "%ZZ" : "%E0%A4%A"}`), "%ZZ=1", "%=%", "a%"].join("&"),
    ),
  (fields) =>
    form(
      "huge form values",
      fields
        .slice(0, 4)
        .map((field) => `${field}=${HUGE_STRING}`)
        .join("&"),
    ),
  () =>
    form(
      "prototype field names",
      "__proto__.x=1&constructor[prototype][x]=1&__proto__[isAdmin]=1&toString=1&__proto__=1&constructor=1&prototype=1",
    ),
  (fields) =>
    form("repeated and [] fields", fields.flatMap((field) => [`${field}=a`, `${field}=b`, `${field}[]=c`, `${field}[0][x]=d`]).join("&")),
  // Not 50,000: the econ page actions read such a form in quadratic time and stall the server shared with other specs.
  () => form("5,000 fields", Array.from({ length: 5_000 }, (_, index) => `f${index}=1`).join("&")),
  (fields) => ({
    label: "invalid UTF-8 in a form",
    contentType: "application/x-www-form-urlencoded",
    data: Buffer.concat([Buffer.from(`${fields[0]}=`), Buffer.from([0xc3, 0x28, 0xff, 0xfe])]),
  }),
  (fields, _rng, fixtures) =>
    form(
      "plausible intents with bad ids",
      `intent=${pick(fixtures.rng, ["delete", "run", "cancel", "generate", "verify"])}&confirm=yes&feedId=__proto__&dumpId=%00&platform=constructor&id=${fixtures.feedId}&${fields[0]}=${"9".repeat(400)}`,
    ),
  (_fields, rng) => ({
    label: "random bytes",
    contentType: pick(rng, ["application/octet-stream", "application/json; charset=utf-16", ";;;", "text/html"]),
    data: Buffer.from(Array.from({ length: 4096 }, () => Math.floor(rng() * 256))),
  }),
  () => ({ label: "no body" }),
];

function overLimitBody(pathname: string): Body {
  const size = bodyLimitFor(pathname, BODY_LIMITS) + 1024;
  return { label: `body of ${size} bytes`, contentType: "application/json", data: Buffer.from(`{"a":"${"x".repeat(size - 8)}"}`) };
}

// ---------------------------------------------------------------------------------------------------------
// Query strings

const QUERY_VARIANTS: ((rng: Random, fixtures: Fixtures) => string)[] = [
  () => "?%ZZ=1&id=%E0%A4%A&q=%",
  () => `?q=${"q".repeat(5000)}&id=${"9".repeat(400)}`,
  () => "?id[]=1&id[]=2&ids=__proto__&__proto__[x]=1&constructor=1&toString=1",
  () => "?page=-1&pageSize=1e309&limit=NaN&offset=99999999999999999999&sort=%3Bdrop&order=sideways",
  (_rng, fixtures) => `?id=${fixtures.feedId}&ids=${fixtures.dumpId},${fixtures.dumpId}&username=nobody&deleted=1&status=nope`,
  () => "?redirectTo=%0d%0aLocation:%20//evil.example&lang=xx&apiName=..%2f&path=%00",
  (rng) => `?${["id", "q", "status", "database", "keyword"].map((name) => `${name}=${encodeURIComponent(garbage(rng, 40))}`).join("&")}`,
];

// ---------------------------------------------------------------------------------------------------------
// The plan

interface FuzzCase {
  method: string;
  path: string;
  identity: Identity;
  body: () => Body;
  /** Extra headers (foreign Origin or Referer). */
  headers?: Record<string, string>;
  expected?: number;
}

function planFor(target: RouteEntry, identities: Identity[], fixtures: Fixtures, rng: Random): FuzzCase[] {
  const fields = FIELDS_BY_ROUTE[target.pattern] ?? FIELDS_BY_ROUTE[target.file] ?? ALL_FIELDS;
  const paths = concretePaths(target.pattern, fixtures);
  let turn = 0;
  // Every other request goes to a plausible path, the rest cycle through all of them.
  const nextPath = () => {
    const list = turn % 2 === 0 ? paths.plausible : paths.all;
    const chosen = list[Math.floor(turn / 2) % list.length]!;
    turn += 1;
    return chosen;
  };
  const sessions = identities.filter((identity) => identity.session);
  const variant = (index: number) => () => BODY_VARIANTS[index]!(fields, rng, fixtures);
  const cases: FuzzCase[] = [];

  // Each method by each identity, a seeded half of the pairs, with a body picked at random.
  for (const identity of identities) {
    for (const method of METHODS) {
      if (rng() < 0.55) continue;
      cases.push({ method, path: nextPath(), identity, body: variant(Math.floor(rng() * BODY_VARIANTS.length)) });
    }
  }
  // Every body variant once, mostly by real sessions so authenticated routes parse it.
  BODY_VARIANTS.forEach((_, index) => {
    const identity = rng() < 0.8 ? pick(rng, sessions) : pick(rng, identities);
    cases.push({ method: rng() < 0.6 ? "POST" : pick(rng, WRITE_METHODS), path: nextPath(), identity, body: variant(index) });
  });
  // Malformed query strings.
  for (const query of QUERY_VARIANTS) {
    cases.push({
      method: pick(rng, ["GET", "GET", "POST", "DELETE"]),
      path: `${nextPath()}${query(rng, fixtures)}`,
      identity: pick(rng, identities),
      body: () => ({ label: "no body" }),
    });
  }
  // A foreign page's write: refused before any route runs.
  const plain = paths.all.filter((item) => item.length < 1000);
  const foreign = pick<Record<string, string>>(rng, [
    { Origin: "https://evil.example" },
    { Referer: "https://evil.example/page" },
    { Origin: "null" },
    { Origin: "http://127.0.0.1.evil.example" },
  ]);
  cases.push({
    method: pick(rng, WRITE_METHODS),
    path: `${pick(rng, plain)}?${CROSS_SITE_MARKER}=1`,
    identity: pick(rng, sessions),
    body: variant(Math.floor(rng() * BODY_VARIANTS.length)),
    headers: foreign,
    expected: 403,
  });
  // Just past the 1 MB body limit; the 5 MB upload limit is left out, as the server cuts such an upload off before its 413 arrives.
  const bigPaths = plain.filter((item) => bodyLimitFor(item, BODY_LIMITS) === BODY_LIMITS.body);
  if (bigPaths.length > 0) {
    const bigPath = pick(rng, bigPaths);
    cases.push({
      method: pick(rng, WRITE_METHODS),
      path: bigPath,
      identity: pick(rng, sessions),
      body: () => overLimitBody(bigPath),
      expected: 413,
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------------
// Running

interface Outcome {
  fuzzCase: FuzzCase;
  status: number;
  label: string;
  snippet: string;
}

function describe({ fuzzCase, status, label, snippet }: Outcome): string {
  const shownPath = fuzzCase.path.length > 120 ? `${fuzzCase.path.slice(0, 117)}...` : fuzzCase.path;
  return `${status} ${fuzzCase.method} ${shownPath} as ${fuzzCase.identity.name}, body: ${label}${fuzzCase.headers ? `, headers: ${JSON.stringify(fuzzCase.headers)}` : ""} -> ${snippet}`;
}

async function send(request: APIRequestContext, fuzzCase: FuzzCase): Promise<Outcome> {
  const body = fuzzCase.body();
  // A fresh connection each time: after an answer that left the body unread, the server cannot take another request on the socket.
  const headers: Record<string, string> = {
    Connection: "close",
    "X-Forwarded-For": FUZZ_ADDRESS,
    ...fuzzCase.identity.headers,
    ...fuzzCase.headers,
  };
  if (body.contentType !== undefined) headers["Content-Type"] = body.contentType;
  let response: APIResponse;
  try {
    response = await request.fetch(fuzzCase.path, {
      method: fuzzCase.method,
      headers,
      data: body.data,
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: 30_000,
    });
  } catch (error) {
    // A dropped connection is no answer at all: counted with the 5xx.
    return { fuzzCase, status: 599, label: body.label, snippet: `no response: ${String(error).split("\n")[0]}` };
  }
  const snippet = response.status() >= 500 ? (await response.text().catch(() => "")).replace(/\s+/g, " ").slice(0, 160) : "";
  return { fuzzCase, status: response.status(), label: body.label, snippet };
}

/** At most `limit` requests in flight, so the shared server keeps answering the other specs. */
async function runPool(request: APIRequestContext, cases: FuzzCase[], limit: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) outcomes.push(await send(request, cases[next++]!));
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return outcomes;
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures: the subscriber's own feed, dump and file

async function createFixtures(playwright: Playwright, baseURL: string, subscriberCookie: string, rng: Random): Promise<Fixtures> {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: subscriberCookie, "X-Forwarded-For": FUZZ_ADDRESS },
  });
  const database = ((await (await api.get("/api/econ-options")).json()) as { databases: { value: string }[] }).databases[0]!.value;
  const preview = (await (await api.post("/api/econ-feed/preview", { data: { database } })).json()) as { items: { id: string }[] };
  const seriesIds = preview.items.slice(0, 2).map((item) => item.id);
  const feed = await api.post("/api/econ-feed", { data: { name: "Fuzz feed", database, seriesIds, format: "json" } });
  expect(feed.status()).toBe(201);
  const dump = await api.post("/api/econ-dump", { data: { name: "Fuzz dump", database, seriesIds, format: "json" } });
  expect(dump.status()).toBe(201);
  const dumpId = ((await dump.json()) as { id: string }).id;
  const fileUrl = async () =>
    ((await (await api.get(`/api/econ-dumps?ids=${dumpId}`)).json()) as { dumps: { files: { downloadUrl: string }[] }[] }).dumps[0]
      ?.files[0]?.downloadUrl;
  await expect.poll(fileUrl, { timeout: 20_000, intervals: [250, 500, 1000] }).toMatch(/\/api\/files\//);
  const fileId = (await fileUrl())!.split("/api/files/")[1]!;
  const fixtures = { feedId: ((await feed.json()) as { id: string }).id, dumpId, fileId, rng };
  await api.dispose();
  return fixtures;
}

async function incidentCount(pathnames: Set<string>): Promise<number> {
  const rows = await e2eDb().selectFrom("incidents").select(["path", "query"]).execute();
  return rows.filter((row) => pathnames.has(row.path) || row.query.includes(CROSS_SITE_MARKER)).length;
}

/**
 * The cases this run sends: E2E_SHARE "k/n" or "k,l/n" (tests/e2e/support/run-e2e.mjs) takes every n-th from the k-th
 * (and the l-th), so the two databases' runs share the generated requests (each route meets both); unset, all of them.
 */
function runShare<T>(items: readonly T[], share = process.env.E2E_SHARE ?? "1/1"): T[] {
  const [ks = "1", n = "1"] = share.split("/");
  const taken = new Set(ks.split(",").map((k) => Number(k) - 1));
  return items.filter((_, index) => taken.has(index % Number(n)));
}

test("[fuzz] 2,000+ malformed requests across every /api route and page action, shared between the databases, never answer 5xx", async ({
  playwright,
}) => {
  // About 3 minutes on 2 idle cores; room for a busy CI machine.
  test.setTimeout(360_000);
  const baseURL = test.info().project.use.baseURL!;
  const rng = createRandom("fuzz", SEED);

  const admin = await sessionIdentity(playwright, baseURL, "admin", ["macroeconomic", "company", "documents", "intelligence"], true);
  const subscriber = await sessionIdentity(playwright, baseURL, "macroeconomic subscriber", ["macroeconomic"]);
  const unsubscribed = await sessionIdentity(playwright, baseURL, "visitor without subscriptions", []);
  const identities: Identity[] = [
    // An explicit empty Cookie keeps the context's jar (toast cookies from earlier answers) out of it.
    { name: "visitor", headers: { Cookie: "" }, session: false },
    { name: "cookie %E0%A4%A", headers: { Cookie: "token=%E0%A4%A" }, session: false },
    { name: "cookie a.b.c", headers: { Cookie: "token=a.b.c; token=; =x; token" }, session: false },
    { name: "cookie of 10 kB garbage", headers: { Cookie: `token=${garbage(rng, 10_000)}` }, session: false },
    admin,
    subscriber,
    unsubscribed,
  ];
  const fixtures = await createFixtures(playwright, baseURL, subscriber.headers.Cookie!, rng);

  const targets = fuzzTargets();
  expect(targets.map((target) => target.pattern)).toEqual(
    expect.arrayContaining(["api/econ-feed", "api/*", ":lang?/dashboard/profile", ":lang?/login/:platform"]),
  );
  const planned = targets.map((target) => ({ pattern: target.pattern, cases: planFor(target, identities, fixtures, rng) }));
  // Two or more requests for each route, one after the other: each database's share holds some of every route's.
  expect(planned.filter((plan) => plan.cases.length < 2).map((plan) => plan.pattern)).toEqual([]);
  const generated = planned.flatMap((plan) => plan.cases);
  expect(generated.length).toBeGreaterThanOrEqual(2000);
  const cases = runShare(generated);
  // Signing out ends the sessions the rest of the run uses, so those requests go last.
  const signsOut = (fuzzCase: FuzzCase) => /logout/.test(fuzzCase.path);
  const crossSitePaths = new Set(
    cases.filter((fuzzCase) => fuzzCase.expected === 403).map((fuzzCase) => new URL(fuzzCase.path, baseURL).pathname),
  );
  const incidentsBefore = await incidentCount(crossSitePaths);

  const request = await playwright.request.newContext({ baseURL });
  const started = Date.now();
  const outcomes = [
    ...(await runPool(
      request,
      cases.filter((fuzzCase) => !signsOut(fuzzCase)),
      CONCURRENCY,
    )),
    ...(await runPool(request, cases.filter(signsOut), 1)),
  ];
  await request.dispose();
  test.info().annotations.push({
    type: "fuzz",
    description: `${outcomes.length} requests to ${targets.length} routes in ${Date.now() - started} ms`,
  });

  const failures = outcomes.filter((outcome) => outcome.status >= 500).map(describe);
  const wrongRefusals = outcomes
    .filter((outcome) => outcome.fuzzCase.expected !== undefined && outcome.status !== outcome.fuzzCase.expected)
    .map(describe);
  expect(failures).toEqual([]);
  expect(wrongRefusals).toEqual([]);
  expect(await incidentCount(crossSitePaths)).toBe(incidentsBefore);
  expect(outcomes.length).toBe(cases.length);
});

// ---------------------------------------------------------------------------------------------------------
// Request shapes that never reach a route's own code (review 2026-11-26, N4 and N6)

const SHAPES_MARKER = "fuzz-request-shape";

/** A route pattern as one path: no language prefix, every parameter "x", a splat "overview". */
function samplePath(pattern: string): string {
  const segments = pattern
    .split("/")
    .filter((segment) => segment && segment !== ":lang?")
    .map((segment) => (segment === "*" ? "overview" : segment.startsWith(":") ? "x" : segment));
  return `/${segments.join("/")}`;
}

interface RawAnswer {
  status: number;
  headers: string;
}

/** Sends the bytes as they are over a fresh connection; 599 when no status line came back. */
function sendRaw(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const done = () => {
      const [head = ""] = received.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 599);
      resolve({ status, headers: head });
    };
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", done);
    // Written, not ended: Node drops the answer to a request whose client half-closed before it came.
    socket.write(text);
  });
}

interface RawCase {
  label: string;
  text: string;
  expected?: (answer: RawAnswer) => boolean;
}

/** A request line, headers and an optional form body, as raw HTTP/1.1 with Connection: close. */
function rawRequest(line: string, headers: Record<string, string>, body = ""): string {
  const all = { "X-Forwarded-For": FUZZ_ADDRESS, Connection: "close", ...headers };
  const withLength = body ? { ...all, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) } : all;
  return `${line}\r\n${Object.entries(withLength)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n")}\r\n\r\n${body}`;
}

test("[security3-N6] [security3-N4] [security3-item3] odd methods, targets, hosts and origins on every route family never answer 5xx", async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;
  const { host, port } = new URL(baseURL);
  const routes = listRoutes().filter((entry) => entry.pattern !== "");
  const paths = [...new Set([...routes.map((entry) => samplePath(entry.pattern)), "/", "/sw.js", "/favicon.svg", "/healthz"])];
  const account = await sessionIdentity(playwright, baseURL, "subscriber", ["macroeconomic"]);
  const cookie = account.headers.Cookie!;
  const marked = (target: string) => `${target}${target.includes("?") ? "&" : "?"}${SHAPES_MARKER}=1`;
  const is405WithAllow = (answer: RawAnswer) => answer.status === 405 && /\r\nAllow: GET, HEAD, OPTIONS, POST/i.test(answer.headers);
  const cases: RawCase[] = [];

  // N6: TRACE and CONNECT are a 405 with Allow on every route family; TRACK, a method Node's parser does not know, its 400.
  for (const target of paths) {
    cases.push({
      label: "TRACE",
      text: rawRequest(`TRACE ${marked(target)} HTTP/1.1`, { Host: host, Cookie: cookie }),
      expected: is405WithAllow,
    });
    cases.push({
      label: "TRACK",
      text: rawRequest(`TRACK ${marked(target)} HTTP/1.1`, { Host: host }),
      expected: (answer) => answer.status === 400,
    });
  }
  for (const authority of [host, "evil.example:443", "[::1]:80"]) {
    cases.push({ label: "CONNECT", text: rawRequest(`CONNECT ${authority} HTTP/1.1`, { Host: authority }), expected: is405WithAllow });
  }

  // N6: absolute-form and asterisk targets, and hosts no URL can be built from, are a 400.
  const isBadRequest = (answer: RawAnswer) => answer.status === 400;
  for (const target of [
    "/",
    "/api/auth/user",
    "/data-api/macroeconomic/dictionary/regions",
    "/contact/general-inquiry",
    "/docs/econ/macroeconomic",
  ]) {
    for (const method of ["GET", "POST", "HEAD"]) {
      const body = method === "POST" ? "a=b" : "";
      cases.push({
        label: "absolute-form",
        text: rawRequest(`${method} ${baseURL}${marked(target)} HTTP/1.1`, { Host: host }, body),
        expected: isBadRequest,
      });
    }
    for (const badHost of ["a b", "[::1", "%zz", "127.0.0.1:99999"]) {
      cases.push({ label: "bad Host", text: rawRequest(`GET ${marked(target)} HTTP/1.1`, { Host: badHost }), expected: isBadRequest });
    }
    for (const [name, value] of [
      ["X-Forwarded-Host", "a b"],
      ["X-Forwarded-Host", "x:99999999"],
      ["X-Forwarded-Proto", "1http"],
    ] as const) {
      cases.push({
        label: `bad ${name}`,
        text: rawRequest(`GET ${marked(target)} HTTP/1.1`, { Host: host, [name]: value }),
        expected: isBadRequest,
      });
    }
  }
  for (const line of [
    "GET * HTTP/1.1",
    "OPTIONS * HTTP/1.1",
    "POST * HTTP/1.1",
    "GET http://[::1]/ HTTP/1.1",
    `GET http://${host}/ HTTP/1.1`,
  ]) {
    cases.push({ label: "asterisk or absolute", text: rawRequest(line, { Host: host }), expected: isBadRequest });
  }

  // N4: an Origin the portal accepts, with a Host or X-Forwarded-Host that differs, on every page action; reads of .data with foreign Origins.
  const pageActions = fuzzTargets().filter((entry) => entry.pattern.startsWith(":lang?"));
  expect(pageActions.map((entry) => entry.file)).toEqual(
    expect.arrayContaining(["routes/public/contact-form.tsx", "routes/public/login-platform.tsx", "routes/dashboard/profile.tsx"]),
  );
  const mismatches: Record<string, string>[] = [
    { Host: host, Origin: baseURL, "X-Forwarded-Host": "evil.example" },
    { Host: host, Origin: baseURL, "X-Forwarded-Host": "x, evil.example" },
    { Host: `localhost:${port}`, Origin: baseURL },
    { Host: `localhost:${port}`, Origin: `http://localhost:${port}` },
    { Host: "internal.portal:3000", "X-Forwarded-Host": `localhost:${port}`, Origin: `http://localhost:${port}` },
  ];
  const identities: Record<string, string>[] = [{}, { Cookie: cookie }];
  const isNot5xxNor403 = (answer: RawAnswer) => answer.status < 500 && answer.status !== 403;
  for (const entry of pageActions) {
    const target = marked(samplePath(entry.pattern).replace("/login/x", "/login/econ").replace("/contact/x", "/contact/general-inquiry"));
    for (const headers of mismatches) {
      for (const identity of identities) {
        cases.push({
          label: "accepted Origin, other host",
          text: rawRequest(`POST ${target} HTTP/1.1`, { ...headers, ...identity }, "a=b"),
          expected: isNot5xxNor403,
        });
      }
    }
    const data = marked(`${samplePath(entry.pattern)}.data`);
    for (const method of ["HEAD", "OPTIONS"]) {
      for (const origin of ["https://evil.example", "null", "not a url"]) {
        cases.push({
          label: `${method} .data, Origin ${origin}`,
          text: rawRequest(`${method} ${data} HTTP/1.1`, { Host: host, Origin: origin }),
        });
      }
    }
  }

  const incidentsBefore = await e2eDb().selectFrom("incidents").select("id").where("query", "like", `%${SHAPES_MARKER}%`).execute();
  const outcomes: { rawCase: RawCase; answer: RawAnswer }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const rawCase = cases[next++]!;
      outcomes.push({ rawCase, answer: await sendRaw(Number(port), rawCase.text) });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const shown = ({ rawCase, answer }: (typeof outcomes)[number]) =>
    `${answer.status} ${rawCase.label}: ${rawCase.text.split("\r\n\r\n")[0]!.replace(/\r\n/g, " | ")}`;
  test.info().annotations.push({ type: "fuzz", description: `${outcomes.length} raw requests` });

  expect(outcomes.filter(({ answer }) => answer.status >= 500).map(shown)).toEqual([]);
  expect(outcomes.filter((outcome) => outcome.rawCase.expected && !outcome.rawCase.expected(outcome.answer)).map(shown)).toEqual([]);
  const incidentsAfter = await e2eDb().selectFrom("incidents").select("id").where("query", "like", `%${SHAPES_MARKER}%`).execute();
  expect(incidentsAfter.length).toBe(incidentsBefore.length);
  expect(outcomes.length).toBeGreaterThan(500);
});

test("[security3-item3] encoded line breaks and NUL under /data-api/ and /api/ get the family's JSON error, in every set", async ({
  request,
}) => {
  const paths = docSets.flatMap(({ id }) =>
    ["x%0ay", "%0d", "%0D%0A", "series/%00", "a%E2%80%A8b", "files/%0a"].map((rest) => `/data-api/${id}/${rest}`),
  );
  for (const path of [...paths, "/data-api/x%0a/y", "/data-api/macroeconomic%0d/regions"]) {
    const response = await request.get(path, { headers: { "X-Forwarded-For": FUZZ_ADDRESS } });
    expect(response.status(), path).toBe(400);
    expect(response.headers()["content-type"], path).toMatch(/^application\/json/);
    expect(await response.json(), path).toEqual({ error: "The path must not contain line breaks or NUL characters.", code: 400 });
  }
  for (const path of ["/api/x%0ay", "/api/auth%0a/user", "/api/econ-feeds%00"]) {
    const response = await request.get(path, { headers: { "X-Forwarded-For": FUZZ_ADDRESS } });
    expect([response.status(), await response.json()], path).toEqual([
      400,
      { error: "The path must not contain line breaks or NUL characters." },
    ]);
  }
});
