import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileSink } from "./file-sink.server";
import type { BytePiece } from "./serialize";

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

  it("writes pieces among texts in order, a piece larger than a buffer on its own", async () => {
    const texts = ["[", "y".repeat(700_000)];
    for (let index = 0; index < 2000; index++) texts.push(`${"p".repeat(index % 300)}${index % 5 === 0 ? "中" : ""};`);
    texts.push("]");
    const file = path.join(work, "pieces.txt");
    const handle = await fs.promises.open(file, "w");
    const sink = new FileSink(handle);
    for (const [index, text] of texts.entries()) {
      // Two texts out of three as pieces announcing more bytes than they write.
      const piece: BytePiece = { bytes: Buffer.byteLength(text) + 5, write: (buffer, offset) => offset + buffer.write(text, offset) };
      if (index % 3 === 0) await sink.write(text);
      else if (!sink.fill(piece)) await sink.writePiece(piece);
    }
    await sink.close();
    await handle.close();
    expect(fs.readFileSync(file, "utf8")).toBe(texts.join(""));
  });
});
