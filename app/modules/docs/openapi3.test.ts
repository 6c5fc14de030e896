import { describe, expect, it } from "vitest";
import { baseUrlOf, normaliseOpenApi3, normaliseSpec, WEBHOOKS_TAG } from "./openapi3";
import { findOperation, primaryRequestBody, SpecError } from "./spec-model";

const petSchema = {
  type: "object",
  required: ["name"],
  properties: { name: { type: "string" }, tag: { type: "string", nullable: true } },
};

const document = {
  openapi: "3.0.3",
  info: { title: "Pets", version: "1.2.0", description: "A pet store" },
  servers: [{ url: "https://{host}/v{major}/", variables: { host: { default: "pets.example.com" }, major: { default: "1" } } }],
  security: [{ key: [] }],
  tags: [
    { name: "Pets", "x-label": { en: "Pets", zh: "宠物" } },
    { name: WEBHOOKS_TAG, description: "What we send you." },
  ],
  paths: {
    "/pets/{petId}": {
      parameters: [
        { $ref: "#/components/parameters/PetId" },
        { name: "verbose", in: "query", description: "path level", schema: { type: "boolean" } },
      ],
      get: {
        operationId: "getPet",
        tags: ["Pets"],
        summary: "One pet",
        parameters: [
          { name: "verbose", in: "query", description: "operation level", schema: { type: "boolean" } },
          { name: "X-Trace", in: "header", schema: { type: "string" }, example: "abc" },
          { name: "filter", in: "query", content: { "application/json": { schema: { type: "object" } } } },
        ],
        responses: {
          "200": {
            description: "The pet",
            content: {
              "application/xml": { schema: { type: "string" } },
              "application/json": {
                schema: { $ref: "#/components/schemas/Pet" },
                examples: { rex: { $ref: "#/components/examples/Rex" } },
              },
            },
          },
          "404": { $ref: "#/components/responses/NotFound" },
          "x-internal": { description: "not a status" },
        },
      },
      put: {
        operationId: "replacePet",
        tags: ["Pets"],
        security: [],
        "x-codegen-request-body-name": "pet",
        requestBody: { $ref: "#/components/requestBodies/PetBody" },
        responses: { "204": { description: "Replaced" } },
      },
    },
    "/pets/{petId}/photo": {
      post: {
        tags: ["Pets"],
        requestBody: {
          content: {
            "multipart/form-data": { schema: { $ref: "#/components/schemas/Photo" } },
            "application/octet-stream": { schema: { type: "string", format: "binary" } },
          },
        },
        responses: {},
      },
    },
    "/pets/{petId}/notes": {
      post: {
        tags: ["Pets"],
        security: [{}, { key: [] }],
        requestBody: { content: { "text/plain": { example: "Good dog" } } },
        responses: {},
      },
    },
  },
  "x-webhooks": {
    petAdopted: {
      post: {
        summary: "A pet was adopted",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
      },
    },
  },
  components: {
    securitySchemes: { basic: { type: "http", scheme: "basic" }, key: { type: "apiKey", in: "query", name: "api_key" } },
    parameters: { PetId: { name: "petId", in: "path", schema: { type: "integer", format: "int64" }, description: "The pet's id" } },
    requestBodies: {
      PetBody: {
        required: true,
        description: "The new pet",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" }, example: { name: "Rex" } } },
      },
    },
    responses: {
      NotFound: { description: "No such pet", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
    },
    examples: { Rex: { summary: "A dog", value: { name: "Rex", tag: "dog" } } },
    schemas: {
      Pet: petSchema,
      Error: { type: "object", properties: { message: { type: "string" } } },
      Photo: {
        type: "object",
        required: ["file"],
        properties: { file: { type: "string", format: "binary" }, caption: { type: "string" } },
      },
    },
  },
};

describe("normaliseOpenApi3", () => {
  const model = normaliseOpenApi3(document);

  it("reads info, the first server with its variables' defaults and the tags, webhooks last", () => {
    expect(model).toMatchObject({ title: "Pets", version: "1.2.0", description: "A pet store", baseUrl: "https://pets.example.com/v1" });
    expect(model.tags.map((tag) => [tag.name, tag.label.zh, tag.description])).toEqual([
      ["Pets", "宠物", ""],
      [WEBHOOKS_TAG, "Webhook 回调", "What we send you."],
    ]);
    expect(Object.keys(model.definitions)).toEqual(["Pet", "Error", "Photo"]);
  });

  it("follows component parameters; an operation's parameter overrides the path's of the same name and place", () => {
    const get = findOperation(model, "/pets/{petId}", "get")!;
    expect(get.parameters).toEqual([
      { name: "petId", in: "path", required: true, description: "The pet's id", schema: { type: "integer", format: "int64" } },
      { name: "verbose", in: "query", required: false, description: "operation level", schema: { type: "boolean" } },
      { name: "X-Trace", in: "header", required: false, description: "", schema: { type: "string", example: "abc" } },
      { name: "filter", in: "query", required: false, description: "", schema: { type: "object" } },
    ]);
  });

  it("keeps the JSON media type of a response with the example it names, and follows component responses", () => {
    const get = findOperation(model, "/pets/{petId}", "get")!;
    expect(get.responses).toEqual([
      { status: "200", description: "The pet", schema: { $ref: "#/components/schemas/Pet" }, example: { name: "Rex", tag: "dog" } },
      { status: "404", description: "No such pet", schema: { $ref: "#/components/schemas/Error" } },
    ]);
  });

  it("keeps a request body per media type: JSON is the body parameter, a form's fields are form parameters", () => {
    const put = findOperation(model, "/pets/{petId}", "put")!;
    expect(put.requestBodies).toEqual([
      {
        mediaType: "application/json",
        required: true,
        description: "The new pet",
        schema: { $ref: "#/components/schemas/Pet" },
        example: { name: "Rex" },
      },
    ]);
    expect(put.parameters.at(-1)).toEqual({
      name: "pet",
      in: "body",
      required: true,
      description: "The new pet",
      schema: { $ref: "#/components/schemas/Pet", example: { name: "Rex" } },
    });
    const photo = findOperation(model, "/pets/{petId}/photo", "post")!;
    expect(photo.requestBodies.map((body) => body.mediaType)).toEqual(["multipart/form-data", "application/octet-stream"]);
    expect(photo.parameters.map((parameter) => [parameter.in, parameter.name, parameter.required])).toEqual([
      ["formData", "file", true],
      ["formData", "caption", false],
    ]);
    const notes = findOperation(model, "/pets/{petId}/notes", "post")!;
    expect(notes.parameters).toEqual([]);
    expect(primaryRequestBody(notes)).toEqual({
      mediaType: "text/plain",
      required: false,
      description: "",
      schema: null,
      example: "Good dog",
    });
  });

  it("carries the key of the spec's own requirement, and opens the operations that need no credentials", () => {
    expect(model.auth).toEqual({ in: "query", name: "api_key" });
    expect(findOperation(model, "/pets/{petId}", "get")!.open).toBe(false);
    expect(findOperation(model, "/pets/{petId}", "put")!.open).toBe(true);
    // `{}` among the requirements: anonymous access is allowed.
    expect(findOperation(model, "/pets/{petId}/notes", "post")!.open).toBe(true);
    expect(findOperation(model, "/pets/{petId}/photo", "post")!.id).toBe("post-/pets/{petId}/photo");
  });

  it("lists webhooks (3.0's x-webhooks here) as operations of their own tag, marked as webhooks", () => {
    const webhook = findOperation(model, "petAdopted", "post")!;
    expect(webhook).toMatchObject({ id: "post-webhook-petAdopted", tags: [WEBHOOKS_TAG], webhook: true, open: true, responses: [] });
    expect(webhook.parameters.map((parameter) => parameter.in)).toEqual(["body"]);
    expect(model.operations.filter((operation) => operation.webhook)).toHaveLength(1);
  });
});

describe("normaliseOpenApi3 on OpenAPI 3.1", () => {
  const model = normaliseOpenApi3({
    openapi: "3.1.0",
    info: { title: "Events", version: "1" },
    components: {
      securitySchemes: { oauth: { type: "oauth2", flows: {} } },
      pathItems: { Ping: { post: { summary: "Ping", responses: {} } } },
      schemas: {
        Node: {
          type: "object",
          properties: {
            label: { type: ["string", "null"], examples: ["root"] },
            kind: { const: "node" },
            parent: { $ref: "#/components/schemas/Node", description: "Up one level" },
            children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
            weight: { type: ["integer", "string"] },
          },
        },
      },
    },
    webhooks: { ping: { $ref: "#/components/pathItems/Ping" } },
  });

  it("normalises type lists, const and examples, and keeps a description beside a $ref", () => {
    expect(model.definitions.Node?.properties).toEqual({
      label: { type: "string", nullable: true, example: "root" },
      kind: { enum: ["node"] },
      parent: { $ref: "#/components/schemas/Node", description: "Up one level" },
      children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
      weight: { anyOf: [{ type: "integer" }, { type: "string" }] },
    });
  });

  it("reads webhooks through component path items, and a bearer token from OAuth 2; no paths is no error", () => {
    expect(model.operations.map((operation) => [operation.path, operation.webhook])).toEqual([["ping", true]]);
    expect(model.auth).toEqual({ in: "header", name: "Authorization" });
    expect(model.baseUrl).toBe("");
  });
});

describe("the credential of an OpenAPI 3 spec", () => {
  const authOf = (components: object, security?: unknown[]) =>
    normaliseOpenApi3({ openapi: "3.0.0", info: {}, paths: {}, components, ...(security ? { security } : {}) }).auth;

  it("is the first scheme the model can carry, a header key or a bearer token; Authorization without one", () => {
    expect(authOf({ securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } })).toEqual({ in: "header", name: "X-Key" });
    expect(authOf({ securitySchemes: { jwt: { type: "http", scheme: "Bearer" } } })).toEqual({ in: "header", name: "Authorization" });
    expect(
      authOf({ securitySchemes: { cookie: { type: "apiKey", in: "cookie", name: "sid" }, basic: { type: "http", scheme: "basic" } } }),
    ).toEqual({
      in: "header",
      name: "Authorization",
    });
    const both = {
      securitySchemes: { query: { type: "apiKey", in: "query", name: "q" }, header: { type: "apiKey", in: "header", name: "h" } },
    };
    expect(authOf(both)).toEqual({ in: "query", name: "q" });
    expect(authOf(both, [{ header: [] }])).toEqual({ in: "header", name: "h" });
  });
});

describe("baseUrlOf", () => {
  it("substitutes variables with their defaults and keeps the ones without", () => {
    expect(baseUrlOf([{ url: "https://{env}.example.com/{v}", variables: { env: { default: "api" } } }])).toBe(
      "https://api.example.com/{v}",
    );
    expect(baseUrlOf([{ url: "/" }])).toBe("");
    expect(baseUrlOf(undefined)).toBe("");
  });
});

describe("what an OpenAPI 3 document cannot be", () => {
  const withPath = (operation: unknown, components: object = {}) =>
    normaliseOpenApi3({ openapi: "3.0.1", info: {}, paths: { "/x": { get: operation } }, components });

  it("is a SpecError naming what is wrong and where", () => {
    expect(() => normaliseOpenApi3({ openapi: "3.2.0", info: {} })).toThrow(/OpenAPI 3\.2\.0 is not supported/);
    expect(() => normaliseOpenApi3({ swagger: "2.0" })).toThrow(SpecError);
    expect(() => withPath(5)).toThrow("GET /x: the operation is not an object");
    expect(() => withPath({ parameters: [{ name: "a", in: "body" }] })).toThrow("GET /x: Parameter a has an unknown location body");
    expect(() => withPath({ parameters: [{ $ref: "#/components/parameters/Nope" }] })).toThrow("Unresolvable parameter reference");
    expect(() => withPath({ parameters: [{ $ref: "common.yaml#/Id" }] })).toThrow(/External reference common\.yaml#\/Id/);
    expect(() =>
      withPath({ parameters: [{ $ref: "#/components/parameters/A" }] }, { parameters: { A: { $ref: "#/components/parameters/A" } } }),
    ).toThrow("Circular reference");
    expect(() =>
      withPath({ responses: { 200: { content: { "application/json": { schema: { $ref: "#/components/schemas/Gone" } } } } } }),
    ).toThrow("Unresolvable schema reference #/components/schemas/Gone");
    expect(() => normaliseOpenApi3({ openapi: "3.0.0", paths: [] })).toThrow("paths is not an object");
  });
});

describe("normaliseSpec", () => {
  it("reads Swagger 2.0 and OpenAPI 3, and nothing else", () => {
    expect(normaliseSpec({ swagger: "2.0", paths: {} }).operations).toEqual([]);
    expect(normaliseSpec({ openapi: "3.1.0", info: {} }).operations).toEqual([]);
    expect(() => normaliseSpec({ swagger: "1.2" })).toThrow("Not a Swagger 2.0 document");
    expect(() => normaliseSpec({ asyncapi: "2.6.0" })).toThrow("Not a Swagger 2.0 or OpenAPI 3 document");
    expect(() => normaliseSpec("not json")).toThrow(SpecError);
  });
});
