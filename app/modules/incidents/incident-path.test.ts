import { describe, expect, it } from "vitest";
import { incidentLookupPath } from "./incident-path";

describe("incidentLookupPath", () => {
  it("puts the id in the address", () => {
    expect(incidentLookupPath("0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33")).toBe(
      "/dashboard/admin/incidents?id=0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33",
    );
    expect(incidentLookupPath("a&b")).toBe("/dashboard/admin/incidents?id=a%26b");
  });
});
