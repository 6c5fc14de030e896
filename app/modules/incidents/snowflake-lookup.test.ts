import { describe, expect, it } from "vitest";
import {
  formatAdditionalData,
  readAdditionalData,
  readSnowflakeSearch,
  severitySchema,
  showSnowflakeIncident,
  snowflakeIncidentPath,
  summarizeSnowflakeIncident,
} from "./snowflake-lookup";

const row = {
  id: "0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33",
  created_at: "2026-01-01T00:00:00.000Z",
  severity: "error",
  message: "dump failed: disk full",
  stacktrace: "Error: disk full\n    at write",
  additional_data: '{"jobId":"j1","attempt":2}',
};

describe("severitySchema", () => {
  it("takes the recorded severities and reads blank or 'all' as no filter", () => {
    expect(severitySchema.parse(" warning ")).toBe("warning");
    expect(severitySchema.parse("all")).toBeUndefined();
    expect(severitySchema.parse("")).toBeUndefined();
  });

  it.each(["fatal", "ERROR", "<b>"])("refuses %j", (value) => {
    expect(severitySchema.safeParse(value).error?.issues[0]?.message).toBe("validation.invalidOption");
  });
});

describe("readSnowflakeSearch", () => {
  it("lists without a lookup when no id is asked for", () => {
    expect(readSnowflakeSearch(new URLSearchParams("severity=critical&from=2026-01-01"))).toEqual({
      values: { id: "", severity: "critical", from: "2026-01-01", to: "" },
      id: null,
      idError: null,
      filter: { severity: "critical", from: "2026-01-01" },
      filterErrors: {},
    });
    expect(readSnowflakeSearch(new URLSearchParams(""))).toMatchObject({ values: { severity: "all" }, filter: {} });
  });

  it("looks up a valid id and calls a blank or malformed one invalid", () => {
    expect(readSnowflakeSearch(new URLSearchParams(`id=${row.id}`))).toMatchObject({ id: row.id, idError: null });
    expect(readSnowflakeSearch(new URLSearchParams("id="))).toMatchObject({ id: null, idError: "admin.incidents.invalidId" });
    expect(readSnowflakeSearch(new URLSearchParams("id=42"))).toMatchObject({ values: { id: "42" }, idError: "admin.incidents.invalidId" });
  });

  it("gives the filter errors by field, the days read as the incidents screen reads them", () => {
    expect(readSnowflakeSearch(new URLSearchParams("severity=fatal&from=2026-02-01&to=2026-01-01"))).toMatchObject({
      filter: null,
      filterErrors: { severity: "validation.invalidOption", to: "validation.range" },
    });
    expect(readSnowflakeSearch(new URLSearchParams("to=2026-02-30")).filterErrors).toEqual({ to: "validation.date" });
  });
});

describe("snowflakeIncidentPath", () => {
  it("puts the id in the address", () => {
    expect(snowflakeIncidentPath(row.id)).toBe(`/dashboard/admin/snowflake-incidents?id=${row.id}`);
    expect(snowflakeIncidentPath("a&b")).toBe("/dashboard/admin/snowflake-incidents?id=a%26b");
  });
});

describe("the additional data", () => {
  it("is read as JSON, or as the stored text when it is not JSON", () => {
    expect(readAdditionalData('{"a":[1,{"b":null}]}')).toEqual({ a: [1, { b: null }] });
    expect(readAdditionalData("not json {")).toBe("not json {");
  });

  it("is shown as indented JSON, and text as it is", () => {
    expect(formatAdditionalData({ jobId: "j1", nested: { at: 1 } })).toBe('{\n  "jobId": "j1",\n  "nested": {\n    "at": 1\n  }\n}');
    expect(formatAdditionalData("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
    expect(formatAdditionalData(null)).toBe("null");
  });
});

describe("showSnowflakeIncident", () => {
  it("names the fields as SPEC.md does, the additional data parsed", () => {
    expect(showSnowflakeIncident(row)).toEqual({
      id: row.id,
      created: "2026-01-01T00:00:00.000Z",
      severity: "error",
      message: "dump failed: disk full",
      stacktrace: "Error: disk full\n    at write",
      data: { jobId: "j1", attempt: 2 },
    });
  });

  it("leaves the stack trace and the data out of the list", () => {
    expect(summarizeSnowflakeIncident(row)).toEqual({
      id: row.id,
      created: "2026-01-01T00:00:00.000Z",
      severity: "error",
      message: "dump failed: disk full",
    });
  });
});
