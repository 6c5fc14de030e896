import { expect } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { e2eDb } from "./support/database";
import { postStreamed } from "./support/streamed-body";
import { test } from "./support/test";

/** The HTTP layer in front of the app (app/modules/server/http-server.server.ts), seen from outside. */

const incidentCount = async () =>
  (
    await e2eDb()
      .selectFrom("incidents")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow()
  ).count;

test.describe("security headers", () => {
  test("[security-9] rendered pages carry a nonce CSP that forbids framing, and the nonce is on every inline script", async ({
    request,
  }) => {
    const response = await request.get("/faq");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const policy = headers["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"])
      expect(policy).toContain(directive);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    const second = await request.get("/faq");
    expect(second.headers()["content-security-policy"]).not.toContain(nonce!);
  });

  test("[security-9] JSON, static files and error answers carry a CSP that runs nothing", async ({ request }) => {
    const asset = /\/assets\/[\w.-]+\.css/.exec(await (await request.get("/faq")).text())?.[0];
    expect(asset, "a stylesheet of the build").toBeDefined();
    for (const path of ["/api/search?q=series", "/api/does-not-exist", "/favicon.svg", asset!]) {
      const response = await request.get(path);
      expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    }
  });

  test("[security-18] answers to a signed-in request are private and never stored", async ({ request }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    const token = await signInToken(request, account);
    for (const path of ["/dashboard", "/api/auth/user", "/api/econ-feeds"]) {
      const response = await request.get(path, { headers: { Cookie: `token=${token}` } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    const bearer = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
    expect(bearer.headers()["cache-control"]).toBe("private, no-store");
  });
});

test.describe("one header each", () => {
  /** How often a header came: Playwright's headers() joins repeats, headersArray() keeps them apart. */
  const values = (headers: { name: string; value: string }[], name: string) =>
    headers.filter((header) => header.name.toLowerCase() === name).map((header) => header.value);

  test("[security3-N18] the sandbox access page sends its own Referrer-Policy once, not beside the site's", async ({ request }) => {
    const response = await request.get(`/api-products/econ/sandbox/${"a".repeat(43)}`);
    expect(response.status()).toBe(404);
    expect(values(response.headersArray(), "referrer-policy")).toEqual(["same-origin"]);
    expect(values(response.headersArray(), "x-content-type-options")).toEqual(["nosniff"]);
  });

  test("[security3-N18] the profile picture sends X-Content-Type-Options once", async ({ request }) => {
    const token = await signInToken(request, await createAccount({}));
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const headers = { Cookie: `token=${token}` };
    const upload = await request.post("/api/auth/profile-picture", {
      headers,
      multipart: { picture: { name: "me.png", mimeType: "image/png", buffer: png } },
    });
    expect(upload.status()).toBe(200);
    const picture = await request.get("/api/auth/profile-picture", { headers });
    expect(picture.status()).toBe(200);
    expect(values(picture.headersArray(), "x-content-type-options")).toEqual(["nosniff"]);
    expect(values(picture.headersArray(), "referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
  });
});

test.describe("cross-site requests", () => {
  test("[security-20] a page action posted from a foreign Origin is a 403 page, not a 500, and records no incident", async ({
    request,
  }) => {
    const before = await incidentCount();
    const contact = await request.post("/contact/general-inquiry", { form: { a: "b" }, headers: { Origin: "https://evil.example" } });
    expect(contact.status()).toBe(403);
    expect(contact.headers()["content-type"]).toContain("text/html");
    expect(await contact.text()).toContain("This request came from another site and was refused.");
    const zh = await request.post("/zh/contact/general-inquiry", { form: { a: "b" }, headers: { Referer: "https://evil.example/page" } });
    expect(zh.status()).toBe(403);
    expect(await zh.text()).toContain("此请求来自其他网站");
    const account = await createAccount({});
    const token = await signInToken(request, account);
    const profile = await request.post("/dashboard/profile", {
      form: { firstName: "Vera", lastName: "Visitor" },
      headers: { Cookie: `token=${token}`, Origin: "https://evil.example" },
    });
    expect(profile.status()).toBe(403);
    expect(await incidentCount()).toBe(before);
  });

  test("[security-10] the JSON API refuses foreign origins with a JSON 403 and text/plain bodies with 415", async ({ request }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    const token = await signInToken(request, account);
    const foreign = await request.post("/api/auth/save-profile", {
      data: { firstName: "Evil", lastName: "Change" },
      headers: { Cookie: `token=${token}`, Origin: "https://evil.example" },
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toEqual({ error: "This request came from another site and was refused." });
    const plain = await request.post("/api/auth/save-profile", {
      data: JSON.stringify({ firstName: "Evil", lastName: "Change" }),
      headers: { Cookie: `token=${token}`, "Content-Type": "text/plain" },
    });
    expect(plain.status()).toBe(415);
    const preview = await request.post("/api/econ-dump/preview", {
      data: JSON.stringify({ database: "DB01" }),
      headers: { Cookie: `token=${token}`, "Content-Type": "text/plain" },
    });
    expect(preview.status()).toBe(415);
    const user = await request.get("/api/auth/user", { headers: { Cookie: `token=${token}` } });
    expect(await user.json()).toMatchObject({ username: account.email });
    expect(await e2eDb().selectFrom("users").select("first_name").where("email", "=", account.email).execute()).toEqual([
      { first_name: "Test" },
    ]);
  });

  test("[security3-N4] page actions work when X-Forwarded-Host differs from an Origin the portal accepts, and record no incident", async ({
    request,
    baseURL,
  }) => {
    const before = await incidentCount();
    const account = await createAccount({});
    const proxied = { Origin: baseURL!, "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "203.0.113.141" };
    const login = await request.post("/login/econ", {
      form: { email: account.email, password: account.password },
      headers: proxied,
      maxRedirects: 0,
    });
    expect([login.status(), login.headers().location]).toEqual([302, "/dashboard"]);
    const token = /(?:^|\n)token=([^;]+)/.exec(login.headers()["set-cookie"] ?? "")?.[1];
    expect(token).toBeTruthy();
    const profile = await request.post("/dashboard/profile", {
      form: { firstName: "Proxied", lastName: "Reader" },
      headers: { ...proxied, "X-Forwarded-Host": "internal.example:8080", Cookie: `token=${token}` },
      maxRedirects: 0,
    });
    expect(profile.status()).toBeLessThan(400);
    expect(await e2eDb().selectFrom("users").select("first_name").where("email", "=", account.email).execute()).toEqual([
      { first_name: "Proxied" },
    ]);
    const contact = await request.post("/contact/general-inquiry", {
      form: { name: "Behind a proxy", email: "proxied@example.com", subject: "Hello", text: "Sent through a proxy" },
      headers: proxied,
      maxRedirects: 0,
    });
    expect(contact.status()).toBeLessThan(400);
    expect(await e2eDb().selectFrom("contact_messages").select("id").where("email", "=", "proxied@example.com").execute()).toHaveLength(1);
    expect(await incidentCount()).toBe(before);
  });

  test("same-site form posts and programs without an Origin still work", async ({ request, baseURL }) => {
    const response = await request.post("/api/form/general-inquiry", {
      data: { name: "Same site", email: "same-site@example.com", subject: "Hello", text: "Same-origin post" },
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(201);
  });
});

test.describe("request size", () => {
  test("[security-8] bodies over the limit are refused with 413, declared or streamed", async ({ request }) => {
    const big = "x".repeat(1024 * 1024 + 10);
    const declared = await request.post("/api/form/general-inquiry", {
      data: JSON.stringify({ text: big }),
      headers: { "Content-Type": "application/json" },
    });
    expect(declared.status()).toBe(413);
    expect((await declared.json()).error).toContain("1 MB");
    const form = await request.post("/reset-password", { form: { email: big } });
    expect(form.status()).toBe(413);
  });

  test("[security-8] an answer given before the body was read closes the connection instead of leaving bytes on it", async ({
    request,
  }) => {
    const response = await request.post("/healthz", {
      data: JSON.stringify({ text: "x".repeat(800_000) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status()).toBe(405);
    expect(response.headers()["connection"]).toBe("close");
    const next = await request.get("/healthz");
    expect(next.status()).toBe(200);
  });

  test("[security-8] a GET with a body is answered as a GET, and its connection stays usable", async ({ request }) => {
    const response = await request.fetch("/terms", { method: "GET", data: JSON.stringify({ items: "x".repeat(200_000) }) });
    expect(response.status()).toBe(200);
    expect(response.headers()["connection"]).not.toBe("close");
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("[security-8] a chunked body without a length is counted while it streams", async ({ baseURL }) => {
    const response = await postStreamed(new URL("/api/form/general-inquiry", baseURL), 40);
    expect(response.status).toBe(413);
  });
});

test.describe("answers in the API's own terms", () => {
  test("[security-api] an unknown /api path is a JSON 404 for every method, in the language asked for", async ({ request }) => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await request.fetch("/api/no-such-thing/at/all", { method });
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ error: "There is no API endpoint at this address." });
    }
    const zh = await request.get("/api/nope?lang=zh");
    expect(await zh.json()).toEqual({ error: "此地址没有 API 端点。" });
  });

  test("[security-api] 401 and 403 follow ?lang= and Accept-Language", async ({ request }) => {
    const anonymous = await request.get("/api/auth/user", { headers: { "Accept-Language": "zh-CN,zh;q=0.9" } });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "需要登录认证。" });
    const account = await createAccount({});
    const token = await signInToken(request, account);
    const forbidden = await request.get("/api/econ-feeds?lang=zh", { headers: { Cookie: `token=${token}` } });
    expect(forbidden.status()).toBe(403);
    expect(await forbidden.json()).toEqual({ error: "需要有效的产品订阅。" });
  });

  test("[security-api] the picture upload also answers at /api/auth/filepond-upload", async ({ request }) => {
    expect((await request.post("/api/auth/filepond-upload", { multipart: { picture: "x" } })).status()).toBe(401);
    const account = await createAccount({});
    const token = await signInToken(request, account);
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const upload = await request.post("/api/auth/filepond-upload", {
      headers: { Cookie: `token=${token}` },
      multipart: { picture: { name: "me.png", mimeType: "image/png", buffer: png } },
    });
    expect(upload.status()).toBe(200);
    const picture = await request.get("/api/auth/filepond-upload", { headers: { Cookie: `token=${token}` } });
    expect(picture.headers()["content-type"]).toBe("image/png");
    const tooBig = await request.post("/api/auth/filepond-upload", {
      headers: { Cookie: `token=${token}` },
      multipart: { picture: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024) } },
    });
    expect(tooBig.status()).toBe(413);
  });
});

test.describe("redirects stay on the site", () => {
  test("[security-4] ?lang= on a protocol-relative path redirects to a local path", async ({ request, baseURL }) => {
    for (const path of ["//evil.example/x?lang=en", "/zh//evil.example?lang=en", "//evil.example/x?lang=zh"]) {
      const response = await request.get(`${baseURL}${path}`, { maxRedirects: 0 });
      const location = response.headers()["location"] ?? "";
      expect(location, path).toMatch(/^\/(?!\/)/);
      expect(new URL(location, "http://portal.test").host, path).toBe("portal.test");
    }
  });

  test("[security-4] sign-in never redirects off the site, and a newline in redirectTo is no 500", async ({ request }) => {
    const account = await createAccount({ platforms: ["econ"] });
    for (const redirectTo of ["/\t/evil.example", "/\n/evil.example", "//evil.example", "/%09/evil.example", "https://evil.example/"]) {
      const response = await request.post("/login/econ", {
        form: { email: account.email, password: account.password, redirectTo },
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers()["location"], JSON.stringify(redirectTo)).toBe("/dashboard");
    }
    const page = await request.get(`/login/econ?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
    expect(await page.text()).toContain('name="redirectTo" value="/dashboard"');
  });

  test("[security-19] a Referer whose path starts with // does not break the dashboard", async ({ request, baseURL }) => {
    const account = await createAccount({});
    const token = await signInToken(request, account);
    const response = await request.get("/dashboard", { headers: { Cookie: `token=${token}`, Referer: `${baseURL}//evil.example/x` } });
    expect(response.status()).toBe(200);
    expect(await response.text()).not.toContain("evil.example");
  });
});

test.describe("malformed input", () => {
  test("[security-6] a broken token cookie is no session, never a 500", async ({ request }) => {
    for (const path of ["/", "/api/auth/user", "/dashboard", "/api/econ-feeds"]) {
      const response = await request.get(path, { headers: { Cookie: "token=%E0%A4%A" } });
      expect(response.status(), path).toBeLessThan(500);
    }
  });

  test("[security-13] deeply nested and prototype-like JSON is a 4xx with errors", async ({ request }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    const token = await signInToken(request, account);
    const deep = `{"ids":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const response = await request.post("/api/econ-delete-feeds", {
      data: deep,
      headers: { Cookie: `token=${token}`, "Content-Type": "application/json" },
    });
    expect(response.status()).toBe(422);
    expect(await response.json()).toHaveProperty("errors");
    const proto = await request.post("/api/auth/save-profile", {
      data: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"firstName":"Proto","lastName":"Type"}',
      headers: { Cookie: `token=${token}`, "Content-Type": "application/json" },
    });
    expect(proto.status()).toBe(200);
    const user = await (await request.get("/api/auth/user", { headers: { Cookie: `token=${token}` } })).json();
    expect(user.isAdmin).toBe(false);
  });
});
