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

/** A set's notes are its release-notes page (zh falls back to en); the specification's notes are one file. */
async function readReleaseNotes(key: ReleaseNotesKey, language: Language): Promise<string> {
  if (key === "specification") return fs.readFile(path.resolve("content", "release-notes", "specification.md"), "utf8");
  const file = (lang: Language) => path.resolve("content", "pages", key, lang, "release-notes.md");
  if (language !== "en") {
    try {
      return await fs.readFile(file(language), "utf8");
    } catch {
      // not translated yet: the English notes follow
    }
  }
  return fs.readFile(file("en"), "utf8");
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
