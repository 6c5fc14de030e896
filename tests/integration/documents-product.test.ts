import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "20";
  process.env.CATALOG_COMPANIES = "10";
  process.env.CATALOG_DOCUMENTS = "1000";
});

import type { DocumentRecord } from "~/modules/catalog/catalog";
import { dictionaryEntries } from "~/modules/catalog/dictionaries";
import { documentContent } from "~/modules/catalog/generator";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { framing } from "~/modules/delivery/serialize";
import type { FeedRow } from "~/modules/feeds/feed-queries.server";
import { ftpPasswordProblem } from "~/modules/feeds/ftp-password";
import { documentRecord } from "~/modules/feeds/records";
import { readSelection } from "~/modules/feeds/stored";
import { ftpOnFile, storeFeed } from "~/modules/feeds/submission.server";
import { documentsCriteriaSchema } from "~/modules/products/documents/documents-criteria";
import { documentsFeedSchema, documentsFormValues } from "~/modules/products/documents/documents-form";
import { documentsPipeline } from "~/modules/products/documents/documents-pipeline.server";
import { documentsFeedFormValues, documentsProduct } from "~/modules/products/documents/documents.server";
import { insertMacroSubscriber } from "../support/subscribers";

/** The documents descriptor against the catalog: options, preview, catalog checks, stored feeds and their runs. */

const owner = { userId: "documents-product-owner" };
const feedValues = (body: Record<string, unknown>) => documentsFeedSchema.parse(documentsFormValues({ name: "Documents", ...body }));

let documents: DocumentRecord[];
let ownerId: string;
let ownerUser: CurrentUser;

async function storedFeed(body: Record<string, unknown>): Promise<FeedRow> {
  const { id } = await storeFeed(documentsProduct, ownerUser, ownerId, feedValues(body));
  const row = await db.selectFrom("feeds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { ...row, username: "documents-owner" };
}

/** What one run of the feed writes: the changes since `since`, read through the stored criteria and options. */
async function run(feed: FeedRow, since: string) {
  const { criteria, options } = readSelection(feed, documentsCriteriaSchema);
  const pipeline = await documentsPipeline({ catalog: getCatalog(), criteria, options, ownerId: feed.user_id });
  const written: ReturnType<typeof documentRecord>[] = [];
  for await (const page of pipeline.changes(since)) written.push(...(page as ReturnType<typeof documentRecord>[]));
  return written;
}

beforeAll(async () => {
  await prepareCatalog();
  documents = await getCatalog().documentPage({}, { limit: 1000 });
  ownerId = (await insertMacroSubscriber({ label: "documents-product" })).id;
  ownerUser = (await loadCurrentUser(ownerId, "econ"))!;
}, 120_000);

describe("the documents descriptor", () => {
  it("is the documents product, with no limit of active feeds", () => {
    expect(documentsProduct).toMatchObject({ product: "documents", segment: "documents", activeFeedLimit: null });
  });

  it("offers the catalog's option lists", async () => {
    const options = await documentsProduct.loadOptions(owner);
    expect(options.countries.length).toBeGreaterThan(10);
    expect(options.formats.map((option) => option.value).sort()).toEqual(["docx", "html", "pdf", "xlsx"]);
    expect(options.languages.map((option) => option.value)).toContain("en");
    expect(options.searchIn.map((option) => option.value)).toEqual(["title", "summary", "all"]);
    expect(options.deliveryFormats.map((option) => option.value)).toEqual(["json", "xml"]);
  });

  it("previews the first 5 matching documents, with their content, and the total", async () => {
    const check = await documentsProduct.checkSelection(feedValues({ language: ["en"], format: ["pdf"] }), owner);
    const matching = documents.filter((document) => document.language === "en" && document.format === "pdf");
    expect(check.errors).toEqual({});
    expect(check.preview?.total).toBe(matching.length);
    expect(check.preview?.items).toEqual(matching.slice(0, 5));
    expect(check.preview?.items.every((document) => document.content.length > 200)).toBe(true);
  });

  it("searches the keyword where searchIn says", async () => {
    const inTitles = await documentsProduct.checkSelection(feedValues({ keyword: "covering", searchIn: "title" }), owner);
    const inSummaries = await documentsProduct.checkSelection(feedValues({ keyword: "covering", searchIn: "summary" }), owner);
    expect(inTitles.preview?.total).toBe(0);
    expect(inSummaries.preview?.total).toBe(documents.length);
  });

  it("refuses codes the catalog does not know, per field", async () => {
    const check = await documentsProduct.checkSelection(
      feedValues({
        country: ["XX"],
        language: ["en", "tlh"],
        format: ["json"],
        industry: ["Z99"],
        publicationType: ["rumour"],
        source: ["DS99"],
        topic: ["astrology"],
      }),
      owner,
    );
    expect(check.errors).toEqual({
      country: "validation.invalidOption",
      language: "validation.invalidOption",
      format: "validation.invalidOption",
      industry: "validation.invalidOption",
      publicationType: "validation.invalidOption",
      source: "validation.invalidOption",
      topic: "validation.invalidOption",
    });
    expect(check.preview?.total).toBe(0);
  });

  it("accepts the codes a document is filed under", async () => {
    const [document] = documents;
    const check = await documentsProduct.checkSelection(
      feedValues({
        country: [document!.country],
        language: [document!.language],
        format: [document!.format],
        industry: [document!.industry],
        publicationType: [document!.publicationType],
        source: [document!.source],
        topic: [document!.topic],
      }),
      owner,
    );
    expect(check.errors).toEqual({});
    expect(check.preview?.items.map((item) => item.id)).toContain(document!.id);
  });
});

describe("a stored documents feed", () => {
  it("stores the criteria and the output, and shows them again under the form's names", async () => {
    const feed = await storedFeed({
      active: false,
      frequency: 15,
      keyword: "outlook",
      searchIn: "title",
      language: ["en"],
      format: ["pdf", "html"],
      deliveryFormat: "xml",
      deliveryMethod: "ftp",
      ftpHost: "ftp.example.com",
      ftpPort: 2121,
      ftpPath: "/incoming",
      ftpUsername: "reader",
      ftpPassword: "secret",
      notificationUrl: "https://hooks.example.com/documents",
    });
    expect(feed).toMatchObject({ product: "documents", frequency: "every-15-minutes", status: "inactive" });
    const { criteria, options, delivery, notification } = readSelection(feed, documentsCriteriaSchema);
    expect(criteria).toMatchObject({ keyword: "outlook", searchIn: "title", language: ["en"], format: ["pdf", "html"] });
    expect(options).toMatchObject({ format: "xml", newOnly: false });
    expect(delivery).toMatchObject({ method: "ftp", ftp: { host: "ftp://ftp.example.com:2121", path: "/incoming", username: "reader" } });
    expect(delivery.ftp?.passwordEncrypted).not.toContain("secret");
    expect(notification).toEqual({ emails: [], url: "https://hooks.example.com/documents", method: "POST" });

    const shown = documentsFeedFormValues(feed);
    expect(shown).toMatchObject({
      name: "Documents",
      active: false,
      frequency: "15",
      keyword: "outlook",
      searchIn: "title",
      language: ["en"],
      format: ["pdf", "html"],
      deliveryFormat: "xml",
      deliveryMethod: "ftp",
      ftpHost: "ftp.example.com",
      ftpPort: 2121,
      ftpPath: "/incoming",
      ftpUsername: "reader",
      notificationUrl: "https://hooks.example.com/documents",
    });
    expect(shown).not.toHaveProperty("ftpPassword");
    expect(shown).not.toHaveProperty("ftpUrl");

    // Saved again without a password: kept for the same host, port and login, asked again for another port.
    const again = (body: Record<string, unknown>) => feedValues({ ...shown, ftpPassword: "", ...body });
    expect(ftpPasswordProblem(again({}), ftpOnFile(feed, ownerId))).toBeNull();
    expect(ftpPasswordProblem(again({ ftpPort: 21 }), ftpOnFile(feed, ownerId))).toBe("validation.ftpPasswordAgain");
  });

  it("delivers on each run only the documents new or changed since the last, with their content", async () => {
    const catalog = getCatalog();
    const formats = (await documentsProduct.loadOptions(owner)).formats.map((option) => option.value);
    const feed = await storedFeed({ format: formats, frequency: "60" });
    const narrow = await storedFeed({ keyword: "a phrase no document holds" });
    const start = Date.parse(feed.created_at);
    const at = (minutes: number) => new Date(start + minutes * 60_000);

    // Nothing changed since the feed was created: no file.
    expect(await run(feed, feed.created_at)).toEqual([]);

    const first = await catalog.advance(at(60));
    expect(first.newDocuments.length).toBeGreaterThan(0);
    const firstRun = await run(feed, feed.created_at);
    expect(firstRun.map((record) => record.id)).toEqual(first.newDocuments);
    expect(await run(narrow, feed.created_at)).toEqual([]);

    // The second run reads from the first run's start: the first run's documents are not delivered again.
    const secondStart = at(61).toISOString();
    const second = await catalog.advance(at(120));
    const [revised] = documents;
    await db
      .updateTable("catalog_documents")
      .set({ updated_at: at(121).toISOString() })
      .where("id", "=", revised!.id)
      .execute();
    const secondRun = await run(feed, secondStart);
    expect(secondRun.map((record) => record.id)).toEqual([revised!.id, ...second.newDocuments]);
    expect(secondRun.some((record) => first.newDocuments.includes(record.id))).toBe(false);

    const countryNames = new Map(dictionaryEntries("countries").map((country) => [country.id, country.name]));
    for (const record of [...firstRun, ...secondRun]) {
      expect(record.content).toContain(record.title.slice(1));
      expect(record.content).toContain(countryNames.get(record.country));
      expect(record.content).toBe(documentContent(record));
    }
    // A changed document's content says when it was revised.
    const revisedRecord = secondRun[0]!;
    expect(revisedRecord.content).not.toBe(revised!.content);
    expect(revisedRecord.content).toContain(`Revised on ${at(121).toISOString().slice(0, 10)}`);

    // In an XML file the content is an element of each document.
    const xml = framing("xml", { root: "feed", collection: "documents", header: {} }).record(revisedRecord, 0);
    expect(xml).toContain("<document>");
    expect(xml).toMatch(/<content>[^<]+Revised on [^<]+<\/content>/);
  });
});
