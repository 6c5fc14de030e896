import sanitizeHtml from "sanitize-html";

const hexColour = /^#[0-9a-f]{3,8}$/i;

/**
 * What rendered markdown may contain: the markup marked and shiki produce for our content, nothing that runs
 * script. Markdown comes from repository files and operator-configured spec and listing URLs, so a
 * compromised upstream must not become stored XSS.
 */
const markdownPolicy: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "ul", "ol", "li", "dl", "dt", "dd",
    "strong", "b", "em", "i", "del", "s", "sup", "sub", "kbd", "code", "pre", "span", "div", "a", "img",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "details", "summary", "button",
  ],
  allowedAttributes: {
    "*": ["title", "lang", "dir"],
    h1: ["id"], h2: ["id"], h3: ["id"], h4: ["id"], h5: ["id"], h6: ["id"],
    a: ["href", "id", "name", "class", "aria-hidden", "tabindex", { name: "target", values: ["_blank"] }, "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    pre: ["class", "style", "tabindex"],
    span: ["class", "style"],
    div: ["class", "data-language"],
    p: ["class"],
    button: [{ name: "type", values: ["button"] }, "class", "aria-label"],
    th: ["align", "colspan", "rowspan", "scope"],
    td: ["align", "colspan", "rowspan"],
    ol: ["start"],
    details: ["open"],
  },
  allowedClasses: {
    a: ["heading-anchor"],
    pre: ["shiki", "github-light"],
    span: ["line"],
    div: ["code-block", "code-output"],
    p: ["code-caption"],
    button: ["copy-code"],
  },
  // shiki colours tokens with inline styles; only colours and font variants, never url() or positioning.
  allowedStyles: {
    pre: { "background-color": [hexColour], color: [hexColour] },
    span: {
      color: [hexColour],
      "background-color": [hexColour],
      "font-weight": [/^bold$/],
      "font-style": [/^italic$/],
      "text-decoration": [/^underline$/, /^line-through$/],
    },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

/** Removes from HTML every tag, attribute, class, style and link scheme the markdown policy does not allow. */
export function sanitizeMarkdownHtml(html: string): string {
  return sanitizeHtml(html, markdownPolicy);
}
