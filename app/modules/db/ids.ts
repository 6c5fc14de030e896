import { randomUUID } from "node:crypto";

export function newId(): string {
  return randomUUID();
}

export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
