import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "60";
  process.env.CATALOG_COMPANIES = "1500";
  process.env.CATALOG_DOCUMENTS = "20";
});

import { loadCurrentUser, type CurrentUser } from "~/modules/auth/users.server";
import type { Company, Statement } from "~/modules/catalog/catalog";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { startEngine } from "~/modules/server/engine.server";
import { cancelDump, createDump } from "~/modules/feeds/dumps.server";
import { absoluteFilePath } from "~/modules/feeds/files.server";
import { outputOptionsSchema } from "~/modules/feeds/model";
import type { Worker } from "~/modules/jobs/worker.server";
import { findDataset, predefinedDatasets, type PredefinedDataset } from "~/modules/products/corp/datasets";
import { generateDataset, listDatasets } from "~/modules/products/corp/datasets.server";
import { insertMacroSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

/** Predefined datasets through the real worker: files that match the dataset, one generation at a time per user. */

let worker: Worker;

/** A company subscriber: the shared helper's user, with the subscription moved to the company product. */
async function companySubscriber(label: string): Promise<CurrentUser> {
  const { id } = await insertMacroSubscriber({ label });
  await db.updateTable("subscriptions").set({ product: "company" }).where("user_id", "=", id).execute();
  const user = await loadCurrentUser(id, "corp");
  if (!user?.subscriptions.company) throw new Error("the company subscriber was not written");
  return user;
}

/** Holds the user's dump queue as a running dump of another worker would: their generations stay queued. */
async function holdQueue(userId: string): Promise<() => Promise<void>> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto("jobs")
    .values({
      id,
      kind: "test-blocker",
      payload: "{}",
      status: "running",
      run_at: now,
      max_attempts: 1,
      concurrency_key: `dumps:${userId}`,
      unique_key: null,
      locked_by: "test",
      locked_until: nowIso(new Date(Date.now() + 10 * 60_000)),
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
  return async () => {
    await db.deleteFrom("jobs").where("id", "=", id).execute();
  };
}

const dumpRow = (id: string) => db.selectFrom("dumps").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function generated(user: CurrentUser, datasetId: string, format: "json" | "xml") {
  const outcome = await generateDataset(user, datasetId, format);
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  const dump = await waitFor(
    () => dumpRow(outcome.id),
    (row) => !["queued", "running"].includes(row.status),
  );
  expect(dump.status).toBe("completed");
  const file = await db.selectFrom("files").selectAll().where("dump_id", "=", outcome.id).executeTakeFirstOrThrow();
  return { dumpId: outcome.id, file, content: fs.readFileSync(absoluteFilePath(file.path), "utf8") };
}

function dataset(id: string): PredefinedDataset {
  const found = findDataset(id);
  if (!found) throw new Error(`no dataset ${id}`);
  return found;
}

beforeAll(async () => {
  await prepareCatalog();
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

describe("the predefined datasets", () => {
  it("each selects companies of the catalog", async () => {
    expect(predefinedDatasets.length).toBeGreaterThanOrEqual(5);
    expect(new Set(predefinedDatasets.map((item) => item.id)).size).toBe(predefinedDatasets.length);
    for (const item of predefinedDatasets) {
      expect(await getCatalog().countCompanies(item.criteria), item.id).toBeGreaterThan(0);
      expect(() => outputOptionsSchema.parse({ ...item.options, format: "json" }), item.id).not.toThrow();
    }
  });
});

describe("generating a dataset", () => {
  it("writes a JSON file of exactly the companies the dataset selects, with its statements, and lists it", async () => {
    const user = await companySubscriber("datasets-json");
    const european = dataset("european-listed-companies");
    const { dumpId, file, content } = await generated(user, european.id, "json");

    const parsed = JSON.parse(content) as {
      dump: { id: string; name: string; product: string; total: number };
      companies: { id: string; profile: Company; statements: (Statement & { currency: string })[] }[];
    };
    expect(parsed.dump).toMatchObject({ id: dumpId, name: "European listed companies", product: "company" });
    expect(parsed.companies.length).toBe(await getCatalog().countCompanies(european.criteria));
    expect(file).toMatchObject({ format: "json", items: parsed.companies.length, product: "company", user_id: user.id });
    for (const company of parsed.companies) {
      expect(company.profile).toMatchObject({ type: "public", region: "EU" });
      expect(company.statements.length).toBeGreaterThan(0);
      expect(company.statements.every((statement) => statement.consolidated && statement.currency === "EUR")).toBe(true);
    }
    await expect(dumpRow(dumpId)).resolves.toMatchObject({ dataset_id: european.id, user_id: user.id, product: "company" });

    const listed = (await listDatasets(user)).find((item) => item.id === european.id);
    expect(listed?.latest).toMatchObject({ id: dumpId, status: "completed", format: "json", progress: 100 });
    expect(listed?.latest?.finished).toEqual(expect.any(String));
    expect(listed?.latest?.files).toEqual([
      expect.objectContaining({ id: file.id, format: "json", records: parsed.companies.length, downloadUrl: `/api/files/${file.id}` }),
    ]);
    const others = (await listDatasets(user)).filter((item) => item.id !== european.id);
    expect(others.every((item) => item.latest === null)).toBe(true);
  });

  it("writes XML, keeps only the statements the dataset names, and leaves them out where it asks for profiles only", async () => {
    const user = await companySubscriber("datasets-xml");
    const annual = dataset("listed-companies-2024-statements");
    const xml = await generated(user, annual.id, "xml");
    expect(xml.file.format).toBe("xml");
    expect(xml.content).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<dump>/);
    const companies = xml.content.match(/<company>/g) ?? [];
    expect(companies.length).toBe(await getCatalog().countCompanies(annual.criteria));
    const years = [...xml.content.matchAll(/<year>(\d+)<\/year>/g)].map((match) => match[1]);
    expect(years.length).toBeGreaterThan(0);
    expect(new Set(years)).toEqual(new Set(["2024"]));
    expect(xml.content).not.toContain("<official>false</official>");

    const distress = dataset("companies-in-distress");
    const json = JSON.parse((await generated(user, distress.id, "json")).content) as { companies: Record<string, unknown>[] };
    expect(json.companies.length).toBe(await getCatalog().countCompanies(distress.criteria));
    for (const company of json.companies) {
      expect(["in-liquidation", "bankrupt"]).toContain((company.profile as Company).status);
      expect(company).not.toHaveProperty("statements");
    }
  });

  it("refuses an unknown dataset", async () => {
    const user = await companySubscriber("datasets-unknown");
    await expect(generateDataset(user, "no-such-dataset", "json")).resolves.toMatchObject({ ok: false, reason: "not-found" });
    expect(await db.selectFrom("dumps").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });
});

describe("one generation at a time per user", () => {
  it("refuses a second generation while one is queued, and accepts one again after it ended", async () => {
    const user = await companySubscriber("datasets-busy");
    const release = await holdQueue(user.id);
    const first = await generateDataset(user, "banks-and-insurers", "json");
    expect(first).toMatchObject({ ok: true, status: "queued" });
    expect(await generateDataset(user, "energy-and-resources", "xml")).toEqual({ ok: false, reason: "busy", message: "datasets.busy" });
    expect(await generateDataset(user, "banks-and-insurers", "json")).toMatchObject({ ok: false, reason: "busy" });
    const listed = await listDatasets(user);
    expect(listed.find((item) => item.id === "banks-and-insurers")?.latest).toMatchObject({ status: "queued", progress: 0, files: [] });

    await release();
    if (!first.ok) throw new Error("unreachable");
    await waitFor(
      () => dumpRow(first.id),
      (row) => row.status === "completed",
    );
    const again = await generateDataset(user, "energy-and-resources", "xml");
    expect(again).toMatchObject({ ok: true });
    if (again.ok)
      await waitFor(
        () => dumpRow(again.id),
        (row) => row.status === "completed",
      );
  });

  it("of concurrent posts exactly one is accepted", async () => {
    const user = await companySubscriber("datasets-race");
    const release = await holdQueue(user.id);
    try {
      const outcomes = await Promise.all(
        predefinedDatasets.flatMap((item) => [generateDataset(user, item.id, "json"), generateDataset(user, item.id, "xml")]),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === "busy")).toHaveLength(outcomes.length - 1);
      const active = await db
        .selectFrom("dumps")
        .select(["id", "status"])
        .where("user_id", "=", user.id)
        .where("status", "in", ["queued", "running"])
        .execute();
      expect(active).toHaveLength(1);
      await cancelDump(active[0]!.id);
    } finally {
      await release();
    }
  });

  it("is kept by the database even past the portal's check", async () => {
    const user = await companySubscriber("datasets-index");
    const release = await holdQueue(user.id);
    const input = {
      name: "Banks and insurers",
      criteria: dataset("banks-and-insurers").criteria,
      options: outputOptionsSchema.parse({ format: "json" }),
      delivery: { method: "platform" as const, ftp: null },
      notification: { emails: [], url: null, method: "POST" as const },
      datasetId: "banks-and-insurers",
    };
    try {
      const first = await createDump(user.id, "company", input);
      await expect(createDump(user.id, "company", { ...input, datasetId: "energy-and-resources" })).rejects.toThrow();
      // A company dump that is no dataset generation is not limited by them.
      const plain = await createDump(user.id, "company", { ...input, datasetId: null });
      await Promise.all([cancelDump(first), cancelDump(plain)]);
      await expect(generateDataset(user, "energy-and-resources", "json")).resolves.toMatchObject({ ok: true });
    } finally {
      await release();
    }
  });

  it("another user's generation does not block", async () => {
    const first = await companySubscriber("datasets-first");
    const second = await companySubscriber("datasets-second");
    const release = await holdQueue(first.id);
    try {
      expect(await generateDataset(first, "state-owned-enterprises", "json")).toMatchObject({ ok: true });
      const outcome = await generateDataset(second, "state-owned-enterprises", "json");
      expect(outcome).toMatchObject({ ok: true, status: "queued" });
      if (outcome.ok)
        await waitFor(
          () => dumpRow(outcome.id),
          (row) => row.status === "completed",
        );
      expect((await listDatasets(first)).find((item) => item.id === "state-owned-enterprises")?.latest?.status).toBe("queued");
    } finally {
      await release();
    }
  });
});
