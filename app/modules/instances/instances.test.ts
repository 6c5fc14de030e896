import { describe, expect, it } from "vitest";
import { findPackedRef, heartbeatEveryMs, instanceState, readGitHead, staleAfterMs, versionLabel } from "./instances";

const commit = "0123456789abcdef0123456789abcdef01234567";

describe("instanceState", () => {
  const now = new Date("2026-05-01T12:00:00.000Z");
  const seenAgo = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("is live up to three missed heartbeats and stale after", () => {
    expect(staleAfterMs).toBe(3 * heartbeatEveryMs);
    expect(instanceState(seenAgo(0), now)).toBe("live");
    expect(instanceState(seenAgo(staleAfterMs), now)).toBe("live");
    expect(instanceState(seenAgo(staleAfterMs + 1), now)).toBe("stale");
    expect(instanceState(seenAgo(24 * 60 * 60 * 1000), now)).toBe("stale");
  });

  it("counts a heartbeat from a clock slightly ahead as live", () => {
    expect(instanceState(seenAgo(-5_000), now)).toBe("live");
  });
});

describe("versionLabel", () => {
  it("joins the package version and the short commit, or shows what is known", () => {
    expect(versionLabel("1.4.0", commit)).toBe("1.4.0 (0123456)");
    expect(versionLabel(null, commit)).toBe("0123456");
    expect(versionLabel("1.4.0", null)).toBe("1.4.0");
    expect(versionLabel(null, null)).toBeNull();
  });
});

describe("readGitHead", () => {
  it("reads a branch ref or a detached commit, and nothing else", () => {
    expect(readGitHead("ref: refs/heads/main\n")).toEqual({ ref: "refs/heads/main" });
    expect(readGitHead(`${commit}\n`)).toEqual({ commit });
    expect(readGitHead("")).toBeNull();
    expect(readGitHead("ref: ../../etc/passwd")).toBeNull();
  });
});

describe("findPackedRef", () => {
  it("finds a ref among packed refs and skips peeled tag lines", () => {
    const packed = `# pack-refs with: peeled fully-peeled sorted\n${"f".repeat(40)} refs/heads/other\n${commit} refs/heads/main\n^${"e".repeat(40)}\n`;
    expect(findPackedRef(packed, "refs/heads/main")).toBe(commit);
    expect(findPackedRef(packed, "refs/heads/missing")).toBeNull();
  });
});
