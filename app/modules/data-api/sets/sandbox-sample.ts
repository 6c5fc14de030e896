/**
 * The sandbox serves a sample of the catalog (content/pages/sandbox, "Scope and limitations"): the series of
 * these databases. They are listed as the sandbox's databases, each flagged readable; anything else is
 * "outside the sandbox sample" (403).
 */
export const SANDBOX_DATABASES = ["DB01", "DB02"] as const;
