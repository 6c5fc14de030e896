import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_KEY_RANDOM_BYTES, classifyToken, SESSION_ID_BYTES, tokenHint } from "./token-shapes";

const random = (bytes: number) => randomBytes(bytes).toString("base64url");
const sessionToken = () => `${random(SESSION_ID_BYTES)}.${random(32)}`;

describe("classifyToken", () => {
  it("recognises an API key of each platform by its prefix", () => {
    for (const platform of ["econ", "corp", "intel"] as const) {
      expect(classifyToken(`${platform}_${random(API_KEY_RANDOM_BYTES)}`)).toEqual({ kind: "api-key", platform });
    }
  });

  it("recognises a session token: the id and its signature", () => {
    for (let i = 0; i < 20; i++) expect(classifyToken(sessionToken())).toEqual({ kind: "session" });
  });

  it("keeps the base64url alphabet, dashes and underscores included", () => {
    expect(classifyToken(`econ_${"-_".repeat(16)}`)).toEqual({ kind: "api-key", platform: "econ" });
    expect(classifyToken(`${"a".repeat(42)}-.${"_".repeat(43)}`)).toEqual({ kind: "session" });
  });

  it("refuses anything else: other prefixes, lengths, alphabets, spacing", () => {
    const key = random(API_KEY_RANDOM_BYTES);
    const malformed = [
      "",
      "econ_x",
      `flows_${key}`,
      `ECON_${key}`,
      `econ-${key}`,
      `econ_${key}x`,
      `econ_${key.slice(1)}`,
      `econ_${key.slice(1)}+`,
      ` econ_${key}`,
      `econ_${key}\n`,
      `Bearer econ_${key}`,
      sessionToken().replace(".", ""),
      `${sessionToken()}.x`,
      `${random(SESSION_ID_BYTES)}.${random(31)}`,
      `${random(SESSION_ID_BYTES)}=.${random(32)}`,
      "a.b",
      "' or '1'='1",
    ];
    for (const token of malformed) expect(classifyToken(token), token).toBeNull();
  });
});

describe("tokenHint", () => {
  it("shows the first nine and last four characters only", () => {
    expect(tokenHint("econ_abcdefghijklmnopqrstuvwxyz012345")).toBe("econ_abcd…2345");
  });
});
