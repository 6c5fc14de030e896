import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EnglishTexts, SpecText } from "./doc-page-parts";

const render = (english: string[], text: string) =>
  renderToStaticMarkup(
    <MantineProvider withGlobalClasses={false} withCssVariables={false}>
      <EnglishTexts.Provider value={new Set(english)}>
        <SpecText text={text} />
      </EnglishTexts.Provider>
    </MantineProvider>,
  );

describe("SpecText", () => {
  it("marks a text shown untranslated on a Chinese page as English, visibly", () => {
    const html = render(["Finds series."], "Finds series.");
    expect(html).toMatch(/^<span lang="en">Finds series\. <span[^>]*class="[^"]*mantine-Badge-root/);
    expect(html).toContain("docs.englishText");
  });

  it("shows a translated text as it is", () => {
    expect(render(["Finds series."], "查找序列。")).toBe("查找序列。");
  });
});
