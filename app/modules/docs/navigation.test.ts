import { describe, expect, it } from "vitest";
import { buildNavigation, navigationForPage, type NavigationItem } from "./navigation";
import { normaliseSwagger2 } from "./spec-model";

function specWith(operations: number) {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < operations; index++) {
    paths[`/items${index}`] = { get: { tags: [index % 2 === 0 ? "Even" : "Odd"], responses: { 200: { description: "ok" } } } };
  }
  return normaliseSwagger2({ swagger: "2.0", info: { title: "T", version: "1" }, host: "api.test", paths });
}

function tagGroups(items: NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => (item.icon === "tag" ? [item] : tagGroups(item.subitems ?? [])));
}

describe("navigationForPage", () => {
  const root = "/docs/econ/macroeconomic";
  const items = buildNavigation("macroeconomic", root, specWith(20), "https://status.test");

  it("lists the operations of the tag being read only, whatever the size of the specification", () => {
    const groups = tagGroups(navigationForPage(items, `${root}/docs/odd`));
    expect(groups.map((group) => [group.label.en, group.href, group.subitems?.length ?? 0])).toEqual([
      ["Even", `${root}/docs/even`, 0],
      ["Odd", `${root}/docs/odd`, 10],
    ]);
  });

  it("lists no operations outside a tag page and keeps every other entry", () => {
    const trimmed = navigationForPage(items, `${root}/getting-started/authentication`);
    expect(tagGroups(trimmed).every((group) => !group.subitems)).toBe(true);
    const hrefs = (list: NavigationItem[]): string[] => list.flatMap((item) => [item.href, ...hrefs(item.subitems ?? [])]);
    expect(hrefs(trimmed)).toEqual(hrefs(items).filter((href) => !href.includes("?path=")));
  });

  it("leaves the navigation it is given whole, for the routing data", () => {
    navigationForPage(items, root);
    expect(tagGroups(items).map((group) => group.subitems?.length)).toEqual([10, 10]);
  });
});

describe("language sections", () => {
  const root = "/docs/econ/macroeconomic";
  const hrefsOf = (language: string) =>
    buildNavigation("macroeconomic", root, specWith(2), "https://status.test")
      .flatMap((item) => [item, ...(item.subitems ?? [])])
      .find((item) => item.icon === language)!
      .subitems!.map((item) => item.href);

  it("list basic-pandas and using-proxy for Python only, though SPEC.md routes them for JavaScript and PHP too", () => {
    expect(hrefsOf("python")).toContain(`${root}/python/quick-examples/basic-pandas`);
    for (const language of ["javascript", "php"]) {
      expect(hrefsOf(language)).toContain(`${root}/${language}/quick-examples/get-100-series-2`);
      expect(hrefsOf(language)).not.toContain(`${root}/${language}/quick-examples/basic-pandas`);
      expect(hrefsOf(language)).not.toContain(`${root}/${language}/quick-examples/using-proxy`);
    }
  });
});
