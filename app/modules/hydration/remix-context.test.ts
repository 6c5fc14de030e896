import { describe, expect, it } from "vitest";
import { remixStreamController, STREAM_HOLDER_SCRIPT } from "./remix-context";

describe("the stream holder Remix's scripts hand route data to", () => {
  it("keeps the chunks Remix's scripts hand it, and says when the stream closed", () => {
    const window = {} as Window;
    new Function("window", STREAM_HOLDER_SCRIPT)(window);
    const holder = remixStreamController(window)!;
    holder.enqueue("first");
    holder.enqueue("second");
    holder.close();
    expect(remixStreamController(window)).toMatchObject({ chunks: ["first", "second"], closed: true });
  });

  it("finds no controller before Remix or the holder set one", () => {
    expect(remixStreamController({} as Window)).toBeUndefined();
  });
});
