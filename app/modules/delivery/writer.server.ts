import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { FileSink } from "./file-sink.server";
import { framing, type Envelope, type OutputFormat } from "./serialize";

export interface WrittenFile {
  size: number;
  records: number;
}

/**
 * Streams records into `target` as JSON or XML with bounded memory: records arrive in batches and are
 * written as they come through two fixed buffers (waiting when the disk is slower), into a temporary file that is renamed into
 * place only when complete. A failure or an abort removes the temporary file, so no half-written file
 * is ever presented as done.
 */
export async function writeRecords(
  target: string,
  format: OutputFormat,
  envelope: Envelope,
  batches: AsyncIterable<readonly unknown[]>,
  signal?: AbortSignal,
): Promise<WrittenFile>;
/** With `skipEmpty`, no records means no file at all (a feed run without changes): answers null. */
export async function writeRecords(
  target: string,
  format: OutputFormat,
  envelope: Envelope,
  batches: AsyncIterable<readonly unknown[]>,
  signal: AbortSignal | undefined,
  options: { skipEmpty: true },
): Promise<WrittenFile | null>;
export async function writeRecords(
  target: string,
  format: OutputFormat,
  envelope: Envelope,
  batches: AsyncIterable<readonly unknown[]>,
  signal?: AbortSignal,
  options: { skipEmpty?: boolean } = {},
): Promise<WrittenFile | null> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.partial`;
  const handle = await fs.promises.open(temporary, "w");
  const sink = new FileSink(handle);
  const frame = framing(format, envelope);
  let records = 0;
  try {
    await sink.write(frame.open);
    for await (const batch of batches) {
      signal?.throwIfAborted();
      for (const record of batch) {
        const written = frame.record(record, records++);
        if (typeof written !== "string") {
          if (!sink.fill(written)) await sink.writePiece(written);
        } else if (!sink.buffer(written)) await sink.write(written);
      }
    }
    signal?.throwIfAborted();
    await sink.write(frame.close(records));
    await sink.close();
    await handle.close();
    if (records === 0 && options.skipEmpty) {
      await fs.promises.rm(temporary, { force: true });
      return null;
    }
    await fs.promises.rename(temporary, target);
    return { size: (await fs.promises.stat(target)).size, records };
  } catch (error) {
    // Nothing may still be writing into the file when it is closed and removed.
    await sink.settle();
    await handle.close().catch(() => undefined);
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** Temporary files of `target` left by a worker that stopped mid-write (the job runs again or fails). */
export async function removePartialFiles(target: string): Promise<void> {
  const directory = path.dirname(target);
  const prefix = `${path.basename(target)}.`;
  const names = await fs.promises.readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith(".partial"))
      .map((name) => fs.promises.rm(path.join(directory, name), { force: true })),
  );
}
