import { describe, expect, it } from "vitest";
import { findIncident, recordIncident } from "~/modules/incidents/incidents.server";

describe("incidents", () => {
  it("record the path, query, message and stack trace of an error", async () => {
    const request = new Request("http://localhost/docs/econ/macroeconomic?lang=zh");
    const id = await recordIncident({ request, error: new Error("spec could not be read"), username: "macro@demo.test" });
    const incident = await findIncident(id);
    expect(incident).toMatchObject({
      id,
      path: "/docs/econ/macroeconomic",
      query: "?lang=zh",
      message: "spec could not be read",
      username: "macro@demo.test",
    });
    expect(incident?.stacktrace).toContain("incidents.test.ts");
  });

  it("record values that are not errors", async () => {
    const id = await recordIncident({ request: new Request("http://localhost/"), error: "plain string" });
    expect((await findIncident(id))?.message).toBe("plain string");
  });
});
