import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { setAccess } from "../../app/modules/data-api/access-rules";
import { requestSamples, sampleLanguages, type SampleLanguage } from "../../app/modules/docs/samples";
import { normaliseSwagger2, type ApiModel } from "../../app/modules/docs/spec-model";
import { clientLanguagesOf } from "../../app/modules/docs/exports/downloads";
import { clientFilename } from "../../app/modules/docs/exports/sdk";
import { docSetPath, getDocSet, type DocSetId } from "../../app/modules/registry/registry";
import { apiSamples, missingOutputLine, substitute, type ApiSample, type RunnableLanguage } from "../support/doc-samples";
import { runBatch, type BatchLanguage, type Run } from "../support/doc-samples-batch";
import { keyFor, trialKey } from "./support/data-api-keys";
import { test } from "./support/test";

/**
 * Every code sample of the documentation runs against the portal's own data API on loopback: the written pages'
 * samples (curl, Node, Python with requests, PHP with Guzzle, R with httr) with the output each one shows, and
 * the request samples generated for every operation page. The samples name the spec's base URL and placeholders;
 * here they get the server under test and a real subscriber's credentials, as a reader would put in theirs.
 */

const sets = Object.keys(setAccess) as DocSetId[];
const pagesRoot = path.resolve("content", "pages");

function specModel(set: DocSetId): ApiModel {
  return normaliseSwagger2(JSON.parse(fs.readFileSync(path.resolve("content", "specs", `${set}.json`), "utf8")));
}

function markdownFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const specBaseUrls = Object.fromEntries(sets.map((set) => [set, specModel(set).baseUrl])) as Record<DocSetId, string>;

/**
 * The placeholders of a set's samples and what they stand for here: every set's base URL, and the credentials
 * of a subscriber of the set, also subscribed to the other sets of its platform the page calls (the company
 * platform's key serves four sets).
 */
async function credentials(
  request: APIRequestContext,
  set: DocSetId,
  origin: string,
  calledSets: readonly DocSetId[] = [set],
): Promise<Record<string, string>> {
  const values: Record<string, string> = Object.fromEntries(sets.map((each) => [specBaseUrls[each], `${origin}/data-api/${each}`]));
  const access = setAccess[set];
  if (access.kind === "trial-key") return { ...values, YOUR_API_KEY: await trialKey() };
  const products = new Set(
    [set, ...calledSets].flatMap((each) => {
      const other = setAccess[each];
      return other.kind !== "trial-key" && other.platform === access.platform ? [other.product] : [];
    }),
  );
  const { account, key } = await keyFor(request, [...products], access.platform);
  return { ...values, YOUR_API_KEY: key, YOUR_USERNAME: account.email, YOUR_PASSWORD: account.password };
}

type Program = RunnableLanguage;
const runners: Record<Program, { file: string; command: string; args: (file: string) => string[] }> = {
  bash: { file: "sample.sh", command: "bash", args: (file) => ["-eo", "pipefail", file] },
  javascript: { file: "sample.mjs", command: "node", args: (file) => [file] },
  // Debian's Python, with the requests and pandas packages .ci/run installs.
  python: { file: "sample.py", command: "/usr/bin/python3", args: (file) => [file] },
  php: { file: "sample.php", command: "php", args: (file) => [file] },
  r: { file: "sample.R", command: "Rscript", args: (file) => [file] },
};

/**
 * A clean folder per run, with the vendor/autoload.php a Composer project would have: Debian's Guzzle, and the
 * classes of the PHP files beside the program (a client installed with Composer).
 */
function workFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "doc-sample-"));
  fs.mkdirSync(path.join(folder, "vendor"));
  fs.writeFileSync(
    path.join(folder, "vendor", "autoload.php"),
    [
      "<?php",
      "require_once '/usr/share/php/GuzzleHttp/autoload.php';",
      "spl_autoload_register(function ($class) {",
      "    $file = dirname(__DIR__) . '/' . $class . '.php';",
      "    if (is_file($file)) require_once $file;",
      "});",
      "",
    ].join("\n"),
  );
  return folder;
}

/** A client file beside the program, and for JavaScript also as the package of its name (npm install). */
function placeClient(folder: string, name: string, content: string): void {
  fs.writeFileSync(path.join(folder, name), content);
  if (!name.endsWith(".mjs")) return;
  const packageName = name.slice(0, -".mjs".length);
  const packageFolder = path.join(folder, "node_modules", packageName);
  fs.mkdirSync(packageFolder, { recursive: true });
  fs.writeFileSync(path.join(packageFolder, name), content);
  fs.writeFileSync(path.join(packageFolder, "package.json"), JSON.stringify({ name: packageName, type: "module", exports: `./${name}` }));
}

/** The environment without any proxy of the machine: the samples call the server on loopback. */
function withoutProxy(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, NO_PROXY: "*" };
  for (const name of Object.keys(environment)) if (/^(https?|all)_proxy$/i.test(name)) delete environment[name];
  return environment;
}

/**
 * Runs one program in its language beside the files given (the portal's clients it loads), without any proxy
 * of the machine, and never longer than the limit.
 */
function run(language: Program, code: string, timeoutMs = 90_000, files: Record<string, string> = {}): Promise<Run> {
  const folder = workFolder();
  const runner = runners[language];
  fs.writeFileSync(path.join(folder, runner.file), code);
  for (const [name, content] of Object.entries(files)) placeClient(folder, name, content);
  return new Promise((resolve) => {
    execFile(
      runner.command,
      runner.args(runner.file),
      { cwd: folder, env: withoutProxy(), encoding: "utf8", timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        fs.rmSync(folder, { recursive: true, force: true });
        const exitCode = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        const missing = error?.code === "ENOENT" ? `${runner.command} is not installed here (.ci/run installs it). ` : "";
        resolve({ exitCode, stdout, stderr: missing + stderr });
      },
    );
  });
}

function report(label: string, code: string, result: Run): string {
  return [
    `${label} exited with ${result.exitCode}`,
    "--- program ---",
    code,
    "--- stdout ---",
    result.stdout.slice(0, 4000),
    "--- stderr ---",
    result.stderr.slice(0, 4000),
  ].join("\n");
}

/** The rate limits count calls per account within a second: a short pause keeps one program's calls from the next's. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

async function checkSample(sample: ApiSample, values: Record<string, string>, label: string, files: Record<string, string>): Promise<void> {
  const code = substitute(sample.code, values);
  const result = await run(sample.language, code, 90_000, files);
  expect(result.exitCode, report(label, code, result)).toBe(0);
  if (!result.stdout.trim()) return;
  expect(sample.expectedOutput, `${label} prints a result but the page shows no output block after it:\n${result.stdout}`).not.toBeNull();
  const missing = missingOutputLine(sample.expectedOutput!, result.stdout);
  expect(missing, `${label}: the output block's line ${JSON.stringify(missing)} is not in what it printed:\n${result.stdout}`).toBeNull();
}

/** The single-file clients the portal offers for a set's download: company_v2_client.py, CompanyV2Client.php, ... */
function clientFiles(set: DocSetId): string[] {
  return clientLanguagesOf(set).map((language) => clientFilename(language, set));
}

/** The clients the pages' samples load, downloaded from the set's downloads as a reader would. */
async function downloadedClients(request: APIRequestContext, set: DocSetId, pages: PageSamples[]): Promise<Record<string, string>> {
  const needed = [...new Set(pages.flatMap((page) => page.samples.flatMap((sample) => sample.clients)))];
  const root = docSetPath(getDocSet(set));
  return Object.fromEntries(
    await Promise.all(
      needed.map(async (file) => {
        const response = await request.get(`${root}/downloads/${file}`);
        expect(response.status(), `${root}/downloads/${file}`).toBe(200);
        return [file, await response.text()] as const;
      }),
    ),
  );
}

interface PageSamples {
  name: string;
  samples: ApiSample[];
  calledSets: DocSetId[];
}

function samplesOf(set: DocSetId, file: string): ApiSample[] {
  return fs.existsSync(file) ? apiSamples(fs.readFileSync(file, "utf8"), Object.values(specBaseUrls), clientFiles(set)) : [];
}

/** What a page's samples run and expect, in order: two pages with the same programs check the same thing. */
const programsOf = (samples: ApiSample[]) =>
  JSON.stringify(samples.map(({ language, code, expectedOutput, clients }) => [language, code, expectedOutput, clients]));

/**
 * The pages of a set in one language that carry API samples. A Chinese page whose programs are its English
 * page's, character for character (most of them: only the prose is translated), is left to the English run.
 */
function pagesWithSamples(set: DocSetId, language: string): PageSamples[] {
  return markdownFiles(path.join(pagesRoot, set, language)).flatMap((file) => {
    const samples = samplesOf(set, file);
    const english =
      language === "en" ? [] : samplesOf(set, path.join(pagesRoot, set, "en", path.relative(path.join(pagesRoot, set, language), file)));
    if (english.length > 0 && programsOf(english) === programsOf(samples)) return [];
    const calledSets = sets.filter((each) => samples.some((sample) => sample.code.includes(specBaseUrls[each])));
    return samples.length ? [{ name: path.relative(pagesRoot, file), samples, calledSets }] : [];
  });
}

/** Runs the tasks, at most `width` at a time. */
async function inPool<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

/**
 * One test per set and language. Most of a sample's time is spent waiting (pacing, polling a report every 5 s),
 * so six pages run side by side, the longest first, each with a subscriber of its own (the rate limits count per
 * key) that runs the page's samples in order, as a reader following the page would: a sample may use what the
 * one before it made.
 */
test.describe("written pages", { tag: "@no-db" }, () => {
  for (const set of sets) {
    for (const language of ["en", "zh"]) {
      const pages = pagesWithSamples(set, language);
      if (pages.length === 0) continue;
      test(`${set}/${language}`, async ({ request, baseURL }) => {
        test.setTimeout(60_000 + pages.reduce((total, page) => total + page.samples.length, 0) * 30_000);
        const failures: string[] = [];
        const clients = await downloadedClients(request, set, pages);
        // Every failing sample of every page is reported, not only the first.
        const attempt = async (step: () => Promise<void>) => {
          try {
            await step();
          } catch (error) {
            failures.push(error instanceof Error ? error.message : String(error));
          }
        };
        const longestFirst = [...pages].sort((one, other) => other.samples.length - one.samples.length);
        await inPool(longestFirst, 6, async ({ name, samples, calledSets }) => {
          await attempt(async () => {
            const values = await credentials(request, set, baseURL!, calledSets);
            for (const sample of samples) {
              const files = Object.fromEntries(sample.clients.map((file) => [file, clients[file]!]));
              await attempt(() => checkSample(sample, values, `${name}, sample ${sample.position} (${sample.language})`, files));
              await pause();
            }
          });
        });
        expect(failures, failures.join("\n\n")).toEqual([]);
      });
    }
  }
});

const programOf: Record<SampleLanguage, Program> = { curl: "bash", python: "python", javascript: "javascript", php: "php", r: "r" };

/** The credential the generated samples carry: the API key, or for fund flows the session's bearer token. */
async function sampleKey(request: APIRequestContext, set: DocSetId, values: Record<string, string>, baseUrl: string): Promise<string> {
  if (setAccess[set].kind !== "session") return values.YOUR_API_KEY!;
  const session = await request.post(`${baseUrl}/Session`, { data: { username: values.YOUR_USERNAME, password: values.YOUR_PASSWORD } });
  expect(session.status()).toBe(200);
  return ((await session.json()) as { data: { token: string }[] }).data[0]!.token;
}

/** Steps of one key start at least this far apart: 4 calls a second. */
const paceMs = 250;

/** Runs the steps one after another, each starting at least `paceMs` after the one before. */
async function paced<T>(items: readonly T[], step: (item: T) => Promise<void>): Promise<void> {
  for (const item of items) {
    const started = Date.now();
    await step(item);
    const wait = paceMs - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Python and R load their interpreter and HTTP library once for all the samples of a set, not once per sample. */
const batched: Partial<Record<SampleLanguage, BatchLanguage>> = { python: "python", r: "r" };

/** One language's samples, paced for one key, each allowed 30 s. */
async function runSamples(language: SampleLanguage, samples: readonly string[]): Promise<Run[]> {
  const batch = batched[language];
  if (batch) return runBatch(batch, samples, { paceMs, timeoutMs: samples.length * 30_000, env: withoutProxy() });
  const results: Run[] = [];
  await paced(samples, async (sample) => {
    results.push(await run(programOf[language], sample, 30_000));
  });
  return results;
}

test.describe("generated request samples", { tag: "@no-db" }, () => {
  for (const set of sets) {
    test(`every operation of ${set} in every language`, async ({ request, baseURL }) => {
      const model = specModel(set);
      test.setTimeout(60_000 + model.operations.length * 10_000);
      const base = `${baseURL}/data-api/${set}`;
      // One subscriber per language and one for the plain requests, so all run side by side within each key's rate limit.
      const [statusKey, ...keys] = await Promise.all(
        ["status", ...sampleLanguages].map(async () => sampleKey(request, set, await credentials(request, set, baseURL!), base)),
      );
      // What the API answers each request: every language's sample must send it and report it the same way.
      const statuses = new Map<string, number>();
      const samples = sampleLanguages.map((language, index) =>
        model.operations.map((operation) => requestSamples(model, operation, keys[index]!, base)[language]),
      );
      const [results] = await Promise.all([
        Promise.all(sampleLanguages.map((language, index) => runSamples(language, samples[index]!))),
        paced(model.operations, async (operation) => {
          const direct = await run("bash", `${requestSamples(model, operation, statusKey!, base).curl} -s -o /dev/null -w "%{http_code}"`);
          statuses.set(operation.id, Number(direct.stdout));
        }),
      ]);
      test.info().annotations.push({
        type: "statuses",
        description: model.operations.map((operation) => `${operation.method} ${operation.path}: ${statuses.get(operation.id)}`).join(", "),
      });
      for (const [index, language] of sampleLanguages.entries()) {
        for (const [position, operation] of model.operations.entries()) {
          const status = statuses.get(operation.id)!;
          const sample = samples[index]![position]!;
          const result = results[index]![position]!;
          const label = `${set} ${operation.method.toUpperCase()} ${operation.path} (${language}, HTTP ${status})`;
          if (status < 400 || language === "curl" || language === "php") {
            expect(result.exitCode, report(label, sample, result)).toBe(0);
            expect(result.stdout.trim(), report(label, sample, result)).not.toBe("");
          } else {
            expect(result.exitCode, report(label, sample, result)).not.toBe(0);
          }
        }
      }
    });
  }
});
