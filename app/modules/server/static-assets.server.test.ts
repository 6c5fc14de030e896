import { describe, expect, it } from "vitest";
import { assetNames, chooseBody, codingFile } from "./static-assets.server";

describe("the build's assets", () => {
  it("keeps each coding's copy beside the file", () => {
    expect(codingFile("root-Ab1.js", "br")).toBe("root-Ab1.js.br");
    expect(codingFile("root-Ab1.js", "gzip")).toBe("root-Ab1.js.gz");
    expect(codingFile("root-Ab1.js", "identity")).toBe("root-Ab1.js");
  });

  it("lists the files a client may ask for, not their compressed copies", () => {
    expect([...assetNames(["root-Ab1.js", "root-Ab1.js.br", "root-Ab1.js.gz", "tiny-X.js", "app-Q.css"])]).toEqual([
      "root-Ab1.js",
      "tiny-X.js",
      "app-Q.css",
    ]);
  });

  it("sends the accepted coding's copy, or the plain file when the build wrote none (a file too small to compress)", () => {
    const identity = Buffer.from("plain");
    const br = Buffer.from("brotli");
    expect(chooseBody({ bodies: { identity, br } }, "br")).toEqual({ coding: "br", body: br });
    expect(chooseBody({ bodies: { identity, br } }, "gzip")).toEqual({ coding: "identity", body: identity });
    expect(chooseBody({ bodies: { identity } }, "identity")).toEqual({ coding: "identity", body: identity });
  });
});
