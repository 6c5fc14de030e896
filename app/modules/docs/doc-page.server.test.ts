import { describe, expect, it } from "vitest";
import { codeHtml } from "./doc-page.server";

/** The text a code block shows: its markup removed and the entities shiki writes decoded. */
function shownText(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&#x3C;/g, "<")
    .replace(/&lt;/g, "<")
    .replace(/&amp;/g, "&");
}

describe("codeHtml", () => {
  it("[security-21] keeps a sample whose spec path closes a markdown fence inside the code block", async () => {
    const path = "/series\n```\n<img src=x onerror=alert(3)>\n```";
    const html = await codeHtml("curl", `curl "https://api.example.com${path}"`);
    expect(html).not.toContain("<img");
    expect(html.match(/<pre /g)).toHaveLength(1);
    expect(shownText(html)).toContain(`Copycurl "https://api.example.com${path}"`);
    expect(html).toContain('data-language="bash"');
  });

  it("highlights JSON examples with a copy button", async () => {
    const html = await codeHtml("json", '{\n  "id": 1\n}');
    expect(html).toContain('class="copy-code"');
    expect(html).toContain('<pre class="shiki github-light"');
  });
});
