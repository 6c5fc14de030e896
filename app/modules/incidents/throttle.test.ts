import { describe, expect, it } from "vitest";
import { IncidentThrottle, incidentFingerprint, isIncident } from "./throttle";

describe("IncidentThrottle", () => {
  it("[security-6] records a repeated failure once per window and shows the first id", () => {
    let counter = 0;
    const newId = () => `id-${++counter}`;
    const throttle = new IncidentThrottle(60_000, 30);
    expect(throttle.admit("a", newId, 0)).toEqual({ id: "id-1", record: true });
    expect(throttle.admit("a", newId, 1_000)).toEqual({ id: "id-1", record: false });
    expect(throttle.admit("b", newId, 2_000)).toEqual({ id: "id-2", record: true });
    expect(throttle.admit("a", newId, 61_000)).toEqual({ id: "id-3", record: true });
  });

  it("[security-6] records at most the cap of distinct failures per window", () => {
    let counter = 0;
    const throttle = new IncidentThrottle(60_000, 3);
    const admitted = Array.from({ length: 10 }, (_, index) => throttle.admit(`f${index}`, () => `id-${++counter}`, 0));
    expect(admitted.filter((admission) => admission.record)).toHaveLength(3);
    expect(admitted[9]).toEqual({ id: null, record: false });
    expect(throttle.admit("late", () => "id-late", 60_000)).toEqual({ id: "id-late", record: true });
  });

  it("fingerprints by path, message and credentials", () => {
    const error = new Error("boom");
    const request = (url: string, cookie = "") => new Request(url, { headers: { Cookie: cookie } });
    expect(incidentFingerprint(request("http://x/a?q=1", "token=t1"), error)).toBe(
      incidentFingerprint(request("http://x/a?q=1", "a=b; token=t1"), error),
    );
    expect(incidentFingerprint(request("http://x/a"), error)).not.toBe(incidentFingerprint(request("http://x/b"), error));
    expect(incidentFingerprint(request("http://x/a", "token=t1"), error)).not.toBe(
      incidentFingerprint(request("http://x/a", "token=t2"), error),
    );
    expect(incidentFingerprint(request("http://x/a"), error)).not.toBe(incidentFingerprint(request("http://x/a"), new Error("other")));
  });

  it("[security3-N10] leaves the query out, so varying it is still one failure", () => {
    const error = new Error("boom");
    const fingerprint = (url: string) => incidentFingerprint(new Request(url), error);
    expect(fingerprint("http://x/a?q=1")).toBe(fingerprint("http://x/a?q=2"));
    expect(fingerprint("http://x/a?_data=root&n=1")).toBe(fingerprint("http://x/a"));
  });
});

/** What Remix hands handleError for a thrown Response or an unknown path (isRouteErrorResponse reads these fields). */
const routeErrorResponse = (status: number, data: unknown, internal = false) => ({ status, statusText: "", internal, data });

describe("isIncident", () => {
  it("[security3-N10] passes over Remix's ?_data= warning and the answers routes chose", () => {
    expect(
      isIncident(
        new Error("Warning: Single fetch-enabled apps should not be making ?_data requests, this is likely to break in the future"),
      ),
    ).toBe(false);
    expect(isIncident(routeErrorResponse(404, null))).toBe(false);
    expect(isIncident(routeErrorResponse(405, "Invalid request method", true))).toBe(false);
    expect(isIncident(routeErrorResponse(400, { error: "x" }))).toBe(false);
  });

  it("records every other failure", () => {
    expect(isIncident(new Error("Deliberate failure for the error-page test"))).toBe(true);
    expect(isIncident(new TypeError("Cannot read properties of undefined"))).toBe(true);
    expect(isIncident("a thrown string")).toBe(true);
  });
});
