import { subscriptionProducts } from "~/modules/auth/platforms";
import { platforms } from "~/modules/registry/registry";
import { adminApiKeyScopes } from "./admin-api-keys";

/**
 * The provisioning API's OpenAPI 3.1 description: what the provider's own systems (a CRM, a billing system) call
 * under /api/admin/ to create users and put or end their subscriptions, and the admin API keys they call with.
 * Admins download it from the admin API keys screen; the tests validate every answer against it, and its objects
 * admit no property they do not name, so an answer cannot grow a field the description lacks.
 */

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ "application/json": { schema } });
const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** ISO 8601: a date (midnight UTC) or a date and time. */
const isoDate: Schema = {
  anyOf: [
    { type: "string", format: "date" },
    { type: "string", format: "date-time" },
  ],
};

const schemas: Record<string, Schema> = {
  Error: {
    type: "object",
    description: "A 4xx answer: what went wrong, in the caller's language (Accept-Language, en or zh).",
    required: ["error"],
    properties: { error: { type: "string" } },
    additionalProperties: false,
  },
  VersionConflict: {
    type: "object",
    description: "A 409 answer: the user's current version, to read the user again and retry.",
    required: ["error", "version"],
    properties: { error: { type: "string" }, version: { type: ["integer", "null"] } },
    additionalProperties: false,
  },
  ValidationErrors: {
    type: "object",
    description: "A 422 answer: the first message of each invalid field, by field name (`_` for the body as a whole).",
    required: ["errors"],
    properties: { errors: { type: "object", additionalProperties: { type: "string" } } },
    additionalProperties: false,
  },
  Platform: { type: "string", enum: [...platforms], description: "An identity service a user may sign in to." },
  Product: { type: "string", enum: [...subscriptionProducts] },
  Databases: {
    type: ["array", "null"],
    description: "For macroeconomic: the database ids the subscription covers; null for every database (and for other products).",
    items: { type: "string" },
  },
  Subscription: {
    type: "object",
    required: ["product", "startsAt", "endsAt", "databases", "state"],
    properties: {
      product: ref("Product"),
      startsAt: { type: "string", format: "date-time" },
      endsAt: { type: ["string", "null"], format: "date-time", description: "null: open-ended." },
      databases: ref("Databases"),
      state: {
        type: "string",
        enum: ["scheduled", "active", "ended"],
        description: "scheduled: starts later; active: started and not ended; ended: its end has passed.",
      },
    },
    additionalProperties: false,
  },
  User: {
    type: "object",
    required: [
      "id",
      "email",
      "username",
      "firstName",
      "lastName",
      "platforms",
      "isAdmin",
      "hasTokenDecoder",
      "locked",
      "lockedAt",
      "version",
      "createdAt",
      "subscriptions",
    ],
    properties: {
      id: { type: "string" },
      email: { type: "string", format: "email" },
      username: { type: "string" },
      firstName: { type: "string" },
      lastName: { type: "string" },
      platforms: { type: "array", items: ref("Platform"), uniqueItems: true },
      isAdmin: { type: "boolean" },
      hasTokenDecoder: { type: "boolean" },
      locked: { type: "boolean", description: "A locked account cannot sign in; its keys and sessions stop at once." },
      lockedAt: { type: ["string", "null"], format: "date-time" },
      version: {
        type: "integer",
        minimum: 0,
        description: "Grows with every change: send it back in PATCH to refuse a concurrent edit (409).",
      },
      createdAt: { type: "string", format: "date-time" },
      subscriptions: { type: "array", items: ref("Subscription") },
      invitation: {
        type: "object",
        description: "GET /api/admin/users/{id} only: the latest invitation to set a password.",
        required: ["state", "createdAt", "expiresAt"],
        properties: {
          state: { type: "string", enum: ["none", "pending", "used", "revoked", "expired"] },
          createdAt: { type: ["string", "null"], format: "date-time" },
          expiresAt: { type: ["string", "null"], format: "date-time" },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  UserList: {
    type: "object",
    required: ["users", "total", "page", "pages"],
    properties: {
      users: { type: "array", items: ref("User") },
      total: { type: "integer", minimum: 0, description: "Users matching the filters, on every page." },
      page: { type: "integer", minimum: 1 },
      pages: { type: "integer", minimum: 1, description: "How many pages the filters make." },
    },
    additionalProperties: false,
  },
  NewUser: {
    type: "object",
    description:
      "Creates the user and mails an invitation to set a password, valid 7 days. Keyed by e-mail: a retried call never creates a second user.",
    required: ["email", "firstName", "lastName", "platforms"],
    properties: {
      email: { type: "string", format: "email", maxLength: 254 },
      firstName: { type: "string", minLength: 1, maxLength: 100 },
      lastName: { type: "string", minLength: 1, maxLength: 100 },
      platforms: { type: "array", items: ref("Platform"), minItems: 1, uniqueItems: true },
    },
  },
  UserChange: {
    type: "object",
    description: "Only the fields sent change. An admin cannot remove their own admin flag.",
    minProperties: 1,
    properties: {
      locked: { type: "boolean" },
      platforms: { type: "array", items: ref("Platform"), minItems: 1, uniqueItems: true },
      isAdmin: { type: "boolean" },
      hasTokenDecoder: { type: "boolean" },
      firstName: { type: "string", minLength: 1, maxLength: 100 },
      lastName: { type: "string", minLength: 1, maxLength: 100 },
      version: { type: "integer", minimum: 0, description: "The version read; another one is a 409 and changes nothing." },
    },
  },
  SubscriptionPut: {
    type: "object",
    description: "Creates or replaces the user's subscription to the product. An end in the past ends it now.",
    required: ["startsAt", "endsAt"],
    properties: {
      startsAt: isoDate,
      endsAt: { anyOf: [isoDate, { type: "null" }], description: "null: open-ended." },
      databases: { type: ["array", "null"], items: { type: "string" }, description: "macroeconomic only; absent or null: every database." },
      version: { type: "integer", minimum: 0, description: "The user's version read; another one is a 409 and changes nothing." },
    },
  },
  AdminApiKeyInput: {
    type: "object",
    required: ["name", "scope"],
    properties: {
      name: { type: "string", minLength: 1, maxLength: 100 },
      scope: { type: "string", enum: [...adminApiKeyScopes], description: "read: GET only; write: every call." },
    },
  },
  AdminApiKeyCreated: {
    type: "object",
    required: ["id", "key"],
    properties: {
      id: { type: "string" },
      key: { type: "string", pattern: "^adk_[A-Za-z0-9_-]{43}$", description: "Shown this once: only its SHA-256 is stored." },
    },
    additionalProperties: false,
  },
  AdminApiKey: {
    type: "object",
    required: ["id", "name", "scope", "hint", "createdAt", "createdBy", "lastUsedAt", "revokedAt", "state"],
    properties: {
      id: { type: "string" },
      name: { type: "string" },
      scope: { type: "string", enum: [...adminApiKeyScopes] },
      hint: { type: "string", description: "The key's first and last characters (adk_4oyu…8tdb)." },
      createdAt: { type: "string", format: "date-time" },
      createdBy: { type: "string", description: "The username of the admin who created it, the actor of its calls." },
      lastUsedAt: { type: ["string", "null"], format: "date-time", description: "To the minute." },
      revokedAt: { type: ["string", "null"], format: "date-time" },
      state: { type: "string", enum: ["active", "revoked"] },
    },
    additionalProperties: false,
  },
  AdminApiKeyList: {
    type: "object",
    required: ["keys"],
    properties: { keys: { type: "array", items: ref("AdminApiKey") } },
    additionalProperties: false,
  },
};

const errorResponse = (description: string) => ({ description, content: json(ref("Error")) });

const responses = {
  BadRequest: errorResponse("The body is not a JSON object."),
  Unauthorized: errorResponse("No admin session, or an unknown or revoked admin API key."),
  Forbidden: errorResponse("Not an admin, or a read key asking to write."),
  NotFound: errorResponse("No such user, subscription or key."),
  Conflict: {
    description: "The version sent is not the user's current one: someone changed it meanwhile; nothing was changed.",
    content: json(ref("VersionConflict")),
  },
  PayloadTooLarge: errorResponse("The body is too large."),
  UnsupportedMediaType: errorResponse("The body is not application/json."),
  Invalid: { description: "An invalid field.", content: json(ref("ValidationErrors")) },
};

const guarded = { "401": responseRef("Unauthorized"), "403": responseRef("Forbidden") };
const withBody = {
  "400": responseRef("BadRequest"),
  "413": responseRef("PayloadTooLarge"),
  "415": responseRef("UnsupportedMediaType"),
  "422": responseRef("Invalid"),
};
const userAnswer = (description: string) => ({ description, content: json(ref("User")) });
const body = (name: string) => ({ required: true, content: json(ref(name)) });

const parameters = {
  UserId: { name: "id", in: "path", required: true, schema: { type: "string" } },
  Product: { name: "product", in: "path", required: true, schema: ref("Product") },
  KeyId: { name: "id", in: "path", required: true, schema: { type: "string" } },
};

const parameterRef = (name: keyof typeof parameters) => ({ $ref: `#/components/parameters/${name}` });
const query = (name: string, schema: Schema, description: string) => ({ name, in: "query", required: false, schema, description });

const paths = {
  "/api/admin/users": {
    get: {
      operationId: "listUsers",
      summary: "Find users",
      parameters: [
        query("q", { type: "string" }, "Part of the e-mail, username or name."),
        query("platform", ref("Platform"), "Users of this identity service."),
        query("product", ref("Product"), "Users with a subscription to this product."),
        query(
          "state",
          { type: "string", enum: ["active", "ending", "ended"] },
          "Subscription state; ending: active and ending within 30 days.",
        ),
        query("sort", { type: "string", enum: ["email", "name", "created"] }, "Sort key (default created)."),
        query("dir", { type: "string", enum: ["asc", "desc"] }, "Sort order (default desc)."),
        query("page", { type: "integer", minimum: 1 }, "1-based page."),
      ],
      responses: { "200": { description: "A page of users.", content: json(ref("UserList")) }, ...guarded },
    },
    post: {
      operationId: "createUser",
      summary: "Create a user (idempotent by e-mail)",
      requestBody: body("NewUser"),
      responses: {
        "201": userAnswer("Created; the invitation is mailed."),
        "200": userAnswer("A user with this e-mail exists already: it is answered, with the same id, and nothing changes."),
        ...guarded,
        ...withBody,
      },
    },
  },
  "/api/admin/users/{id}": {
    parameters: [parameterRef("UserId")],
    get: {
      operationId: "getUser",
      summary: "Read a user",
      responses: { "200": userAnswer("The user."), ...guarded, "404": responseRef("NotFound") },
    },
    patch: {
      operationId: "updateUser",
      summary: "Lock or unlock, change flags or names",
      requestBody: body("UserChange"),
      responses: {
        "200": userAnswer("The user as changed."),
        ...guarded,
        "404": responseRef("NotFound"),
        "409": responseRef("Conflict"),
        ...withBody,
      },
    },
  },
  "/api/admin/users/{id}/subscriptions/{product}": {
    parameters: [parameterRef("UserId"), parameterRef("Product")],
    put: {
      operationId: "putSubscription",
      summary: "Start, change or renew a subscription",
      requestBody: body("SubscriptionPut"),
      responses: {
        "200": userAnswer("The user with the subscription as put."),
        ...guarded,
        "404": responseRef("NotFound"),
        "409": responseRef("Conflict"),
        ...withBody,
      },
    },
    delete: {
      operationId: "endSubscription",
      summary: "End a subscription now",
      description: "Its product's API key stops and its feeds pause, as when an end date passes.",
      parameters: [query("version", { type: "integer", minimum: 0 }, "The user's version read; another one is a 409.")],
      responses: {
        "200": userAnswer("The user with the subscription ended."),
        ...guarded,
        "404": responseRef("NotFound"),
        "409": responseRef("Conflict"),
      },
    },
  },
  "/api/admin/api-keys": {
    get: {
      operationId: "listAdminApiKeys",
      summary: "List admin API keys (never the keys themselves)",
      responses: { "200": { description: "Every key, the working ones first.", content: json(ref("AdminApiKeyList")) }, ...guarded },
    },
    post: {
      operationId: "createAdminApiKey",
      summary: "Create an admin API key",
      description: "A signed-in admin only: a call with an admin API key is refused (403), so a key cannot mint keys.",
      security: [{ sessionCookie: [] }, { bearer: [] }],
      requestBody: body("AdminApiKeyInput"),
      responses: { "201": { description: "The key, shown this once.", content: json(ref("AdminApiKeyCreated")) }, ...guarded, ...withBody },
    },
  },
  "/api/admin/api-keys/{id}": {
    parameters: [parameterRef("KeyId")],
    delete: {
      operationId: "revokeAdminApiKey",
      summary: "Revoke an admin API key at once",
      responses: {
        "200": { description: "The key as listed, revoked.", content: json(ref("AdminApiKey")) },
        ...guarded,
        "404": responseRef("NotFound"),
      },
    },
  },
};

/** The description, its server the portal's public address. */
export function provisioningOpenApi(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Provisioning API",
      version: "1.0.0",
      description:
        "Users and subscriptions for the provider's own systems. Authenticate with `Authorization: Bearer adk_…`, an admin API key created in the admin panel (Admin API keys): a read key may GET, a write key may call everything. A key works under /api/admin/ only and acts for the admin who created it; the audit trail names the key. Dates are ISO 8601.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }, { sessionCookie: [] }],
    paths,
    components: {
      schemas,
      responses,
      parameters,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An admin API key (adk_…), or an admin's session token.",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: "token", description: "A signed-in admin's session (the admin panel)." },
      },
    },
  };
}
