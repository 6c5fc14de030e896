import { describe, expect, it } from "vitest";
import { incidentFilterSchema, readIncidentSearch, showIncident } from "./incident-lookup";

describe("incidentFilterSchema", () => {
  it("drops blank filters and trims the others", () => {
    expect(incidentFilterSchema.parse({ path: " /docs ", username: "", from: " ", to: "2026-01-31" })).toEqual({
      path: "/docs",
      to: "2026-01-31",
    });
  });

  it("wants dates as YYYY-MM-DD and the end not before the start", () => {
    const issues = (input: Record<string, string>) =>
      incidentFilterSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ from: "yesterday" })).toEqual([["from", "validation.date"]]);
    expect(issues({ to: "2026-13-45" })).toEqual([["to", "validation.date"]]);
    expect(issues({ to: "2026-02-30" })).toEqual([["to", "validation.date"]]);
    expect(issues({ from: "2026-02-01", to: "2026-01-31" })).toEqual([["to", "validation.range"]]);
    expect(incidentFilterSchema.safeParse({ from: "2026-01-31", to: "2026-01-31" }).success).toBe(true);
  });
});

describe("showIncident", () => {
  it("names the fields as SPEC.md does", () => {
    const row = { id: "i", created_at: "2026-01-01T00:00:00.000Z", path: "/p", message: "m", query: "?q", username: null, stacktrace: "s" };
    expect(showIncident(row)).toEqual({
      id: "i",
      created: "2026-01-01T00:00:00.000Z",
      path: "/p",
      message: "m",
      query: "?q",
      username: null,
      stacktrace: "s",
    });
  });
});

describe("readIncidentSearch", () => {
  const id = "0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33";

  it("lists without a lookup when no id is asked for", () => {
    expect(readIncidentSearch(new URLSearchParams("path=/docs&from=2026-01-01"))).toEqual({
      values: { id: "", path: "/docs", username: "", from: "2026-01-01", to: "" },
      id: null,
      idError: null,
      filter: { path: "/docs", from: "2026-01-01" },
      filterErrors: {},
    });
  });

  it("looks up a valid id and calls a blank or malformed one invalid", () => {
    expect(readIncidentSearch(new URLSearchParams(`id=${id}`))).toMatchObject({ id, idError: null });
    expect(readIncidentSearch(new URLSearchParams("id="))).toMatchObject({ id: null, idError: "admin.incidents.invalidId" });
    expect(readIncidentSearch(new URLSearchParams("id=12345"))).toMatchObject({
      values: { id: "12345" },
      id: null,
      idError: "admin.incidents.invalidId",
    });
  });

  it("gives the filter errors by field", () => {
    expect(readIncidentSearch(new URLSearchParams("from=2026-02-01&to=2026-01-01"))).toMatchObject({
      filter: null,
      filterErrors: { to: "validation.range" },
    });
  });
});
