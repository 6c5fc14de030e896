import { isDocSetId, type DocSetId } from "~/modules/registry/registry";

/** A set's release notes, or those of the specifications themselves. */
export type ReleaseNotesKey = DocSetId | "specification";

export interface ReleaseNoteEntry {
  /** ISO day, YYYY-MM-DD */
  date: string;
  area: string;
  markdown: string;
}

export interface ReleaseNotes {
  title: string;
  intro: string;
  entries: ReleaseNoteEntry[];
}

/** SPEC.md section 7 names macro, company v1, fund flows, real estate v1 and specification: only macro is not a set id. */
const keyAliases = new Map<string, ReleaseNotesKey>([["macro", "macroeconomic"]]);

export function releaseNotesKey(value: string | undefined): ReleaseNotesKey | null {
  if (value === undefined) return null;
  if (value === "specification" || isDocSetId(value)) return value;
  return keyAliases.get(value) ?? null;
}

const entryHeading = /^(\d{4}-\d{2}-\d{2}) — (.+)$/;

function parseEntry(heading: string, body: string[]): ReleaseNoteEntry {
  const match = entryHeading.exec(heading.trim());
  if (!match?.[1] || !match[2]) throw new Error(`Release notes heading "## ${heading}" is not "## YYYY-MM-DD — Area"`);
  return { date: match[1], area: match[2].trim(), markdown: body.join("\n").trim() };
}

/**
 * Splits release notes markdown (`# Title`, an intro, then `## YYYY-MM-DD — Area` sections) into entries,
 * in the order they are written: the page shows the same file, so its order is the one readers see.
 */
export function parseReleaseNotes(source: string): ReleaseNotes {
  let title = "";
  const intro: string[] = [];
  const sections: { heading: string; body: string[] }[] = [];
  for (const line of source.split(/\r?\n/)) {
    const h1 = /^#\s+(.+)$/.exec(line);
    const h2 = /^##\s+(.+)$/.exec(line);
    if (h1?.[1] && !title && sections.length === 0) title = h1[1].trim();
    else if (h2?.[1]) sections.push({ heading: h2[1], body: [] });
    else (sections.at(-1)?.body ?? intro).push(line);
  }
  return { title, intro: intro.join("\n").trim(), entries: sections.map(({ heading, body }) => parseEntry(heading, body)) };
}
