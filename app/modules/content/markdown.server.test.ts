import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/modules/theme/contrast";
import { headingId, highlightCode, renderMarkdown, renderMarkdownParts } from "./markdown.server";

describe("renderMarkdown", () => {
  it("takes the first heading as the title and highlights code with a copy button", async () => {
    const { title, html } = await renderMarkdown("# Get series\n\nText with [docs](/docs/x) and [site](https://example.com).\n\n```python\nprint(1)\n```\n");
    expect(title).toBe("Get series");
    expect(html).not.toContain("<h1");
    expect(html).toContain('class="copy-code"');
    expect(html).toContain('class="shiki github-light"');
    expect(html).toContain('<a href="/docs/x">docs</a>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>');
  }, 20_000);

  it("anchors headings and renders tables", async () => {
    const { html } = await renderMarkdown("## Rate limits & 429\n\n| a | b |\n| - | - |\n| 1 | 2 |\n");
    expect(html).toContain('<h2 id="rate-limits-429">');
    expect(html).toContain("<table>");
  });

  it("puts every table, written in markdown or in HTML, in a scroll box of its own", async () => {
    const { html } = await renderMarkdown("| a | b |\n| - | - |\n| 1 | 2 |\n\n<table><tr><td>x</td></tr></table>\n\nA <code>&lt;table></code> in text.\n");
    expect(html.match(/<div class="table-scroll" tabindex="0"><table>/g)).toHaveLength(2);
    expect(html.match(/<\/table><\/div>/g)).toHaveLength(2);
    expect(html).toContain("&lt;table&gt;");
  });

  it("gives internal links the page's language prefix and leaves external ones alone", async () => {
    const { html } = await renderMarkdown("[Models](/docs/econ/macroeconomic/docs/models) [Status](https://status.example.com)", {
      linkLanguage: "zh",
    });
    expect(html).toContain('href="/zh/docs/econ/macroeconomic/docs/models"');
    expect(html).toContain('href="https://status.example.com"');
    expect((await renderMarkdown("[Models](/docs/models)")).html).toContain('href="/docs/models"');
  });

  it("sends a signed-out reader's dashboard links through sign-in, in the page's language", async () => {
    const source = "[Token management](/dashboard/token-management) and [Docs](/docs/econ/macroeconomic)";
    expect((await renderMarkdown(source)).html).toContain('href="/dashboard/token-management"');
    const { html } = await renderMarkdown(source, { linkLanguage: "zh", dashboardLinks: "sign-in-first" });
    expect(html).toContain('href="/zh/login?redirectTo=%2Fdashboard%2Ftoken-management"');
    expect(html).toContain('href="/zh/docs/econ/macroeconomic"');
  });

  it("highlights code in colours of at least 4.5:1 on the lightest grey code background", async () => {
    const samples = {
      python: '# Search\nimport requests\ndef search(query: str, token=None):\n    return requests.get(f"https://x/{query}", params={"token": token}, timeout=30)\n',
      javascript: "// Search\nconst response = await fetch(`/series/${id}`, { method: \"GET\" });\nfunction next(page) { return page + 1; }\n",
      r: 'library(httr)\nresponse <- GET("https://x", query = list(token = key, limit = 10L))\n',
      bash: "curl -s \"https://x?token=$TOKEN\" | jq '.data.items[0]'\n",
      json: '{"id": "S1", "value": 1.5, "final": true, "note": null}',
    };
    const colours = new Set<string>();
    for (const [language, code] of Object.entries(samples)) {
      const html = await highlightCode(code, language);
      for (const [, colour] of html.matchAll(/color:(#[0-9a-f]{6})/gi)) colours.add(colour!);
    }
    expect(colours.size).toBeGreaterThan(5);
    for (const colour of colours) expect(contrastRatio(colour, "#f1f3f5"), colour).toBeGreaterThanOrEqual(4.5);
  });

  it("escapes unknown languages as plain text", async () => {
    const { html } = await renderMarkdown("```cobol\n<b>x</b>\n```");
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});

describe("headingId", () => {
  it("keeps letters and digits of any script", () => {
    expect(headingId("Search 100 series!")).toBe("search-100-series");
    expect(headingId("认证 方式")).toBe("认证-方式");
  });
  it("never starts with a digit", () => {
    expect(headingId("1. Accounts and API keys")).toBe("section-1-accounts-and-api-keys");
    expect(headingId("2. 数据使用")).toBe("section-2-数据使用");
  });
});

describe("renderMarkdown and raw HTML", () => {
  it("[security-21] sanitises raw HTML and drops script links", async () => {
    const { html } = await renderMarkdown(
      "Hello <img src=x onerror=alert(1)>\n\n[click](javascript:alert(2)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [mail](mailto:support@example.com)\n",
    );
    expect(html).not.toMatch(/onerror|javascript:|data:|vbscript:/);
    expect(html).toContain('<img src="x" />');
    expect(html).toContain("<a>click</a>");
    expect(html).toContain('<a href="mailto:support@example.com">mail</a>');
  });
});

describe("renderMarkdownParts", () => {
  const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\`\n\n`;

  it("groups one sample written in several languages, each with its output, and keeps the rest as HTML", async () => {
    const source = `# Send the key\n\nIntro with [a link][ref].\n\n${fence("bash", "curl -s https://x")}${fence("output", "3 series")}${fence(
      "python",
      "print(3)",
    )}${fence("output", "3 series")}${fence("php", "<?php echo 3;")}After.\n\n[ref]: /docs/x\n`;
    const { title, parts } = await renderMarkdownParts(source);
    expect(title).toBe("Send the key");
    expect(parts.map((part) => part.kind)).toEqual(["html", "tabs", "html"]);
    const [intro, tabs, after] = parts;
    expect(intro?.kind === "html" && intro.html).toContain('<a href="/docs/x">a link</a>');
    expect(tabs?.kind === "tabs" && tabs.samples.map((sample) => sample.language)).toEqual(["curl", "python", "php"]);
    const python = tabs?.kind === "tabs" ? tabs.samples[1]!.html : "";
    expect(python).toContain('data-language="python"');
    expect(python).toContain('class="code-block code-output"');
    expect(after?.kind === "html" && after.html).toContain("After.");
  });

  it("leaves alone a lone sample, a shell command that is not curl and a language written twice", async () => {
    const { parts } = await renderMarkdownParts(
      `${fence("bash", "pip install x")}${fence("python", "print(1)")}Then\n\n${fence("python", "a")}${fence("python", "b")}`,
    );
    expect(parts.map((part) => part.kind)).toEqual(["html"]);
  });

  it("takes in the headings that only name a sample's language, the tab saying it instead", async () => {
    const { parts } = await renderMarkdownParts(
      `## Search\n\n### curl\n\n${fence("bash", "BASE=x\ncurl -s $BASE")}${fence("output", "3")}### Python\n\n${fence("python", "print(3)")}### R\n\n${fence("r", "print(3)")}### PHP\n\nThe PHP client first.\n\n${fence("php", "<?php echo 3;")}`,
    );
    expect(parts.map((part) => part.kind)).toEqual(["html", "tabs", "html"]);
    const [before, tabs, after] = parts;
    expect(before?.kind === "html" && before.html).toContain(">Search</h2>");
    expect(tabs?.kind === "tabs" && tabs.samples.map((sample) => sample.language)).toEqual(["curl", "python", "r"]);
    expect(tabs?.kind === "tabs" && tabs.samples.map((sample) => sample.html).join("")).not.toContain("<h3");
    // A heading with words between it and its block stays a heading.
    expect(after?.kind === "html" && after.html).toContain(">PHP</h3>");
  });

  it("leaves a heading naming a language over a block of another one", async () => {
    const { parts } = await renderMarkdownParts(`### Python\n\n${fence("javascript", "a")}### curl\n\n${fence("json", "{}")}`);
    expect(parts.map((part) => part.kind)).toEqual(["html"]);
  });

  it("renders as renderMarkdown does when joined", async () => {
    const source = `${fence("javascript", "console.log(1)")}${fence("r", "print(1)")}`;
    const { parts } = await renderMarkdownParts(source);
    const joined = parts.map((part) => (part.kind === "html" ? part.html : part.samples.map((sample) => sample.html).join(""))).join("");
    expect((await renderMarkdown(source)).html).toBe(joined);
    expect(joined).toContain('data-language="r"');
  });
});
