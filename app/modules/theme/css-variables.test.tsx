import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { themes } from "~/modules/registry/registry";
import { BrandCssVariables } from "./css-variables";
import { brandThemes } from "./mantine-themes";

describe("brand CSS variables", () => {
  it.each(themes)("writes exactly MantineProvider's own stylesheet for the %s theme", (theme) => {
    const mantine = renderToStaticMarkup(<MantineProvider theme={brandThemes[theme]} withGlobalClasses={false} />);
    const ours = renderToStaticMarkup(
      <MantineProvider theme={brandThemes[theme]} withGlobalClasses={false} withCssVariables={false}>
        <BrandCssVariables theme={theme} />
      </MantineProvider>,
    );
    expect(mantine).toContain("--mantine-");
    expect(ours).toBe(mantine);
  });
});
