import { Code, MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EnglishTexts, SpecText } from "./doc-page-parts";
import { SchemaTree } from "./schema-tree-view";

const renderWith = (english: string[], element: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider withGlobalClasses={false} withCssVariables={false}>
      <EnglishTexts.Provider value={new Set(english)}>{element}</EnglishTexts.Provider>
    </MantineProvider>,
  );

const render = (english: string[], text: string) => renderWith(english, <SpecText text={text} />);

describe("SpecText", () => {
  it("marks a text shown untranslated on a Chinese page as English, visibly", () => {
    const html = render(["Finds series."], "Finds series.");
    expect(html).toMatch(/^<span lang="en">Finds series\. <span[^>]*class="[^"]*mantine-Badge-root/);
    expect(html).toContain("docs.englishText");
  });

  it("shows a translated text as it is", () => {
    expect(render(["Finds series."], "查找序列。")).toBe("查找序列。");
  });

  it("marks a text it renders otherwise (the builder's hints, their code as code) by the text itself", () => {
    const text = "Comma-separated `ids`.";
    const shown = (
      <>
        Comma-separated <Code>ids</Code>.
      </>
    );
    expect(renderWith([text], <SpecText text={text}>{shown}</SpecText>)).toMatch(
      /^<span lang="en">Comma-separated <code[^>]*>ids<\/code>\. <span[^>]*mantine-Badge-root/,
    );
    expect(renderWith([], <SpecText text={text}>{shown}</SpecText>)).toMatch(/^Comma-separated <code[^>]*>ids<\/code>\.$/);
  });
});

describe("SchemaTree", () => {
  it("marks the field descriptions still in English and shows the translated ones as they are", () => {
    const html = renderWith(
      ["The series id."],
      <SchemaTree
        node={{
          type: "Series",
          description: "一个序列。",
          fields: [
            { name: "id", type: "string", description: "The series id." },
            { name: "name", type: "string", description: "序列名称。" },
          ],
        }}
      />,
    );
    expect(html).toMatch(/<div><span lang="en">The series id\. <span[^>]*mantine-Badge-root/);
    expect(html).toContain("<div>一个序列。</div>");
    expect(html).toContain("<div>序列名称。</div>");
  });
});
