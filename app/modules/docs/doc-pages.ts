import type { DocSetId } from "~/modules/registry/registry";

/**
 * The written pages of each documentation set, as paths relative to the set root (SPEC.md section 2).
 * Tag pages (docs/{tag-slug}) are added from the specification. A routed page without a markdown file
 * (SPEC.md names javascript and php basic-pandas and using-proxy) shows an honest empty state.
 */
export const codeLanguages = ["python", "javascript", "php", "r"] as const;
export type CodeLanguage = (typeof codeLanguages)[number];

export function isCodeLanguage(value: unknown): value is CodeLanguage {
  return typeof value === "string" && (codeLanguages as readonly string[]).includes(value);
}

export interface DocSetPages {
  gettingStarted: string[];
  /** quick examples, models and responses pages, in menu order */
  apiDocumentation: { quickExamples: string | null; models: string | null; responses: string | null };
  /**
   * per language: the quick-example topics of its menu, topics that are routed but not listed (SPEC.md routes
   * them without content), and whether a full guide exists
   */
  languages: Partial<Record<CodeLanguage, { topics: string[]; unlistedTopics?: string[]; fullGuide: boolean }>>;
  extras: string[];
  /** getting-started pages served by another set's page */
  sharedPages: Record<string, { set: DocSetId; page: string }>;
}

const macroTopics = [
  "change-default-host",
  "using-dictionary-api",
  "get-series-with-series-api",
  "search-series-by-keyword",
  "get-insight-by-id",
  "search-100-series",
  "get-100-series-1",
  "get-100-series-2",
];
/** Python's own macroeconomic topics; SPEC.md routes them for JavaScript and PHP too, without content or menu entry. */
const macroPythonTopics = ["basic-pandas", "using-proxy"];

const standardApiDocs = { quickExamples: "docs/quick-examples", models: "docs/models", responses: "docs/responses" };
const rootApiDocs = { quickExamples: "quick-examples", models: "models", responses: "responses" };

export const docSetPages: Record<DocSetId, DocSetPages> = {
  macroeconomic: {
    gettingStarted: [
      "prerequisites",
      "authentication",
      "auto-generating-api-code",
      "using-sdk",
      "subscribe-feed",
      "create-feed",
      "create-dump",
      "support-and-resources",
    ],
    apiDocumentation: standardApiDocs,
    languages: {
      python: { topics: [...macroTopics, ...macroPythonTopics], fullGuide: true },
      javascript: { topics: macroTopics, unlistedTopics: macroPythonTopics, fullGuide: true },
      php: { topics: macroTopics, unlistedTopics: macroPythonTopics, fullGuide: true },
    },
    extras: [],
    sharedPages: {},
  },
  sandbox: {
    gettingStarted: ["prerequisites", "api-query-builder", "scope-and-limitations"],
    apiDocumentation: { quickExamples: null, models: "docs/models", responses: "docs/responses" },
    languages: {},
    extras: ["register-trial"],
    sharedPages: {},
  },
  company: {
    gettingStarted: ["prerequisites", "authentication", "auto-generating-api-code", "using-sdk", "support-and-resources"],
    apiDocumentation: rootApiDocs,
    languages: {
      php: {
        topics: [
          "login-setting-up-token",
          "get-list-dictionary-entities",
          "search-retrieve-companies",
          "search-retrieve-statements",
          "get-benchmark-company",
        ],
        fullGuide: false,
      },
    },
    extras: [],
    sharedPages: {},
  },
  "company-v2": {
    gettingStarted: [
      "prerequisites",
      "authentication",
      "auto-generating-api-code",
      "using-sdk",
      "dumps-feeds",
      "create-feed",
      "create-dump",
      "support-and-resources",
    ],
    apiDocumentation: { quickExamples: "quick-examples/using-cursor", models: "models", responses: "responses" },
    languages: {
      python: { topics: ["change-default-host", "use-dictionary-api", "get-company-id", "use-proxy", "cursor-example"], fullGuide: true },
      javascript: { topics: ["change-default-host", "use-dictionary-api", "use-companies-api"], fullGuide: true },
      php: { topics: ["change-default-host", "using-dictionary-api"], fullGuide: true },
    },
    extras: [],
    sharedPages: {},
  },
  documents: {
    gettingStarted: ["prerequisites", "authentication", "auto-generating-api-code", "using-sdk", "subscribe-feed", "support-and-resources"],
    apiDocumentation: rootApiDocs,
    languages: {
      php: {
        topics: [
          "login-setting-up-token",
          "sending-api-requests",
          "get-list-dictionary-entities",
          "use-searchquery",
          "use-search-getdocuments",
          "usage-tracking",
        ],
        fullGuide: false,
      },
    },
    extras: [],
    sharedPages: { "getting-started/authentication": { set: "company", page: "getting-started/authentication" } },
  },
  dealwatch: {
    gettingStarted: ["prerequisites", "authentication", "auto-generating-api-code", "support-and-resources"],
    apiDocumentation: rootApiDocs,
    languages: {},
    extras: [],
    sharedPages: { "getting-started/authentication": { set: "company-v2", page: "getting-started/authentication" } },
  },
  "fund-flows": {
    gettingStarted: ["prerequisites", "authentication", "using-sdk", "using-query-builder", "support-and-resources"],
    apiDocumentation: rootApiDocs,
    languages: {
      python: { topics: ["login-generate-token", "using-proxy"], fullGuide: true },
      javascript: { topics: ["login-generate-token", "change-env", "access-saved-report", "generate-report"], fullGuide: true },
      php: { topics: [], fullGuide: true },
      r: {
        topics: [
          "generate-report",
          "get-dictionary-filters",
          "login",
          "using-proxy",
          "access-saved-report",
          "generate-report-with-var-filters",
        ],
        fullGuide: true,
      },
    },
    extras: ["postman-collection"],
    sharedPages: {},
  },
  "real-estate": {
    gettingStarted: ["prerequisites", "authentication", "auto-generating-api-code", "using-sdk", "support-and-resources"],
    apiDocumentation: { quickExamples: null, models: "models", responses: null },
    languages: {},
    extras: [],
    sharedPages: {},
  },
};

/** Every written page of a set, relative to its root ("" is the overview). */
export function writtenPagePaths(set: DocSetId): string[] {
  const pages = docSetPages[set];
  const { quickExamples, models, responses } = pages.apiDocumentation;
  const languagePages = Object.entries(pages.languages).flatMap(([language, section]) => [
    ...(section.fullGuide ? [`${language}/full-guide`] : []),
    ...[...section.topics, ...(section.unlistedTopics ?? [])].map((topic) => `${language}/quick-examples/${topic}`),
  ]);
  return [
    "",
    ...pages.gettingStarted.map((page) => `getting-started/${page}`),
    ...[quickExamples, models, responses].filter((page): page is string => page !== null),
    ...languagePages,
    ...pages.extras,
    "release-notes",
  ];
}
