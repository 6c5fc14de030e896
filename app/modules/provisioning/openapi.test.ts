import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { provisioningValidator } from "../../../tests/support/provisioning-openapi";
import { provisioningOpenApi } from "./openapi";

const description = provisioningOpenApi("https://portal.example.com");
const validate = provisioningValidator(description);

const user = {
  id: "0b7c4d3e-0000-4000-8000-000000000001",
  email: "ada@example.com",
  username: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  platforms: ["econ", "intel"],
  isAdmin: false,
  hasTokenDecoder: false,
  locked: false,
  lockedAt: null,
  version: 3,
  createdAt: "2026-11-27T00:00:00.000Z",
  subscriptions: [
    { product: "macroeconomic", startsAt: "2026-01-01T00:00:00.000Z", endsAt: null, databases: ["IMF", "OECD"], state: "active" },
    { product: "intelligence", startsAt: "2026-01-01T00:00:00.000Z", endsAt: "2026-06-30T00:00:00.000Z", databases: null, state: "ended" },
  ],
};

describe("the provisioning API's OpenAPI description", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const api = await SwaggerParser.validate(structuredClone(description) as never);
    expect(api).toMatchObject({ openapi: "3.1.0" });
    const broken = { ...structuredClone(description), paths: { "/x": { get: { responses: "none" } } } };
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it("describes exactly the provisioning contracts, each behind the bearer scheme", () => {
    const operations = Object.entries(description.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== "parameters")
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        "GET /api/admin/users",
        "POST /api/admin/users",
        "GET /api/admin/users/{id}",
        "PATCH /api/admin/users/{id}",
        "PUT /api/admin/users/{id}/subscriptions/{product}",
        "DELETE /api/admin/users/{id}/subscriptions/{product}",
        "GET /api/admin/api-keys",
        "POST /api/admin/api-keys",
        "DELETE /api/admin/api-keys/{id}",
      ].sort(),
    );
    expect(description.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(description.components.schemas.Product?.enum).toEqual(["macroeconomic", "company", "documents", "intelligence"]);
  });

  it("compiles with ajv and tells a described answer from one that is not", () => {
    expect(validate("GET", "/api/admin/users/{id}", 200, user)).toEqual([]);
    expect(validate("POST", "/api/admin/users", 201, user)).toEqual([]);
    expect(validate("GET", "/api/admin/users", 200, { users: [user], total: 1, page: 1, pages: 1 })).toEqual([]);
    expect(validate("GET", "/api/admin/users/{id}", 200, { ...user, password: "x" })).toEqual(["/ must NOT have additional properties"]);
    expect(
      validate("GET", "/api/admin/users/{id}", 200, { ...user, subscriptions: [{ ...user.subscriptions[0], state: "paused" }] }),
    ).toHaveLength(1);
    expect(validate("PATCH", "/api/admin/users/{id}", 409, { error: "Changed meanwhile.", version: 3 })).toEqual([]);
    expect(validate("PUT", "/api/admin/users/{id}/subscriptions/{product}", 422, { errors: { endsAt: "Invalid date" } })).toEqual([]);
    expect(validate("POST", "/api/admin/api-keys", 201, { id: "k", key: `adk_${"a".repeat(43)}` })).toEqual([]);
    expect(validate("POST", "/api/admin/api-keys", 201, { id: "k", key: "econ_x" })).toHaveLength(1);
    expect(validate("DELETE", "/api/admin/api-keys/{id}", 401, { message: "no" })).not.toEqual([]);
    expect(validate("GET", "/api/admin/api-keys", 418, {})).toEqual(["GET /api/admin/api-keys 418 is not in the description"]);
  });
});
