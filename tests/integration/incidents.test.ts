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

  it("[security3-N3] keep no key of the request's path, query, message or stack trace", async () => {
    const key = "econ_4oyuYW6YP6O7Dz-X08DFBNRra_FG8tdb";
    const resetToken = "MfRYkNSIC6P4Fb1HqWzbOZKsPYbMlkhvE_phN3N24cY";
    const request = new Request(`http://localhost/ZH/RESET-PASSWORD/${resetToken}?redirectTo=/x&TOKEN=${key}&Password=qs&apiKey=k1`);
    const error = new TypeError(`Invalid URL: http://localhost/data-api/macroeconomic/series?token=${key}`);
    const id = await recordIncident({ request, error });
    const incident = await findIncident(id);
    expect(incident).toMatchObject({
      path: "/ZH/RESET-PASSWORD/[redacted]",
      query: "?redirectTo=/x&TOKEN=[redacted]&Password=[redacted]&apiKey=[redacted]",
      message: "Invalid URL: http://localhost/data-api/macroeconomic/series?token=[redacted]",
    });
    expect(incident?.stacktrace).toContain("?token=[redacted]");
    for (const secret of [key, resetToken, "k1", "=qs"]) expect(JSON.stringify(incident)).not.toContain(secret);
  });
});
