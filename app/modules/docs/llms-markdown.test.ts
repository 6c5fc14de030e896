import { describe, expect, it } from "vitest";
import {
  emptyPageMarkdown,
  fencedCode,
  inlineCode,
  markdownLink,
  modelsPageMarkdown,
  operationPageMarkdown,
  postmanPageMarkdown,
  responsesPageMarkdown,
  tagPageMarkdown,
  writtenPageMarkdown,
  type OperationReference,
  type ReferenceLabels,
} from "./llms-markdown";

const labels: ReferenceLabels = {
  operations: "Operations",
  parameters: "Parameters",
  noParameters: "This call takes no parameters.",
  responses: "Responses",
  required: "Required",
  requestSamples: "Request samples",
  noFields: "No fields.",
  status: "Status",
  description: "Description",
  errorShape: "Error responses have this shape:",
  usedBy: (count) => `Used by ${count} operations`,
};

const getSeries: OperationReference = {
  method: "GET",
  path: "/series/{id}",
  summary: "Get a series",
  description: "The series with its metadata.\nDates are ISO 8601.",
  parameters: [
    { name: "id", in: "path", type: "string", required: true, description: "The series id" },
    { name: "token", in: "query", type: "string", required: false, description: "" },
  ],
  responses: [
    { status: "200", description: "OK", schema: "Series" },
    { status: "404", description: "Not found", schema: null },
  ],
};

describe("markdown helpers", () => {
  it("keep any text inside code spans, fences and links", () => {
    expect(inlineCode("/series/{id}")).toBe("`/series/{id}`");
    expect(inlineCode("a`b")).toBe("``a`b``");
    expect(inlineCode("`x`")).toBe("`` `x` ``");
    expect(fencedCode("a\n```\nb\n", "bash")).toBe("````bash\na\n```\nb\n````");
    expect(markdownLink("Get [all] series", "https://p.example/docs/x.md?path=%2Fa(b)&method=get")).toBe(
      "[Get \\[all\\] series](https://p.example/docs/x.md?path=%2Fa%28b%29&method=get)",
    );
  });
});

describe("operationPageMarkdown", () => {
  it("writes the signature, parameters, responses and the curl sample", () => {
    const markdown = operationPageMarkdown(
      {
        title: "Get a series",
        tag: "Series",
        operation: getSeries,
        curl: 'curl "https://api.example/series/string?token=YOUR_API_KEY"',
        samplesNote: "Replace YOUR_API_KEY with your key from Token management.",
      },
      labels,
    );
    expect(markdown).toBe(
      [
        "# Get a series",
        "",
        "Series · GET `/series/{id}`",
        "",
        "The series with its metadata.\nDates are ISO 8601.",
        "",
        "## Parameters",
        "",
        "- `id` (required, path, string): The series id",
        "- `token` (query, string)",
        "",
        "## Responses",
        "",
        "- `200` (`Series`): OK",
        "- `404`: Not found",
        "",
        "## Request samples",
        "",
        "Replace YOUR_API_KEY with your key from Token management.",
        "",
        "```bash",
        'curl "https://api.example/series/string?token=YOUR_API_KEY"',
        "```",
        "",
      ].join("\n"),
    );
  });

  it("says so when an operation takes no parameters, and keeps a hostile path inside its code span", () => {
    const operation = { ...getSeries, path: "/a`b\n# not a heading", parameters: [] };
    const markdown = operationPageMarkdown({ title: "X", tag: "T", operation, curl: "curl x", samplesNote: null }, labels);
    expect(markdown).toContain("T · GET ``/a`b # not a heading``");
    expect(markdown).toContain("## Parameters\n\nThis call takes no parameters.");
    expect(markdown).not.toMatch(/^# not a heading/m);
    expect(markdown).toContain("## Request samples\n\n```bash\ncurl x\n```\n");
  });
});

describe("tagPageMarkdown", () => {
  it("lists every operation with its details and a link to its page", () => {
    const markdown = tagPageMarkdown(
      {
        title: "Series",
        description: "Time series and their data.",
        operations: [
          { operation: getSeries, href: "https://p.example/docs/econ/macroeconomic/docs/series.md?path=%2Fseries%2F%7Bid%7D&method=get" },
        ],
      },
      labels,
    );
    expect(markdown).toContain("# Series\n\nTime series and their data.\n\n## Operations\n\n### GET `/series/{id}`\n\n");
    expect(markdown).toContain(
      "[Get a series](https://p.example/docs/econ/macroeconomic/docs/series.md?path=%2Fseries%2F%7Bid%7D&method=get)",
    );
    expect(markdown).toContain("#### Parameters\n\n- `id` (required, path, string): The series id");
    expect(markdown).toContain("#### Responses\n\n- `200` (`Series`): OK");
  });
});

describe("the other generated pages", () => {
  it("writes models with their fields, or their type when they have none", () => {
    const markdown = modelsPageMarkdown(
      {
        title: "Models",
        models: [
          {
            name: "Series",
            description: "A time series.",
            type: "object",
            fields: [{ name: "id", type: "string", required: true, description: "Its id" }],
          },
          { name: "Empty", description: "", type: "object", fields: [] },
          { name: "Pet", description: "", type: "one of (Cat, Dog)", fields: [] },
        ],
      },
      labels,
    );
    expect(markdown).toBe(
      "# Models\n\n## `Series`\n\nA time series.\n\n- `id` (required, string): Its id\n\n## `Empty`\n\nNo fields.\n\n## `Pet`\n\n`one of (Cat, Dog)`\n",
    );
  });

  it("writes the statuses and the error shape", () => {
    const markdown = responsesPageMarkdown(
      {
        title: "Responses",
        statuses: [{ status: "401", description: "Unauthorized", operations: 3 }],
        errorExample: '{\n  "error": "string"\n}',
      },
      labels,
    );
    expect(markdown).toBe(
      '# Responses\n\n- `401` Unauthorized (Used by 3 operations)\n\nError responses have this shape:\n\n```json\n{\n  "error": "string"\n}\n```\n',
    );
  });

  it("writes the Postman collection page and an empty page", () => {
    const markdown = postmanPageMarkdown({
      title: "Postman collection",
      lead: "Every operation as a request.",
      download: { label: "Download the Postman collection", url: "https://p.example/c.json", format: "JSON" },
      contents: "What the collection contains",
      summary: "2 folders.",
      folders: [{ name: "Report", requests: 3 }],
      columns: { folder: "Folder", requests: "Requests" },
    });
    expect(markdown).toContain("[Download the Postman collection](https://p.example/c.json) (JSON)");
    expect(markdown).toContain("## What the collection contains\n\n2 folders.\n\n| Folder | Requests |\n|---|---|\n| Report | 3 |\n");
    expect(emptyPageMarkdown("Basic pandas", "This page has no content yet.")).toBe("# Basic pandas\n\nThis page has no content yet.\n");
  });
});

describe("writtenPageMarkdown", () => {
  it("puts the note of an untranslated page under its title", () => {
    expect(writtenPageMarkdown({ title: "认证", body: "\nText.\n", untranslatedNote: "本页尚未提供中文版本，以下为英文原文。" })).toBe(
      "# 认证\n\n> 本页尚未提供中文版本，以下为英文原文。\n\nText.\n",
    );
    expect(writtenPageMarkdown({ title: "Authentication", body: "Text.\n\n```\ncode\n```\n", untranslatedNote: null })).toBe(
      "# Authentication\n\nText.\n\n```\ncode\n```\n",
    );
  });
});
