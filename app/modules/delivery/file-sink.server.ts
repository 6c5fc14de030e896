import type { FileHandle } from "node:fs/promises";
import type { BytePiece } from "./serialize";

/** Bytes of each of the two buffers: large enough that a write costs little, small enough to stay in the heap's budget. */
const bufferBytes = 256 * 1024;

/**
 * Text to a file through two fixed buffers: text (or a piece that writes its own bytes) goes straight into one while the other is being written,
 * so a file of any size holds half a megabyte in memory and allocates nothing per piece of text (a stream turns
 * every piece into a Buffer of its own, and the large ones are freed only by a full garbage collection).
 */
export class FileSink {
  private readonly buffers = [Buffer.allocUnsafe(bufferBytes), Buffer.allocUnsafe(bufferBytes)];
  private current = 0;
  private used = 0;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly handle: FileHandle) {}

  /** Copies the text into the buffer when it surely fits (UTF-8 takes at most 3 bytes a UTF-16 unit); false if not. */
  buffer(text: string): boolean {
    if (this.used + text.length * 3 > bufferBytes) return false;
    this.used += this.buffers[this.current]!.write(text, this.used);
    return true;
  }

  /** Writes the piece into the buffer when it surely fits; false if not. */
  fill(piece: BytePiece): boolean {
    if (this.used + piece.bytes > bufferBytes) return false;
    this.used = piece.write(this.buffers[this.current]!, this.used);
    return true;
  }

  /** Any piece: the full buffer goes out first; a piece larger than a buffer is written on its own. */
  async writePiece(piece: BytePiece): Promise<void> {
    if (this.fill(piece)) return;
    await this.flush();
    if (this.fill(piece)) return;
    await this.pending;
    const bytes = Buffer.allocUnsafe(piece.bytes);
    await this.writeAll(bytes, piece.write(bytes, 0));
  }

  /** Any text: the full buffer goes out first; text larger than a buffer is written on its own. */
  async write(text: string): Promise<void> {
    if (this.buffer(text)) return;
    await this.flush();
    if (this.buffer(text)) return;
    await this.pending;
    const bytes = Buffer.from(text);
    await this.writeAll(bytes, bytes.length);
  }

  /** Everything buffered, written. */
  async close(): Promise<void> {
    await this.flush();
    await this.pending;
  }

  /** Waits for the write under way, whatever its outcome, so that the file can be closed and removed. */
  async settle(): Promise<void> {
    await this.pending.catch(() => undefined);
  }

  /** Starts writing the current buffer and switches to the other once its own write has ended. */
  private async flush(): Promise<void> {
    const buffer = this.buffers[this.current]!;
    const length = this.used;
    await this.pending;
    const written = this.writeAll(buffer, length);
    // Awaited at the next flush or at close; until then a failure must not count as unhandled.
    written.catch(() => undefined);
    this.pending = written;
    this.current = 1 - this.current;
    this.used = 0;
  }

  private async writeAll(buffer: Buffer, length: number): Promise<void> {
    for (let offset = 0; offset < length;) offset += (await this.handle.write(buffer, offset, length - offset)).bytesWritten;
  }
}
