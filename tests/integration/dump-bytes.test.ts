import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "600";
  process.env.CATALOG_COMPANIES = "20";
  process.env.CATALOG_DOCUMENTS = "20";
});

import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { writeRecords } from "~/modules/delivery/writer.server";
import { noChanges } from "~/modules/feeds/change-counts";
import { outputOptionsSchema } from "~/modules/feeds/model";
import { econPipeline } from "~/modules/products/econ/econ-pipeline.server";

/**
 * The writer's bytes do not change when it gets faster: macroeconomic dumps of the generated catalog (the same
 * on every run and dialect), whole, in JSON and XML and with each kind of points, hashed against the files the
 * writer produced before its fast path for points as published (issue 27).
 */
const expected: Record<string, string> = {
  "json as published": "91037ce4076cc10117d8c77d714cceb7249eb663a12e41c049c625fa581e9f22",
  "json vintages": "594f012d21ae83e30cf11835e85a0ab08e25ffceb884bf7569afe8501d2f10b9",
  "json annual average": "e644ff1b2e464d1561ab77ecc749d81f63a65222066013b2455ba6a262d08e1a",
  "json metadata only": "e5f9c4a0a0a5f7684572f81c9b7cbf3a44b6bd18b5440eb6fedeebf2be8ed12c",
  "xml as published": "4c3708dff41f63dc897eb883614cfdee222d806b44faebf354a1e784296c9a21",
  "xml vintages": "7c780a5dad5c3439fc1f6c4562aac7c54d0d54a320c5037423febbbba0856f17",
  "xml annual average": "c5e4f9910d6eb0e1a1fc085e24954ecdb1960d8ad86f6fc08486fbb089334909",
  "xml metadata only": "5bfb43aee4b92a975051fac94c352a639fc5acf1bb26c0a57899fa77305693c8",
};

const variants = {
  "as published": {},
  vintages: { vintages: true },
  "annual average": { consolidation: "annual-average" },
  "metadata only": { metadataOnly: true },
} as const;

let work: string;

beforeAll(async () => {
  await prepareCatalog();
  // New points and revisions after the seed: stored points of both shapes.
  await getCatalog().advance(new Date("2025-09-30T12:00:00.000Z"));
  work = fs.mkdtempSync(path.join(os.tmpdir(), "dump-bytes-"));
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("dump files", () => {
  for (const format of ["json", "xml"] as const) {
    for (const [label, option] of Object.entries(variants)) {
      it(`writes the same ${format.toUpperCase()} bytes (${label})`, async () => {
        const options = outputOptionsSchema.parse({ format, ...option });
        const pipeline = await econPipeline({ catalog: getCatalog(), criteria: {}, options, ownerId: "nobody" });
        const target = path.join(work, `${label}.${format}`);
        const envelope = { root: "dump", collection: pipeline.collection, header: { id: "fixed", total: await pipeline.count() } };
        const written = await writeRecords(target, format, envelope, pipeline.dump());
        expect(written.records).toBe(601);
        const digest = createHash("sha256").update(fs.readFileSync(target)).digest("hex");
        expect(`${format} ${label} ${digest}`).toBe(`${format} ${label} ${expected[`${format} ${label}`]}`);
      });
    }
  }

  it("writes the same JSON bytes in a full-dump feed's file, counting what changed", async () => {
    const options = outputOptionsSchema.parse({ format: "json", fullDump: true });
    const pipeline = await econPipeline({ catalog: getCatalog(), criteria: {}, options, ownerId: "nobody" });
    const target = path.join(work, "full-dump feed.json");
    const envelope = { root: "dump", collection: pipeline.collection, header: { id: "fixed", total: await pipeline.count() } };
    const counts = noChanges();
    await writeRecords(target, "json", envelope, pipeline.changes("2025-09-01T00:00:00.000Z", counts));
    const digest = createHash("sha256").update(fs.readFileSync(target)).digest("hex");
    expect(digest).toBe(expected["json as published"]);
    expect(counts.changedCount).toBeGreaterThan(0);
    expect(counts.changedCount).toBeLessThan(601);
  });
});
