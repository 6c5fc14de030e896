import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileSink } from "./file-sink.server";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "file-sink-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("FileSink", () => {
  it("writes every text in order, whatever its size and characters", async () => {
    const texts = ["{", "中文 é 😀\n"];
    for (let index = 0; index < 3000; index++) texts.push(`${"x".repeat(index % 997)}${index % 7 === 0 ? "中" : ""},`);
    texts.push("y".repeat(700_000), "😀".repeat(100_000), "}");
    const file = path.join(work, "out.txt");
    const handle = await fs.promises.open(file, "w");
    const sink = new FileSink(handle);
    for (const text of texts) if (!sink.buffer(text)) await sink.write(text);
    await sink.close();
    await handle.close();
    expect(fs.readFileSync(file, "utf8")).toBe(texts.join(""));
  });
});
