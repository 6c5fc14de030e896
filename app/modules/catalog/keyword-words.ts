// The words of a keyword search, and the part of them SQLite's trigram index of catalog_series can find.

/** The words of a keyword, lower-cased: a match holds every one of them, anywhere. */
export function keywordWords(keyword: string | undefined): string[] {
  return (keyword ?? "").toLowerCase().split(/\s+/).filter(Boolean);
}

/** A trigram index holds sequences of 3 characters: a shorter word can only be found by reading every text. */
export function isIndexable(word: string): boolean {
  return [...word].length >= 3;
}

/**
 * The words as an FTS5 query: each a quoted string (its own quotes doubled, anything else literal), all required.
 * On a trigram index a quoted string matches where its characters occur together: the word anywhere in the text.
 */
export function trigramQuery(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" ");
}
