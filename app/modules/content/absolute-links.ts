import { localizePath, type Language } from "~/modules/i18n/language";

/**
 * A page's markdown for reading away from the site (a downloaded guide): every site-relative link, inline
 * `[text](/path)` or a reference definition `[name]: /path`, becomes an absolute URL on the portal in the
 * reader's language. Code blocks stay as they are.
 */
export function withAbsoluteLinks(markdown: string, origin: string, language: Language | null): string {
  const site = origin.replace(/\/+$/, "");
  const absolute = (path: string) => `${site}${localizePath(path, language)}`;
  return markdown
    .split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/m)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/\]\((\/(?!\/)[^)\s]*)/g, (_, path: string) => `](${absolute(path)}`)
            .replace(/^(\s*\[[^\]]+\]:\s*)(\/(?!\/)\S*)/gm, (_, label: string, path: string) => `${label}${absolute(path)}`),
    )
    .join("");
}
