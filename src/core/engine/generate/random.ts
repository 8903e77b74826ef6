/**
 * One seedable random source for the whole generator. Every schema node reseeds it from a
 * seed derived from its path, so a node's value depends only on the request seed and where the
 * node sits, never on what was generated before it (adding a property reshuffles nothing else).
 * Reseeding is one assignment, which is why this is not faker's Mersenne Twister (624 words).
 */

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over UTF-16 code units, finalised so that nearby inputs land far apart. */
export function hashString(text: string, basis: number = FNV_OFFSET): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return finalise(hash);
}

/** The seed of a child named `key` (an object property) of a node seeded `seed`. */
export function childSeed(seed: number, key: string): number {
  return hashString(key, seed ^ FNV_OFFSET);
}

/** The seed of the child at `index` (an array item, a retry) of a node seeded `seed`. */
export function indexSeed(seed: number, index: number): number {
  return finalise(seed ^ Math.imul(index + 1, 0x9e3779b9));
}

/** murmur3's fmix32: full avalanche, so FNV's weak low bits do not show. */
function finalise(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

let state = 0;

export function reseed(seed: number): void {
  state = seed | 0;
}

/** mulberry32: a float in [0, 1). */
export function next(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [min, max], both inclusive. */
export function int(min: number, max: number): number {
  return min + Math.floor(next() * (max - min + 1));
}

export function pick<T>(items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** Faker's randomizer interface, backed by the same state. */
export const randomizer = {
  next,
  seed(seed: number | number[]): void {
    reseed(Array.isArray(seed) ? seed.reduce((h, n) => indexSeed(h, n), 0) : seed);
  },
};
