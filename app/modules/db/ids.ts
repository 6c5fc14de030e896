import { randomUUID } from "node:crypto";

export function newId(): string {
  return randomUUID();
}

export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

/**
 * Whether an id from a request could name a stored row: none holds a NUL, and PostgreSQL refuses a NUL in a
 * text parameter (an error, not an empty result), so such an id is answered as not found without a query.
 */
export function mayBeStoredId(id: string): boolean {
  return !id.includes("\u0000");
}
