/** A seeded pseudo-random source: the same keys give the same sequence on every run and machine. */
export type Random = () => number;

/** FNV-1a over the joined keys: a 32-bit seed. */
function hashKeys(keys: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of keys.join("\u0000")) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough for sample data. */
export function createRandom(...keys: (string | number)[]): Random {
  let state = hashKeys(keys);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Distinct items in random order (a partial Fisher-Yates shuffle). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  const size = Math.min(count, copy.length);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, size);
}

export function shuffle<T>(random: Random, items: readonly T[]): T[] {
  return sample(random, items, items.length);
}

/** Standard normal by Box-Muller. */
export function gaussian(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function weightedPick<T>(random: Random, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let target = random() * total;
  for (const item of items) {
    target -= weight(item);
    if (target < 0) return item;
  }
  return items[items.length - 1]!;
}
