import { describe, expect, it } from "vitest";
import { matchScore } from "./company-match";

const company = { name: "Novatek Motors GmbH", city: "Munich", address: "12 Park Avenue, Munich" };

describe("matchScore", () => {
  it("is 1 for the same name and details, lower as they differ", () => {
    expect(
      matchScore(
        { name: "Novatek Motors GmbH", city: "munich", address: "12 Park Avenue, Munich", website: "https://novatek.example.com" },
        company,
      ),
    ).toBe(1);
    expect(matchScore({ name: "Novatek Motors GmbH" }, company)).toBe(0.8);
    expect(matchScore({ name: "Novatek Foods" }, company)).toBeCloseTo(0.32);
    expect(matchScore({ name: "Unrelated" }, company)).toBe(0);
  });
});
