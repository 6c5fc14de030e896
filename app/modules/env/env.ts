import { z } from "zod";
import { upstreamUrlsSchema } from "./upstream-urls";

const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

/** A JSON object of documentation set id to a URL or file path. */
const sourcesPerSet = z
  .string()
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "must be a JSON object of set id to URL or file path" });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().min(1)))
  .default("{}");

/** Every environment variable the portal reads (README.md documents each). */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    PUBLIC_URL: z.string().url().default("http://localhost:3000"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Developer Portal <no-reply@example.com>"),
    SUPPORT_EMAIL: z.string().email().default("support@example.com"),
    STATUS_URL: z.string().url().default("https://status.example.com"),
    // Proxies in front of the portal whose X-Forwarded-For entries are trusted, counted from the right.
    TRUST_PROXY: z
      .enum(["true", "false", "0", "1", "2", "3", "4", "5", ""])
      .optional()
      .transform((value) => (value === "true" ? 1 : value === undefined || value === "false" || value === "" ? 0 : Number(value))),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    UPLOAD_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(5 * 1024 * 1024),
    // Memory of the anonymous full-page cache of docs pages (page-cache.server.ts) per process; 0 turns it off.
    PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
    USAGE_LOG_DAYS: z.coerce.number().int().min(1).max(400).default(14),
    // `off` keeps the call log empty: the data-API benchmark measures what the recording costs.
    USAGE_LOG: z.enum(["on", "off"]).default("on"),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    CONTACT_UNVERIFIED_LIMIT: z.coerce.number().int().min(0).default(2),
    // The proof of work's largest number, captcha.server.ts's when unset; the browser suite lowers it to spare its CPU.
    CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).optional(),
    TEST_HOOKS: booleanString,
    WORKER: z.enum(["embedded", "off"]).default("embedded"),
    WORKER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    CATALOG_ADVANCE_MINUTES: z.coerce.number().int().min(1).default(60),
    DELIVERY_PRIVATE_HOSTS: z.enum(["allow", "deny"]).optional(),
    // A PEM file of certificate authorities trusted besides the system's, for FTPS and HTTPS deliveries.
    DELIVERY_CA_FILE: z.string().min(1).optional(),
    ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
    SESSION_IDLE_HOURS: z.coerce
      .number()
      .positive()
      .max(14 * 24)
      .default(12),
    CATALOG_SERIES: z.coerce.number().int().min(0).default(20_000),
    CATALOG_COMPANIES: z.coerce.number().int().min(0).default(10_000),
    CATALOG_DOCUMENTS: z.coerce.number().int().min(0).default(5_000),
    DEMO_DATA: z.enum(["true", "false", "1", "0"]).optional(),
    DOCS_SPEC_SOURCES: sourcesPerSet,
    DOCS_DOWNLOAD_SOURCES: sourcesPerSet,
    // Google reCAPTCHA on the sandbox registration instead of the self-hosted proof of work (both keys or neither).
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
    RECAPTCHA_VERIFY_URL: z.string().url().default("https://www.google.com/recaptcha/api/siteverify"),
    // Sets answered by a real upstream instead of the built-in /data-api/{set} (set=url pairs, comma-separated).
    UPSTREAM_URLS: upstreamUrlsSchema,
    // Redis or Valkey (redis:// for both) keeping the rate limits' counters, shared by every instance; unset, the
    // database keeps them.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/]/, "must be a redis:// or rediss:// URL (Valkey too)")
      .optional(),
  })
  .superRefine((env, context) => {
    if (Boolean(env.RECAPTCHA_SITE_KEY) !== Boolean(env.RECAPTCHA_SECRET_KEY)) {
      const missing = env.RECAPTCHA_SITE_KEY ? "RECAPTCHA_SECRET_KEY" : "RECAPTCHA_SITE_KEY";
      context.addIssue({ code: "custom", path: [missing], message: "is required when the other reCAPTCHA key is set" });
    }
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      context.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
    // Stored FTP passwords must not fall with a leaked or rotated session secret.
    if (env.NODE_ENV === "production" && (!env.ENCRYPTION_KEY || env.ENCRYPTION_KEY === env.SESSION_SECRET)) {
      context.addIssue({
        code: "custom",
        path: ["ENCRYPTION_KEY"],
        message: "is required in production and must differ from SESSION_SECRET",
      });
    }
  });

/** DEMO_DATA is true or false when set, undefined when left to demoDataRule. */
export type Env = Omit<z.infer<typeof envSchema>, "DEMO_DATA"> & { SESSION_SECRET: string; DEMO_DATA: boolean | undefined };

const developmentSecret = "development-only-secret-do-not-use-in-production";

/** Parses the environment once; a bad variable stops start-up with a message that names it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  const { DEMO_DATA, ...values } = result.data;
  const demoData = DEMO_DATA === undefined ? undefined : DEMO_DATA === "true" || DEMO_DATA === "1";
  return { ...values, SESSION_SECRET: values.SESSION_SECRET ?? developmentSecret, DEMO_DATA: demoData };
}

/** localhost, 127.x and ::1: an address nobody else can reach. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Demo accounts have a published password: they are seeded while PUBLIC_URL is local, or when DEMO_DATA=true
 * says so explicitly; a public address without that gets none and a warning that says why.
 */
export function demoDataRule(env: Pick<Env, "DEMO_DATA" | "PUBLIC_URL">): { seed: boolean; warning: string | null } {
  const local = isLocalUrl(env.PUBLIC_URL);
  if (env.DEMO_DATA === false) return { seed: false, warning: null };
  if (env.DEMO_DATA === true) {
    const warning = local ? null : `DEMO_DATA=true: demo accounts with the published password are seeded on ${env.PUBLIC_URL}.`;
    return { seed: true, warning };
  }
  if (local) return { seed: true, warning: null };
  return {
    seed: false,
    warning: `Demo accounts were not seeded: PUBLIC_URL ${env.PUBLIC_URL} is not a local address. Set DEMO_DATA=true to seed them anyway.`,
  };
}
