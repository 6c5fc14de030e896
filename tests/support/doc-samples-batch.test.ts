import { describe, expect, it } from "vitest";
import { parseResults, runBatch } from "./doc-samples-batch";

const options = { paceMs: 0, timeoutMs: 20_000, env: process.env };

describe("runBatch", () => {
  it("runs Python programs one by one as __main__, each with its own output and exit code", async () => {
    const results = await runBatch(
      "python",
      [
        'import sys\nif __name__ == "__main__":\n    print("first")\n    print("to stderr", file=sys.stderr)',
        "import sys\nprint('partial')\nsys.exit(3)",
        "raise RuntimeError('HTTP 404')",
        "print(first)",
      ],
      options,
    );
    expect(results).toEqual([
      { exitCode: 0, stdout: "first\n", stderr: "to stderr\n" },
      { exitCode: 3, stdout: "partial\n", stderr: "" },
      { exitCode: 1, stdout: "", stderr: expect.stringContaining("RuntimeError: HTTP 404") as string },
      // Nothing leaks from one program into the next.
      { exitCode: 1, stdout: "", stderr: expect.stringContaining("NameError") as string },
    ]);
  });

  it("runs R programs one by one in fresh environments, printing top-level values as Rscript does", async () => {
    const results = await runBatch(
      "r",
      ['answer <- 42\nanswer\nmessage("a note")\ncat("done\\n")', 'print("partial")\nstop("HTTP 404")', "print(exists('answer'))"],
      options,
    );
    expect(results).toEqual([
      { exitCode: 0, stdout: "[1] 42\ndone\n", stderr: "a note\n" },
      { exitCode: 1, stdout: '[1] "partial"\n', stderr: "Error: HTTP 404\n" },
      { exitCode: 0, stdout: "[1] FALSE\n", stderr: "" },
    ]);
  });

  it("keeps the programs apart by the pace", async () => {
    const started = Date.now();
    await runBatch("python", ["pass", "pass", "pass"], { ...options, paceMs: 200 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it("gives every program the failure when the interpreter itself fails", async () => {
    const results = await runBatch("python", ["print(1)", "print(2)"], { ...options, timeoutMs: 1 });
    expect(results).toHaveLength(2);
    expect(results.every((result) => result.exitCode !== 0 && result.stderr.includes("the python batch failed"))).toBe(true);
  });
});

describe("parseResults", () => {
  it("takes one result per program and nothing else", () => {
    const one = { exitCode: 0, stdout: "x\n", stderr: "" };
    expect(parseResults(JSON.stringify([one]), 1)).toEqual([one]);
    expect(parseResults(JSON.stringify([one]), 2)).toBeNull();
    expect(parseResults(JSON.stringify([{ exitCode: "0", stdout: "", stderr: "" }]), 1)).toBeNull();
    expect(parseResults("Error in library(httr)", 1)).toBeNull();
  });
});
