import { describe, expect, it } from "vitest";
import { jsonNotFound, notFound } from "./responses";

describe("notFound", () => {
  it("answers a plain-text 404 reading Not Found", async () => {
    const response = notFound();
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Not Found");
  });

  it("carries the body a status handler reads, such as a page's own message key", async () => {
    expect(await notFound("econ.editFeed.notFound").text()).toBe("econ.editFeed.notFound");
  });

  it("is a new answer each time, so one thrown body never locks another", () => {
    expect(notFound()).not.toBe(notFound());
  });
});

describe("jsonNotFound", () => {
  it("answers the JSON API's 404 shape", async () => {
    const response = jsonNotFound("Page not found");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "Page not found" });
  });
});
