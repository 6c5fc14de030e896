/**
 * A table cell's long text on one line: it ends in an ellipsis past `max` and keeps the whole text in its title
 * (a tooltip) and for screen readers, who read the element's text in full.
 */
export function Truncated({ text, max = "18rem" }: { text: string; max?: string }) {
  return (
    <span className="truncated" title={text} style={{ maxWidth: max }}>
      {text}
    </span>
  );
}
