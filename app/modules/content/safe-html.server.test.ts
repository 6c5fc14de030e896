import { describe, expect, it } from "vitest";
import { sanitizeMarkdownHtml } from "./safe-html.server";

describe("sanitizeMarkdownHtml", () => {
  it("[security-21] drops event handlers, scripts and links that run script", () => {
    const html = sanitizeMarkdownHtml(
      '<p>Hello <img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">a</a>' +
        '<a href="JaVa&#x53;cript:alert(4)">b</a><a href="data:text/html,x">c</a><a href="vbscript:x">d</a>' +
        '<a href="//evil.example/">e</a><img src="data:image/svg+xml,x"><iframe src="https://evil.example"></iframe></p>',
    );
    expect(html).not.toMatch(/onerror|<script|javascript|data:|vbscript|evil\.example|<iframe/i);
    expect(html).toContain("<a>a</a>");
  });

  it("[security-21] keeps only shiki's colours in styles and the classes our renderer writes", () => {
    const html = sanitizeMarkdownHtml(
      '<pre class="shiki github-light evil" style="background-color:#fff;color:#24292e;position:fixed"><code>' +
        '<span class="line"><span style="color:#D73A49;background-image:url(https://evil.example/x)">x</span></span></code></pre>',
    );
    expect(html).toBe('<pre class="shiki github-light" style="background-color:#fff;color:#24292e"><code><span class="line"><span style="color:#D73A49">x</span></span></code></pre>');
  });

  it("keeps what the content legitimately uses", () => {
    const html =
      '<h2 id="limits"><a class="heading-anchor" href="#limits" aria-hidden="true" tabindex="-1">#</a>Limits</h2>' +
      '<p><a href="/docs/x">docs</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a> ' +
      '<a href="mailto:support@example.com">mail</a> <img src="/img/logo.png" alt="Logo" /></p>' +
      '<table><thead><tr><th align="left">a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      "<details><summary>More</summary><p>text</p></details>";
    expect(sanitizeMarkdownHtml(html)).toBe(html);
  });
});
