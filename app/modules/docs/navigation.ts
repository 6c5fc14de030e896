import type { DocSetId } from "~/modules/registry/registry";
import { docLabel } from "./doc-labels";
import { codeLanguages, docSetPages } from "./doc-pages";
import { operationsOfTag, type ApiModel, type Label } from "./spec-model";

/** A docs side-menu entry (SPEC.md section 3: href, label in en and zh, icon, subitems). */
export interface NavigationItem {
  href: string;
  label: Label;
  icon?: string;
  subitems?: NavigationItem[];
  external?: boolean;
}

/**
 * The side menu of a set: overview; Getting Started; API Documentation (quick examples, models, one group
 * per tag with its operations as METHOD path); language sections; release notes; the API status link.
 * The sandbox adds Register for a Trial and the query builder, fund flows its Postman collection.
 */
export function buildNavigation(set: DocSetId, root: string, model: ApiModel, statusUrl: string): NavigationItem[] {
  const pages = docSetPages[set];
  const href = (path: string) => (path ? `${root}/${path}` : root);
  const item = (path: string, slug: string): NavigationItem => ({ href: href(path), label: docLabel(slug) });
  const { quickExamples, models, responses } = pages.apiDocumentation;

  const apiDocumentation: NavigationItem[] = [
    ...(quickExamples ? [item(quickExamples, "quick-examples")] : []),
    ...(models ? [item(models, "models")] : []),
    ...model.tags.map((tag) => ({
      href: href(`docs/${tag.slug}`),
      label: tag.label,
      icon: "tag",
      subitems: operationsOfTag(model, tag.name).map((operation) => {
        const method = operation.method.toUpperCase();
        const query = `?path=${encodeURIComponent(operation.path)}&method=${operation.method}`;
        const text = `${method} ${operation.path}`;
        return { href: `${href(`docs/${tag.slug}`)}${query}`, label: { en: text, zh: text }, icon: operation.method };
      }),
    })),
    ...(responses ? [item(responses, "responses")] : []),
  ];

  const languages = codeLanguages.flatMap((language) => {
    const section = pages.languages[language];
    if (!section) return [];
    const subitems = [
      ...section.topics.map((topic) => item(`${language}/quick-examples/${topic}`, topic)),
      ...(section.fullGuide ? [item(`${language}/full-guide`, "full-guide")] : []),
    ];
    return [
      {
        href: href(section.fullGuide ? `${language}/full-guide` : `${language}/quick-examples/${section.topics[0]}`),
        label: docLabel(language),
        icon: language,
        subitems,
      },
    ];
  });

  const gettingStarted = pages.gettingStarted.map((page) => item(`getting-started/${page}`, page));
  return [
    { ...item("", "overview"), icon: "home" },
    { href: gettingStarted[0]?.href ?? root, label: docLabel("getting-started"), icon: "start", subitems: gettingStarted },
    ...(set === "sandbox" ? [{ ...item("register-trial", "register-trial"), icon: "register" }] : []),
    { href: apiDocumentation[0]?.href ?? root, label: docLabel("api-documentation"), icon: "api", subitems: apiDocumentation },
    ...languages,
    ...(set === "fund-flows" ? [{ ...item("postman-collection", "postman-collection"), icon: "postman" }] : []),
    { ...item("release-notes", "release-notes"), icon: "notes" },
    { href: statusUrl, label: docLabel("api-status"), icon: "status", external: true },
  ];
}

/**
 * The menu one page sends: only the tag being read lists its operations, and the other tags link to their
 * tag page, which lists them, so a page stays small whatever the size of the specification.
 */
export function navigationForPage(items: NavigationItem[], currentPath: string): NavigationItem[] {
  return items.map((item) => {
    if (item.icon === "tag") return item.href === currentPath ? item : { ...item, subitems: undefined };
    return item.subitems ? { ...item, subitems: navigationForPage(item.subitems, currentPath) } : item;
  });
}
