import type { Language } from "~/modules/i18n/language";
import { docSetPath, getDocSet, type DocSetId } from "~/modules/registry/registry";
import { docLabel } from "./doc-labels";
import { docSetPages, writtenPagePaths } from "./doc-pages";
import type { Label } from "./spec-model";

/**
 * The support-and-resources page of every set is one template per language, filled from the product
 * table below (SPEC.md: "Support-and-resources pages are parameterised by a product code").
 */
export const supportPagePath = "getting-started/support-and-resources";

export const supportProductCodes = [
  "macroeconomic",
  "company",
  "company-v2",
  "documents",
  "dealwatch",
  "fund-flows",
  "real-estate",
] as const;
export type SupportProductCode = (typeof supportProductCodes)[number];

/** API keys come from token management; fund flows opens a session with the platform password instead. */
type Credential = "api-key" | "session";

interface Check {
  symptom: Label;
  check: Label;
}

interface SupportProduct {
  set: DocSetId;
  name: Label;
  /** Start of the contact form's subject, so the message reaches the product's team at once. */
  subject: string;
  credential: Credential;
  /** A call quoted the way support wants to see it: operation and parameters, no key. */
  exampleCall: string;
  /** What else support needs to answer about this product. */
  details: [Label, ...Label[]];
  checks: [Check, ...Check[]];
  related: { set: DocSetId; name: Label; description: Label }[];
}

const feedRunWithoutFile: Check = {
  symptom: { en: "A feed run produced no file", zh: "某次推送运行没有生成文件" },
  check: { en: "Nothing in the selection changed since the previous run.", zh: "自上次运行以来所选内容没有任何变化。" },
};

export const supportProducts: Record<SupportProductCode, SupportProduct> = {
  macroeconomic: {
    set: "macroeconomic",
    name: { en: "Macroeconomic API", zh: "宏观经济 API" },
    subject: "[Macroeconomic API]",
    credential: "api-key",
    exampleCall: "GET /series/210987654/data?start_date=2020-01-01",
    details: [
      { en: "the series ids and the database they belong to", zh: "序列 ID 及其所属的数据库" },
      {
        en: "for feeds and dumps: the name of the feed or dump and the time of the run",
        zh: "对于推送和转储：推送或转储的名称以及运行时间",
      },
    ],
    checks: [
      {
        symptom: { en: "HTTP 403", zh: "HTTP 403" },
        check: {
          en: "Is the series' database part of your subscription? `GET /layout/databases` shows the `subscribed` flag.",
          zh: "该序列所属的数据库是否在您的订阅范围内？`GET /layout/databases` 会显示 `subscribed` 标志。",
        },
      },
      {
        symptom: { en: "HTTP 400 on `/series/{id}`", zh: "`/series/{id}` 返回 HTTP 400" },
        check: { en: "More than 25 ids, or separators other than commas?", zh: "是否超过 25 个 ID，或使用了逗号以外的分隔符？" },
      },
      feedRunWithoutFile,
      {
        symptom: { en: "A dump does not start", zh: "转储无法启动" },
        check: {
          en: "Only one dump runs at a time; is another one still running?",
          zh: "同一时间只能运行一个转储；是否还有其他转储正在运行？",
        },
      },
    ],
    related: [
      {
        set: "sandbox",
        name: { en: "Sandbox", zh: "沙盒" },
        description: { en: "Try the API for free for 7 days", zh: "免费试用 API 7 天" },
      },
    ],
  },
  company: {
    set: "company",
    name: { en: "Company API v1", zh: "公司 API v1" },
    subject: "[Company API v1]",
    credential: "api-key",
    exampleCall: "GET /Statements/getStatementByCode?stmtId=5120334&isic=6419&year=2023&period=Y",
    details: [
      {
        en: "the company id (`companyId`) and, for statements, the `stmtId`, `isic`, `year` and `period` you asked for",
        zh: "公司 ID（`companyId`），以及所请求报表的 `stmtId`、`isic`、`year` 和 `period`",
      },
    ],
    checks: [
      {
        symptom: { en: "HTTP 404 on `Statements/getStatementByCode`", zh: "`Statements/getStatementByCode` 返回 HTTP 404" },
        check: {
          en: "Are `stmtId`, `isic`, `year`, `period` and `consolidated` exactly as `Search/queryStatement` lists them?",
          zh: "`stmtId`、`isic`、`year`、`period` 和 `consolidated` 是否与 `Search/queryStatement` 列出的完全一致？",
        },
      },
      {
        symptom: { en: "HTTP 400 while paging", zh: "分页时返回 HTTP 400" },
        check: {
          en: "`offset` works up to 10,000 and `limit` up to 100: narrow the search with `country`, `isic` or `city`.",
          zh: "`offset` 最多 10,000，`limit` 最多 100：请用 `country`、`isic` 或 `city` 缩小搜索范围。",
        },
      },
    ],
    related: [
      {
        set: "company-v2",
        name: { en: "Company API v2", zh: "公司 API v2" },
        description: {
          en: "Cursors, stored filters, dumps and feeds; recommended for new integrations",
          zh: "游标、已保存的筛选器、转储和推送；推荐新集成使用",
        },
      },
    ],
  },
  "company-v2": {
    set: "company-v2",
    name: { en: "Company API v2", zh: "公司 API v2" },
    subject: "[Company API v2]",
    credential: "api-key",
    exampleCall: "GET /companies?keyword=bank&country=VN&limit=100",
    details: [
      { en: "the company ids, `filter_id` or `cursor_id` concerned", zh: "相关的公司 ID、`filter_id` 或 `cursor_id`" },
      { en: "for dumps and feeds: the dump or feed id and the time of the run", zh: "对于转储和推送：转储或推送的 ID 以及运行时间" },
    ],
    checks: [
      {
        symptom: { en: "No `cursor_id` in the answer", zh: "应答中没有 `cursor_id`" },
        check: {
          en: "Your account is restricted from cursors: page with `offset` (up to 10,000) instead.",
          zh: "您的账户不能使用游标：请改用 `offset` 分页（最多 10,000 条）。",
        },
      },
      {
        symptom: { en: "HTTP 400 on `POST /companies/search/filters`", zh: "`POST /companies/search/filters` 返回 HTTP 400" },
        check: {
          en: "Company ids and search criteria given together, or more than 100,000 ids?",
          zh: "是否同时提供了公司 ID 和搜索条件，或 ID 超过 100,000 个？",
        },
      },
      {
        symptom: { en: "HTTP 409 on `DELETE /companies/dumps/{id}`", zh: "`DELETE /companies/dumps/{id}` 返回 HTTP 409" },
        check: {
          en: "The dump can no longer be cancelled: its `can_be_cancelled` is false.",
          zh: "该转储已无法取消：其 `can_be_cancelled` 为 false。",
        },
      },
      feedRunWithoutFile,
    ],
    related: [],
  },
  documents: {
    set: "documents",
    name: { en: "Documents API", zh: "文档 API" },
    subject: "[Documents API]",
    credential: "api-key",
    exampleCall: "GET /Search/query?keyword=bank&country=VN&publication_type=news",
    details: [
      { en: "the `documentId` of the documents concerned", zh: "相关文档的 `documentId`" },
      { en: "for feeds: the name of the feed and the time of the run", zh: "对于推送：推送的名称以及运行时间" },
    ],
    checks: [
      {
        symptom: { en: "HTTP 403 on `Search/getFile`", zh: "`Search/getFile` 返回 HTTP 403" },
        check: { en: "Is the document's source part of your subscription?", zh: "该文档的来源是否在您的订阅范围内？" },
      },
      {
        symptom: { en: "A download link stopped working", zh: "下载链接失效" },
        check: {
          en: "Links from `Search/getFile` expire after 15 minutes: ask for a new one.",
          zh: "`Search/getFile` 返回的链接 15 分钟后过期：请重新获取。",
        },
      },
      {
        symptom: { en: "An access is missing from a usage report", zh: "使用报告中缺少某次访问" },
        check: {
          en: "Accesses are recorded only when the file is fetched with `Search/getFile`.",
          zh: "只有通过 `Search/getFile` 获取文件时才会记录访问。",
        },
      },
    ],
    related: [],
  },
  dealwatch: {
    set: "dealwatch",
    name: { en: "Deal Watch API", zh: "并购交易 API" },
    subject: "[Deal Watch API]",
    credential: "api-key",
    exampleCall: "GET /SearchDeal/getDeals?country=VN&dealType=acquisition&status=completed",
    details: [{ en: "the `dealId`, `companyId` or `advisorId` concerned", zh: "相关的 `dealId`、`companyId` 或 `advisorId`" }],
    checks: [
      {
        symptom: { en: "A deal has no value", zh: "交易没有金额" },
        check: { en: "`valueUsdMillions` is null when the value was not disclosed.", zh: "交易金额未披露时 `valueUsdMillions` 为 null。" },
      },
      {
        symptom: { en: "HTTP 400 while paging", zh: "分页时返回 HTTP 400" },
        check: {
          en: "`offset` works up to 10,000 and `limit` up to 100: narrow the search with `announcedFrom` and `announcedTo`.",
          zh: "`offset` 最多 10,000，`limit` 最多 100：请用 `announcedFrom` 和 `announcedTo` 缩小搜索范围。",
        },
      },
    ],
    related: [],
  },
  "fund-flows": {
    set: "fund-flows",
    name: { en: "Fund Flows API v2", zh: "基金流向 API v2" },
    subject: "[Fund Flows API]",
    credential: "session",
    exampleCall: "POST /v2/Report/FF/2024-01-01/2024-12-31",
    details: [{ en: "the `reportId`, the dataset and the report parameters you sent", zh: "`reportId`、数据集以及您发送的报告参数" }],
    checks: [
      {
        symptom: { en: "HTTP 409 on `/v2/SavedReports/{id}/output`", zh: "`/v2/SavedReports/{id}/output` 返回 HTTP 409" },
        check: {
          en: "The report is not Completed yet: poll `GET /v2/SavedReports/{id}` about every 5 seconds first.",
          zh: "报告尚未完成（Completed）：请先约每 5 秒轮询一次 `GET /v2/SavedReports/{id}`。",
        },
      },
      {
        symptom: { en: "A report ends as Failed", zh: "报告状态为 Failed" },
        check: {
          en: "Do the asset class ids come from `GET /v2/Dictionary/{dataset}/AssetClasses` of the same dataset?",
          zh: "资产类别 ID 是否来自同一数据集的 `GET /v2/Dictionary/{dataset}/AssetClasses`？",
        },
      },
    ],
    related: [],
  },
  "real-estate": {
    set: "real-estate",
    name: { en: "Real Estate API v1", zh: "房地产 API v1" },
    subject: "[Real Estate API]",
    credential: "api-key",
    exampleCall: "GET /markets/VN-HCM/indicators?segment=office&frequency=quarterly",
    details: [
      {
        en: "the market id (e.g. `VN-HCM`) or property id (e.g. `P-000482`) concerned",
        zh: "相关的市场 ID（如 `VN-HCM`）或物业 ID（如 `P-000482`）",
      },
    ],
    checks: [
      {
        symptom: { en: "HTTP 404 on `/markets/{id}`", zh: "`/markets/{id}` 返回 HTTP 404" },
        check: { en: "Market ids come from `GET /markets`, e.g. `VN-HCM`.", zh: "市场 ID 来自 `GET /markets`，例如 `VN-HCM`。" },
      },
      {
        symptom: { en: "The latest quarter is missing", zh: "缺少最近一个季度" },
        check: {
          en: "Market figures are refreshed about six weeks after each quarter ends.",
          zh: "市场数据在每个季度结束后约六周更新。",
        },
      },
    ],
    related: [],
  },
};

/** `secret` completes the template's "without your ..." (zh: "不要附上..."). */
const credentialTexts: Record<Credential, { secret: Label; advice: Label; unauthorized: Label }> = {
  "api-key": {
    secret: { en: "API key", zh: "您的 API 密钥" },
    advice: {
      en: "Never send your API key. If you think it has been exposed, generate a new one under [Token management](/dashboard/token-management): the old key stops working at once.",
      zh: "切勿发送您的 API 密钥。如果您认为密钥已泄露，请在[令牌管理](/dashboard/token-management)中生成新密钥：旧密钥会立即失效。",
    },
    unauthorized: {
      en: "Is the key sent as the `token` query parameter? Was a newer key generated? Is the subscription still active?",
      zh: "密钥是否作为 `token` 查询参数发送？是否生成过更新的密钥？订阅是否仍然有效？",
    },
  },
  session: {
    secret: { en: "password or session token", zh: "您的密码或会话令牌" },
    advice: {
      en: "Never send your password or a session token. If you think your password has been exposed, change it with [Reset password](/reset-password).",
      zh: "切勿发送您的密码或会话令牌。如果您认为密码已泄露，请通过[重置密码](/reset-password)进行更改。",
    },
    unauthorized: {
      en: "Is the session token sent as `Authorization: Bearer {token}`? Has it expired? Open a new session with `POST /Session`.",
      zh: "会话令牌是否以 `Authorization: Bearer {token}` 发送？是否已过期？请通过 `POST /Session` 打开新会话。",
    },
  },
};

/** What each page linked from the resource table offers, by the last segment of its path. */
const resourceDescriptions: Record<string, Label> = {
  "quick-examples": { en: "Short, runnable examples for common tasks", zh: "常见任务的简短可运行示例" },
  "using-cursor": { en: "Page through large searches with a cursor", zh: "使用游标翻阅大量搜索结果" },
  "using-sdk": { en: "Install, configure and update the SDKs", zh: "安装、配置和更新 SDK" },
  "auto-generating-api-code": { en: "Generate a client in your language from the specification", zh: "根据规范生成您所用语言的客户端" },
  "using-query-builder": { en: "Try every operation in the browser", zh: "在浏览器中试用每个操作" },
  "postman-collection": { en: "Every operation, ready to import into Postman", zh: "可导入 Postman 的全部操作" },
  models: { en: "Every field of every answer", zh: "每个应答的每个字段" },
};

const fullGuides: Label = { en: "Full guides", zh: "完整指南" };
const examplesOf: Label = { en: "{language} examples", zh: "{language} 示例" };

const listItemEnd: Record<Language, string> = { en: ";", zh: "；" };
const listSeparator: Record<Language, string> = { en: ", ", zh: "、" };

function lastSlug(page: string): string {
  return page.slice(page.lastIndexOf("/") + 1);
}

function tableRow(first: string, second: string): string {
  return `| ${first} | ${second} |`;
}

function descriptionOf(page: string, language: Language): string {
  const description = resourceDescriptions[lastSlug(page)];
  if (!description) throw new Error(`No support resource description for ${page}`);
  return description[language];
}

/** Resource table rows for the pages the set really has, then for its related sets. */
function resourceRows(product: SupportProduct, language: Language): string[] {
  const root = docSetPath(getDocSet(product.set));
  const pages = docSetPages[product.set];
  const written = new Set(writtenPagePaths(product.set));
  const link = (page: string, label: string) => `[${label}](${root}/${page})`;
  const pageRow = (page: string) => tableRow(link(page, docLabel(lastSlug(page))[language]), descriptionOf(page, language));

  const { quickExamples, models } = pages.apiDocumentation;
  const languages = Object.entries(pages.languages);
  const guides = languages.filter(([, section]) => section.fullGuide).map(([code]) => link(`${code}/full-guide`, docLabel(code)[language]));
  const exampleRows = languages
    .filter(([, section]) => !section.fullGuide && section.topics.length > 0)
    .map(([code, section]) =>
      tableRow(
        examplesOf[language].replace("{language}", docLabel(code)[language]),
        section.topics.map((topic) => link(`${code}/quick-examples/${topic}`, docLabel(topic)[language])).join(listSeparator[language]),
      ),
    );
  const relatedRows = product.related.map((related) =>
    tableRow(`[${related.name[language]}](${docSetPath(getDocSet(related.set))})`, related.description[language]),
  );
  return [
    ...(quickExamples ? [pageRow(quickExamples)] : []),
    ...(guides.length > 0 ? [tableRow(fullGuides[language], guides.join(listSeparator[language]))] : []),
    ...exampleRows,
    ...[
      "getting-started/using-sdk",
      "getting-started/auto-generating-api-code",
      "getting-started/using-query-builder",
      "postman-collection",
    ]
      .filter((page) => written.has(page))
      .map(pageRow),
    ...(models ? [pageRow(models)] : []),
    ...relatedRows,
  ];
}

export interface SupportContacts {
  supportEmail: string;
  statusUrl: string;
}

function supportTemplateValues(code: SupportProductCode, language: Language, contacts: SupportContacts): Record<string, string> {
  const product = supportProducts[code];
  const root = docSetPath(getDocSet(product.set));
  const credential = credentialTexts[product.credential];
  return {
    productName: product.name[language],
    docsRoot: root,
    releaseNotes: `${root}/release-notes`,
    subject: product.subject,
    exampleCall: product.exampleCall,
    credential: credential.secret[language],
    credentialAdvice: credential.advice[language],
    unauthorizedCheck: credential.unauthorized[language],
    details: product.details.map((detail) => `- ${detail[language]}${listItemEnd[language]}`).join("\n"),
    resourceRows: resourceRows(product, language).join("\n"),
    checkRows: product.checks.map(({ symptom, check }) => tableRow(symptom[language], check[language])).join("\n"),
    supportEmail: contacts.supportEmail,
    statusUrl: contacts.statusUrl,
  };
}

/** Replaces every `{{name}}`; a placeholder without a value is an error in the template, not a blank. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`The template's ${placeholder} has no value`);
    return values[name] ?? "";
  });
}

export function supportPageMarkdown(template: string, code: SupportProductCode, language: Language, contacts: SupportContacts): string {
  return fillTemplate(template, supportTemplateValues(code, language, contacts));
}

/** The product whose support page a set shows; sets without one (the sandbox) give null. */
export function supportProductOfSet(set: DocSetId): SupportProductCode | null {
  return supportProductCodes.find((code) => supportProducts[code].set === set) ?? null;
}
