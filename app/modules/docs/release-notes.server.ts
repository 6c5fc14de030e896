import fs from "node:fs/promises";
import path from "node:path";
import { renderMarkdown } from "~/modules/content/markdown.server";
import type { Language } from "~/modules/i18n/language";
import { parseReleaseNotes, type ReleaseNoteEntry, type ReleaseNotesKey } from "./release-notes";

export interface RenderedReleaseNotes {
  title: string;
  intro: string;
  entries: (ReleaseNoteEntry & { html: string })[];
}

/** Where notes are written: a set's release-notes page, or the specification's file (specification.zh.md in Chinese). */
function notesFile(key: ReleaseNotesKey, language: Language): string {
  if (key === "specification")
    return path.resolve("content", "release-notes", language === "en" ? "specification.md" : `specification.${language}.md`);
  return path.resolve("content", "pages", key, language, "release-notes.md");
}

/** Notes in the language asked for, or in English while they are not translated. */
async function readReleaseNotes(key: ReleaseNotesKey, language: Language): Promise<string> {
  if (language !== "en") {
    try {
      return await fs.readFile(notesFile(key, language), "utf8");
    } catch {
      // not translated yet: the English notes follow
    }
  }
  return fs.readFile(notesFile(key, "en"), "utf8");
}

/** Release notes with each entry's markdown also rendered to HTML. */
export async function getReleaseNotes(key: ReleaseNotesKey, language: Language): Promise<RenderedReleaseNotes> {
  const notes = parseReleaseNotes(await readReleaseNotes(key, language));
  const linkLanguage = language === "en" ? null : language;
  const entries = await Promise.all(
    notes.entries.map(async (entry) => ({ ...entry, html: (await renderMarkdown(entry.markdown, { linkLanguage })).html })),
  );
  return { ...notes, entries };
}
