import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { matchOperation, readContract } from "./contract";

const shipped = (set: string) => readContract(JSON.parse(fs.readFileSync(`content/specs/${set}.json`, "utf8")));

describe("readContract", () => {
  it("reads every operation of the shipped specs with the parameter rules the docs model leaves out", () => {
    const counts = ["macroeconomic", "sandbox", "company", "company-v2", "documents", "dealwatch", "fund-flows", "real-estate"].map(
      (set) => shipped(set).operations.length,
    );
    expect(counts).toEqual([20, 6, 4, 11, 4, 3, 6, 6]);
    const search = shipped("macroeconomic").operations.find((operation) => operation.id === "searchSeries")!;
    expect(search.parameters.find((parameter) => parameter.name === "limit")).toEqual({
      name: "limit",
      in: "query",
      required: false,
      schema: expect.objectContaining({ type: "integer", minimum: 1, maximum: 100, default: 100 }),
    });
    expect(search.produces).toEqual(["application/json", "application/xml"]);
    const companies = shipped("company-v2").operations.find((operation) => operation.id === "listCompanies")!;
    expect(companies.parameters.find((parameter) => parameter.name === "limit")?.schema).toMatchObject({ multipleOf: 100, maximum: 1000 });
  });

  it("opens the operations whose security is empty (fund flows' POST /Session) and secures the rest", () => {
    const flows = shipped("fund-flows").operations;
    expect(flows.filter((operation) => !operation.secured).map((operation) => operation.id)).toEqual(["createSession"]);
    expect(flows.find((operation) => operation.id === "createSession")?.parameters[0]).toMatchObject({
      in: "body",
      schema: { $ref: "#/definitions/SessionRequest" },
    });
  });

  it("refuses what is not a Swagger document", () => {
    expect(() => readContract("nope")).toThrow(/Not a Swagger/);
    expect(() => readContract({ paths: { "/x": { get: { parameters: [{ in: "query" }] } } } })).toThrow(/parameter/);
  });
});

describe("matchOperation", () => {
  const contract = shipped("company-v2");

  it("prefers literal segments to parameters", () => {
    expect(matchOperation(contract, "GET", ["companies", "match"])).toMatchObject({ kind: "found", operation: { id: "matchCompanies" } });
    expect(matchOperation(contract, "GET", ["companies", "42"])).toMatchObject({
      kind: "found",
      operation: { id: "getCompany" },
      pathParams: { id: "42" },
    });
    expect(matchOperation(contract, "DELETE", ["companies", "cursor", "abc"])).toMatchObject({ pathParams: { cursor_id: "abc" } });
  });

  it("answers the methods of a known path, and nothing for an unknown one", () => {
    expect(matchOperation(contract, "PUT", ["companies", "dumps", "7"])).toEqual({ kind: "method-not-allowed", allow: ["GET", "DELETE"] });
    expect(matchOperation(contract, "GET", ["companies", "7", "nothing"])).toEqual({ kind: "not-found" });
    expect(matchOperation(contract, "GET", [])).toEqual({ kind: "not-found" });
  });

  it("takes HEAD as the GET of the path, and nothing else", () => {
    expect(matchOperation(contract, "HEAD", ["companies", "42"])).toMatchObject({ kind: "found", operation: { id: "getCompany" } });
    expect(matchOperation(contract, "HEAD", ["companies", "cursor", "abc"])).toMatchObject({ kind: "method-not-allowed" });
  });
});
