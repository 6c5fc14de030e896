import { describe, expect, it } from "vitest";
import { withAbsoluteLinks } from "./absolute-links";

describe("withAbsoluteLinks", () => {
  const origin = "https://portal.example.com/";

  it("makes inline and reference links absolute in the reader's language", () => {
    const markdown = "See [auth](/docs/corp/api-v2/getting-started/authentication#key) and [dumps][d].\n\n[d]: /dashboard/corp/dumps\n";
    expect(withAbsoluteLinks(markdown, origin, "zh")).toBe(
      "See [auth](https://portal.example.com/zh/docs/corp/api-v2/getting-started/authentication#key) and [dumps][d].\n\n[d]: https://portal.example.com/zh/dashboard/corp/dumps\n",
    );
    expect(withAbsoluteLinks("[home](/)", origin, null)).toBe("[home](https://portal.example.com/)");
  });

  it("leaves external, protocol-relative and anchor links and code blocks alone", () => {
    const markdown = [
      "[x](https://other.example/a) [y](//cdn.example/b) [z](#part)",
      "```python",
      'print("[a](/not/a/link)")',
      "```",
      "[after](/docs)",
    ].join("\n");
    expect(withAbsoluteLinks(markdown, origin, null)).toBe(markdown.replace("[after](/docs)", "[after](https://portal.example.com/docs)"));
  });
});
