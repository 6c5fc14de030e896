import { describe, expect, it } from "vitest";
import { e2eRuns, runPlan } from "../tests/e2e/support/run-e2e.mjs";
import { shouldRun, stages, steps } from "./test.mjs";

describe("npm test's stages", () => {
  it("run in steps: installing, lint, typecheck and the build side by side, then vitest, then the browser suite's runs (run-e2e.mjs) side by side", () => {
    expect(steps(stages([])).map((step) => step.map((stage) => stage.name))).toEqual([
      ["provision"],
      ["install", "lint", "typecheck", "build"],
      ["vitest"],
      e2eRuns().map((run) => `e2e ${run.name}`),
    ]);
  });

  it("stop at the first failure, except that both browser runs go on when the first fails", () => {
    const [provision, install, lint, , , vitest, sqlite, postgres] = stages([]);
    expect(shouldRun(install!, [provision!])).toBe(false);
    expect(shouldRun(lint!, [])).toBe(true);
    expect(shouldRun(lint!, [provision!])).toBe(false);
    expect(shouldRun(sqlite!, [vitest!])).toBe(false);
    expect(shouldRun(postgres!, [vitest!])).toBe(false);
    expect(shouldRun(postgres!, [sqlite!])).toBe(true);
  });

  it("leave the PostgreSQL run out without PostgreSQL, unless REQUIRE_POSTGRES=1 makes that a failure", () => {
    const [sqlite, postgres] = e2eRuns(3210, { postgresRuns: true });
    expect(postgres?.env).toEqual({ E2E_DATABASE: "postgres", E2E_PORT: "3211", E2E_SHARE: "2,3/3" });
    expect(runPlan(sqlite!, { postgresInstalled: false, requirePostgres: true })).toEqual({ kind: "run" });
    expect(runPlan(postgres!, { postgresInstalled: true, requirePostgres: true })).toEqual({ kind: "run" });
    expect(runPlan(postgres!, { postgresInstalled: false, requirePostgres: false }).kind).toBe("skip");
    expect(runPlan(postgres!, { postgresInstalled: false, requirePostgres: true }).kind).toBe("fail");
  });

  it("split the fuzz's requests between the two runs, or give them all to SQLite when PostgreSQL does not run", () => {
    expect(e2eRuns(3210, { postgresRuns: true }).map((run) => run.env.E2E_SHARE)).toEqual(["1/3", "2,3/3"]);
    expect(e2eRuns(3210, { postgresRuns: false })[0]!.env.E2E_SHARE).toBe("1/1");
  });
});
