import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FactsCache } from '../cache.js';
import { stubSource } from '../extensions/stubs/index.js';
import { contentHash } from '../hash.js';
import { listing, type LoadedProject } from './load.js';

/** What the per-file pass of a run read and looked at, as plain JSON. */
export interface ReadSet {
  /** Every file read, project-relative, with its content hash; sorted. */
  files: [string, string][];
  /** The files listed up front (`projectFiles`). */
  listed: readonly string[];
  /** Paths the search for more files found missing. */
  missing: string[];
  /** Folders listed for `glob()` patterns, with their entries. */
  listings: [string, string[] | null][];
}

export function readSetOf(project: LoadedProject): ReadSet {
  return {
    files: [...project.hashes].sort(([a], [b]) => (a < b ? -1 : 1)),
    listed: project.listed,
    missing: [...project.probes.missing].sort(),
    listings: [...project.probes.listings].sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

/**
 * Whether a per-file pass now would read the same files with the same contents: the same files
 * listed up front, each file read then unchanged (by content, or with `--incremental` by size and
 * time as the cache recorded them), every path found missing still missing and every folder
 * listed the same. Which files the pass reads depends on nothing else (their facts being a
 * function of their contents), so its facts need not be read to know it.
 */
export function sameReadSet(
  dir: string,
  last: ReadSet,
  listed: readonly string[],
  cache: FactsCache,
  incremental: boolean,
): boolean {
  return (
    sameList(last.listed, listed) &&
    last.files.every(([rel, hash]) => currentHash(dir, rel, cache, incremental) === hash) &&
    last.missing.every((rel) => !existsSync(path.join(dir, rel))) &&
    last.listings.every(
      ([folder, names]) => JSON.stringify(listing(dir, folder)) === JSON.stringify(names),
    )
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function currentHash(
  dir: string,
  rel: string,
  cache: FactsCache,
  incremental: boolean,
): string | undefined {
  const stub = stubSource(rel);
  if (stub !== undefined) return contentHash(stub);
  const absolute = path.join(dir, rel);
  try {
    if (incremental) {
      const { size, mtimeMs } = statSync(absolute);
      const hash = cache.unchangedHash(rel, size, mtimeMs);
      if (hash) return hash;
    }
    // As the per-file pass hashes it (`readFile`).
    return contentHash(readFileSync(absolute));
  } catch {
    return undefined;
  }
}
