import { describe, expect, it } from "vitest";
import { apiSamples, missingOutputLine, substitute } from "./doc-samples";

const base = "https://corp.api.example.com/v2";

describe("apiSamples", () => {
  it("takes runnable blocks that call the set's base URL, with the output block after each", () => {
    const markdown = [
      "# Page",
      "```bash",
      "pip install requests",
      "```",
      "```python",
      `print(requests.get("${base}/companies").json()["total"])`,
      "```",
      "Some text.",
      "```output",
      "1000",
      "```",
      "```javascript",
      `await fetch("${base}/companies");`,
      "```",
      "```python",
      "def helper(): pass",
      "```",
    ].join("\n");
    expect(apiSamples(markdown, [base])).toEqual([
      {
        language: "python",
        code: `print(requests.get("${base}/companies").json()["total"])`,
        clients: [],
        expectedOutput: "1000",
        position: 2,
      },
      { language: "javascript", code: `await fetch("${base}/companies");`, clients: [], expectedOutput: null, position: 4 },
    ]);
  });

  it("finds samples inside lists and ignores other sets' base URLs and languages it cannot run", () => {
    const markdown = ["1. Call it:", "", "   ```r", `   GET("${base}/companies")`, "   ```", "", "```json", `"${base}"`, "```"].join("\n");
    expect(apiSamples(markdown, [base]).map((sample) => sample.language)).toEqual(["r"]);
    expect(apiSamples(markdown, ["https://econ.api.example.com/v1"])).toEqual([]);
  });

  it("takes programs that load one of the portal's clients with a credential placeholder, but not fragments", () => {
    const markdown = [
      "```python",
      "from company_v2_client import CompanyV2Client",
      'client = CompanyV2Client("YOUR_API_KEY")',
      "```",
      "```javascript",
      'import { CompanyV2Client } from "./company-v2-client.mjs";',
      "client.search();",
      "```",
      "```php",
      "require __DIR__ . '/CompanyV2Client.php';",
      "$client = new CompanyV2Client('YOUR_API_KEY');",
      "```",
      "```javascript",
      'import { CompanyV2Client } from "company-v2-client";',
      'const client = new CompanyV2Client("YOUR_API_KEY");',
      "```",
      "```python",
      "import company_v2_client_helpers",
      'key = "YOUR_API_KEY"',
      "```",
    ].join("\n");
    const files = ["company_v2_client.py", "company-v2-client.mjs", "CompanyV2Client.php"];
    expect(apiSamples(markdown, [base], files).map((sample) => [sample.language, sample.clients])).toEqual([
      ["python", ["company_v2_client.py"]],
      ["php", ["CompanyV2Client.php"]],
      ["javascript", ["company-v2-client.mjs"]],
    ]);
  });
});

describe("missingOutputLine", () => {
  it("matches the expected lines in order, … standing for any text, other printed lines in between", () => {
    const printed = "Found 1342 companies\nnoise\nACME Corp (CN), revenue 12.5 USD\nDone\n";
    expect(missingOutputLine("Found … companies\n\n… (…), revenue … USD\nDone", printed)).toBeNull();
  });

  it("names the first line that is missing or out of order, and whole lines must match", () => {
    expect(missingOutputLine("Done\nFound … companies", "Found 3 companies\nDone")).toBe("Found … companies");
    expect(missingOutputLine("Found", "Found 3 companies")).toBe("Found");
    expect(missingOutputLine("a.c", "abc")).toBe("a.c");
  });
});

it("substitute replaces every placeholder", () => {
  expect(substitute("KEY=YOUR_API_KEY; again YOUR_API_KEY", { YOUR_API_KEY: "k1" })).toBe("KEY=k1; again k1");
});
