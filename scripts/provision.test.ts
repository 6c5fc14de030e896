import { describe, expect, it } from "vitest";
import { installPlan, missingPackages, requirements } from "./provision.mjs";

describe("the test suite's provisioning", () => {
  it("lists each missing requirement's packages once, in the list's order", () => {
    const checked = [
      { name: "a", packages: ["python3", "python3-requests"], present: false },
      { name: "b", packages: ["curl"], present: true },
      { name: "c", packages: ["python3", "php-cli"], present: false },
    ];
    expect(missingPackages(checked)).toEqual(["python3", "python3-requests", "php-cli"]);
    expect(missingPackages(checked.map((entry) => ({ ...entry, present: true })))).toEqual([]);
  });

  it("installs as root or through password-less sudo, and otherwise names the one command", () => {
    const packages = ["chromium", "jq"];
    expect(installPlan({ packages: [], isRoot: false, hasAptGet: false, hasSudo: false })).toEqual({ kind: "nothing" });
    expect(installPlan({ packages, isRoot: true, hasAptGet: true, hasSudo: false })).toEqual({ kind: "install", sudo: false, packages });
    expect(installPlan({ packages, isRoot: false, hasAptGet: true, hasSudo: true })).toEqual({ kind: "install", sudo: true, packages });
    expect(installPlan({ packages, isRoot: false, hasAptGet: true, hasSudo: false })).toEqual({
      kind: "stop",
      command: "sudo sh -c 'apt-get update && apt-get install -y --no-install-recommends chromium jq'",
    });
    expect(installPlan({ packages, isRoot: true, hasAptGet: false, hasSudo: false }).kind).toBe("stop");
  });

  it("covers everything the suite runs: the browser, PostgreSQL, Redis and every samples' interpreter", () => {
    const packages = requirements.flatMap((requirement) => requirement.packages);
    for (const name of [
      "chromium-headless-shell",
      "postgresql",
      "curl",
      "jq",
      "python3-pandas",
      "php-curl",
      "php-guzzlehttp-guzzle",
      "r-cran-httr",
      "redis-server",
    ]) {
      expect(packages).toContain(name);
    }
  });
});
