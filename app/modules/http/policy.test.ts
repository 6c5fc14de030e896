import { describe, expect, it } from "vitest";
import {
  bodyLimitFor,
  carriesCredentials,
  ID_LIST_BODY_BYTES,
  declaresTooLargeBody,
  documentSecurityPolicy,
  firstHeaderValue,
  isBrokenJsonPath,
  isCrossSiteRequest,
  isValidHost,
  privateCacheControl,
  remixOriginView,
  requestLineRefusal,
  securityHeaders,
  SERVED_METHODS,
} from "./policy";

const allowed = ["http://localhost:3000", "https://portal.example"];

describe("cross-site requests", () => {
  it("[security-10] refuses state-changing requests from a foreign Origin or Referer", () => {
    expect(isCrossSiteRequest({ method: "POST", origin: "https://evil.example", referer: undefined }, allowed)).toBe(true);
    expect(isCrossSiteRequest({ method: "DELETE", origin: undefined, referer: "https://evil.example/page" }, allowed)).toBe(true);
    expect(isCrossSiteRequest({ method: "PUT", origin: "null", referer: undefined }, allowed)).toBe(true);
    expect(isCrossSiteRequest({ method: "POST", origin: "http://localhost:3001", referer: undefined }, allowed)).toBe(true);
    expect(isCrossSiteRequest({ method: "POST", origin: "not a url", referer: undefined }, allowed)).toBe(true);
  });

  it("[security-10] lets same-site pages, programs without Origin and reads through", () => {
    expect(isCrossSiteRequest({ method: "POST", origin: "https://portal.example", referer: undefined }, allowed)).toBe(false);
    expect(isCrossSiteRequest({ method: "POST", origin: undefined, referer: "http://localhost:3000/contact" }, allowed)).toBe(false);
    expect(isCrossSiteRequest({ method: "POST", origin: undefined, referer: undefined }, allowed)).toBe(false);
    expect(isCrossSiteRequest({ method: "GET", origin: "https://evil.example", referer: undefined }, allowed)).toBe(false);
  });
});

describe("the request Remix sees after the cross-site check", () => {
  it("[security3-N4] gives a write its accepted Origin's host, so Remix's own check cannot disagree", () => {
    expect(remixOriginView("POST", "http://localhost:3000")).toEqual({ host: "localhost:3000" });
    expect(remixOriginView("DELETE", "https://portal.example")).toEqual({ host: "portal.example" });
    expect(remixOriginView("PROPFIND", "http://[::1]:3000/")).toEqual({ host: "[::1]:3000" });
  });

  it("[security3-N4] leaves Origin out of reads, which Remix checks for HEAD and OPTIONS of .data too", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(remixOriginView(method, "https://evil.example")).toBe("drop-origin");
      expect(remixOriginView(method, "null")).toBe("drop-origin");
    }
    expect(remixOriginView("POST", "not a url")).toBe("drop-origin");
  });

  it("changes nothing without an Origin", () => {
    expect(remixOriginView("POST", undefined)).toBeNull();
    expect(remixOriginView("GET", "")).toBeNull();
  });
});

describe("request lines", () => {
  const line = { method: "GET", target: "/api/auth/user", host: "127.0.0.1:3000" };

  it("[security3-N6] answers 405 with Allow for the methods the app's Request cannot carry", () => {
    for (const method of ["TRACE", "TRACK", "CONNECT", "trace"]) {
      expect(requestLineRefusal({ ...line, method })).toEqual({ status: 405, messageKey: "http.methodNotAllowed", allow: SERVED_METHODS });
    }
    expect(requestLineRefusal({ ...line, method: "PROPFIND" })).toBeNull();
  });

  it("[security3-N6] answers 400 for absolute-form and asterisk targets", () => {
    for (const target of ["http://127.0.0.1:3000/api/auth/user", "*", "http://[::1]/", "x"]) {
      expect(requestLineRefusal({ ...line, target })).toEqual({ status: 400, messageKey: "http.badRequestTarget" });
    }
    expect(requestLineRefusal({ ...line, method: "OPTIONS", target: "*" })?.status).toBe(400);
    expect(requestLineRefusal({ ...line, target: "//evil.example/x" })).toBeNull();
  });

  it("[security3-item3] answers 400 for a Host, forwarded host or forwarded protocol no URL can be built from", () => {
    for (const host of ["a b", "[::1", "%zz", "a:b:c", "127.0.0.1:99999", "x/y", "x@y"]) {
      expect(requestLineRefusal({ ...line, host })).toEqual({ status: 400, messageKey: "http.badHost" });
      expect(requestLineRefusal({ ...line, forwardedHost: host })).toEqual({ status: 400, messageKey: "http.badHost" });
    }
    for (const forwardedProto of ["a b", "1http", "javascript"]) {
      expect(requestLineRefusal({ ...line, forwardedProto })).toEqual({ status: 400, messageKey: "http.badHost" });
    }
    expect(requestLineRefusal({ ...line, host: undefined })).toBeNull();
    expect(requestLineRefusal({ ...line, forwardedHost: "portal.example.com", forwardedProto: "HTTPS" })).toBeNull();
  });

  it("takes the hosts real clients send", () => {
    for (const host of [
      "localhost",
      "portal.example.com",
      "portal.example.com:443",
      "127.0.0.1:3000",
      "[::1]:3000",
      "my_portal:3000",
      "example.com:",
    ]) {
      expect(isValidHost(host)).toBe(true);
    }
  });

  it("reads a forwarded header's first value, as Express does", () => {
    expect(firstHeaderValue("portal.example.com, proxy.internal")).toBe("portal.example.com");
    expect(firstHeaderValue(" https ")).toBe("https");
    expect(firstHeaderValue(undefined)).toBeUndefined();
    expect(firstHeaderValue(" ,x")).toBeUndefined();
  });
});

describe("paths the JSON families cannot route", () => {
  it("[security3-item3] finds encoded line breaks and NUL under /api/ and /data-api/ only", () => {
    for (const path of [
      "/data-api/macroeconomic/x%0ay",
      "/data-api/macroeconomic/%0D",
      "/data-api/x/%00",
      "/api/x%0A",
      "/api/a%E2%80%A8b",
    ]) {
      expect(isBrokenJsonPath(path)).toBe(true);
    }
    for (const path of ["/x%0a", "/docs/%0a", "/data-api/macroeconomic/series/%250a", "/api/auth/user"])
      expect(isBrokenJsonPath(path)).toBe(false);
  });
});

describe("body limits", () => {
  const limits = { body: 1000, upload: 5000 };
  it("[security-8] gives the picture upload more room than forms and JSON", () => {
    expect(bodyLimitFor("/api/auth/profile-picture", limits)).toBe(5000);
    expect(bodyLimitFor("/api/auth/filepond-upload", limits)).toBe(5000);
    expect(bodyLimitFor("/zh/dashboard/profile", limits)).toBe(5000);
    expect(bodyLimitFor("/api/form/general-inquiry", limits)).toBe(1000);
    expect(bodyLimitFor("/dashboard/profile/x", limits)).toBe(1000);
  });

  it("gives the company forms and their API room for 100,000 ids", () => {
    for (const path of [
      "/api/corp-feed",
      "/api/corp-feed/edit",
      "/api/corp-dump/preview",
      "/zh/dashboard/corp/edit-feed/f1",
      "/dashboard/corp/create-dump",
      "/dashboard/admin/company-feeds/create-feed",
      "/zh/dashboard/admin/company-feeds/edit-feed/f1",
      "/dashboard/admin/company-dumps/create-dump",
      "/api/admin/company-feed",
      "/api/admin/company-feeds",
      "/api/admin/company-dumps",
    ])
      expect(bodyLimitFor(path, limits), path).toBe(ID_LIST_BODY_BYTES);
    for (const path of [
      "/api/corp-feeds",
      "/dashboard/corp/feeds",
      "/api/econ-feed",
      "/dashboard/admin/company-feeds",
      "/api/admin/macroeconomic-feeds",
    ])
      expect(bodyLimitFor(path, limits), path).toBe(1000);
  });

  it("[security-8] reads the declared length", () => {
    expect(declaresTooLargeBody("1001", 1000)).toBe(true);
    expect(declaresTooLargeBody("1000", 1000)).toBe(false);
    expect(declaresTooLargeBody(undefined, 1000)).toBe(false);
    expect(declaresTooLargeBody("-5", 1000)).toBe(false);
  });
});

describe("security headers", () => {
  it("[security-9] documents allow scripts only with the nonce and cannot be framed", () => {
    const policy = documentSecurityPolicy("abc");
    expect(policy).toContain("script-src 'self' 'nonce-abc'");
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("admits Google's reCAPTCHA hosts only while reCAPTCHA is configured", () => {
    expect(documentSecurityPolicy("abc")).not.toMatch(/google|gstatic|frame-src/);
    const policy = documentSecurityPolicy("abc", { recaptcha: true });
    expect(policy).toContain("script-src 'self' 'nonce-abc' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    expect(policy).toContain("frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("[security-9] HSTS only over https", () => {
    expect(securityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("https://portal.example")["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(securityHeaders("http://localhost:3000")["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("[security-18] answers to signed-in requests are private and not stored", () => {
    expect(carriesCredentials("theme=dark; token=abc", undefined)).toBe(true);
    expect(carriesCredentials(undefined, "Bearer x")).toBe(true);
    expect(carriesCredentials("xtoken=abc", undefined)).toBe(false);
    expect(privateCacheControl(undefined)).toBe("private, no-store");
    expect(privateCacheControl("public, max-age=60")).toBe("private, no-store");
    expect(privateCacheControl("private, no-cache")).toBe("private, no-cache");
  });
});
