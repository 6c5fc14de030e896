import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fixedT } from "~/modules/i18n/i18n.server";
import { readJsonObject, readJsonWith } from "./json.server";

const t = await fixedT("en");
const post = (body: BodyInit, contentType = "application/json") =>
  new Request("http://portal.test/api/econ-feed", { method: "POST", headers: { "Content-Type": contentType }, body });

async function failure(request: Request) {
  const result = await readJsonObject(request, t);
  if (result.ok) throw new Error("expected a refusal");
  return { status: result.response.status, body: await result.response.json() };
}

describe("readJsonObject", () => {
  it("[security-10] reads only application/json bodies", async () => {
    expect(await failure(post('{"a":1}', "text/plain"))).toEqual({
      status: 415,
      body: { error: "Send the body as JSON with Content-Type: application/json." },
    });
    expect((await readJsonObject(post('{"a":1}', "application/json; charset=utf-8"), t)).ok).toBe(true);
  });

  it("[security-8] refuses a body over the limit with a 413", async () => {
    expect((await failure(post(JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) })))).status).toBe(413);
  });

  it("[security-13] refuses deep nesting with a 422 and never recurses on it", async () => {
    const deep = `{"ids":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect(await failure(post(deep))).toEqual({ status: 422, body: { errors: { _: "The JSON body is nested too deeply." } } });
  });

  it("[security-13] drops prototype-like keys at every depth", async () => {
    const result = await readJsonObject(
      post('{"__proto__":{"isAdmin":true},"a":{"constructor":{"prototype":1},"b":[{"__proto__":2}]}}'),
      t,
    );
    expect(result).toEqual({ ok: true, value: { a: { b: [{}] } } });
  });

  it("answers invalid UTF-8, broken JSON and non-objects with a 400", async () => {
    for (const body of [new Uint8Array([0x7b, 0xff, 0x7d]), "{not json", "[1]", "null", ""]) {
      expect((await failure(post(body))).status).toBe(400);
    }
  });
});

describe("readJsonWith", () => {
  const schema = z.object({ name: z.string().min(1, "validation.required") });

  it("answers the schema's data, the reader's refusals as they are, and the schema's messages with a 422", async () => {
    expect(await readJsonWith(post('{"name":"Ada","extra":1}'), schema, t)).toEqual({ ok: true, data: { name: "Ada" } });
    const unread = await readJsonWith(post("{not json"), schema, t);
    expect(unread.ok ? null : unread.response.status).toBe(400);
    const invalid = await readJsonWith(post('{"name":""}'), schema, t);
    if (invalid.ok) throw new Error("expected a refusal");
    expect(invalid.response.status).toBe(422);
    expect(await invalid.response.json()).toEqual({ errors: { name: t("validation.required") } });
  });
});
