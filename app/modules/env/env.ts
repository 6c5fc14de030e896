import { z } from "zod";

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
    TRUST_PROXY: booleanString,
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    TEST_HOOKS: booleanString,
    WORKER: z.enum(["embedded", "off"]).default("embedded"),
    WORKER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    CATALOG_ADVANCE_MINUTES: z.coerce.number().int().min(1).default(60),
    DELIVERY_PRIVATE_HOSTS: z.enum(["allow", "deny"]).optional(),
    ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
    CATALOG_SERIES: z.coerce.number().int().min(0).default(20_000),
    CATALOG_COMPANIES: z.coerce.number().int().min(0).default(10_000),
    CATALOG_DOCUMENTS: z.coerce.number().int().min(0).default(5_000),
    DEMO_DATA: z.enum(["true", "false", "1", "0"]).optional(),
    DOCS_SPEC_SOURCES: sourcesPerSet,
    DOCS_DOWNLOAD_SOURCES: sourcesPerSet,
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      context.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, "DEMO_DATA"> & { SESSION_SECRET: string; DEMO_DATA: boolean };

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
  // Demo accounts are seeded outside production unless switched off; in production only on request.
  const demoData = DEMO_DATA === undefined ? values.NODE_ENV !== "production" : DEMO_DATA === "true" || DEMO_DATA === "1";
  return { ...values, SESSION_SECRET: values.SESSION_SECRET ?? developmentSecret, DEMO_DATA: demoData };
}
