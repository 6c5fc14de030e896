import { describe, expect, it } from "vitest";
import { splitTitle } from "./markdown-title";

describe("splitTitle", () => {
  it("takes the first level-one heading and removes it from the body", () => {
    expect(splitTitle("# Getting started\n\nText\n\n# Second")).toEqual({ title: "Getting started", body: "\nText\n\n# Second" });
  });

  it("ignores comment lines inside code blocks", () => {
    const source = "Intro\n\n```bash\n# install the SDK\npip install x\n```\n\n# Real title\n";
    expect(splitTitle(source).title).toBe("Real title");
    expect(splitTitle("```python\n# only a comment\n```\n").title).toBe("");
    expect(splitTitle("~~~~\n# inside\n~~~\n# still inside\n~~~~\n# Out").title).toBe("Out");
  });

  it("is not fooled by second-level headings or a hash without a space", () => {
    expect(splitTitle("## Section\n#hashtag\n").title).toBe("");
  });
});
