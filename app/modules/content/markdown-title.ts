/**
 * A page's title is its first level-one heading outside code blocks: a "# comment" line in a shell or
 * Python example is not a heading. Answers the title and the markdown without that line.
 */
export function splitTitle(source: string): { title: string; body: string } {
  const lines = source.split("\n");
  let fence: string | null = null;
  for (const [index, line] of lines.entries()) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) return { title: heading[1]!.trim(), body: [...lines.slice(0, index), ...lines.slice(index + 1)].join("\n") };
  }
  return { title: "", body: source };
}
