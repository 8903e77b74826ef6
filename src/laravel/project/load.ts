import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentHash, type CacheStats, type FactsCache } from '../cache.js';
import { analyseFile } from '../facts/analyse-file.js';
import type { FileFacts } from '../facts/types.js';
import { classFileCandidates, type Psr4Root } from '../php/psr4.js';
import { ClassIndex } from './classes.js';

export interface LoadedProject {
  dir: string;
  /** Project-relative path → facts, for every file read. */
  files: Map<string, FileFacts>;
  /** Project-relative path → content hash. */
  hashes: Map<string, string>;
  classes: ClassIndex;
  stats: CacheStats;
}

export interface LoadOptions {
  cache: FactsCache;
  /** Trust the manifest's sizes and times instead of reading unchanged files. */
  incremental: boolean;
  psr4: readonly Psr4Root[];
  /** Called after each file, for progress. */
  onFile?: (done: number, total: number) => void;
}

/**
 * The per-file pass over a project: each file's facts come from the cache when its content
 * (or, with `--incremental`, its size and time) is unchanged, else from `analyseFile`. Then
 * classes the code refers to but the first pass did not see are looked up through PSR-4
 * (autoload-dev included) until nothing new turns up.
 */
export function loadProject(
  dir: string,
  initial: readonly string[],
  options: LoadOptions,
): LoadedProject {
  const files = new Map<string, FileFacts>();
  const hashes = new Map<string, string>();
  const stats: CacheStats = { hits: 0, analysed: 0 };
  let queue = [...initial];
  let total = queue.length;
  while (queue.length > 0) {
    for (const rel of queue) {
      const { facts, hash } = factsOf(dir, rel, options, stats);
      files.set(rel, facts);
      hashes.set(rel, hash);
      options.onFile?.(files.size, total);
    }
    const index = new ClassIndex(files);
    queue = missingClassFiles(
      dir,
      queue.map((rel) => files.get(rel)!),
      index,
      files,
      options.psr4,
    );
    total += queue.length;
  }
  options.cache.flush();
  return { dir, files, hashes, classes: new ClassIndex(files, hashes), stats };
}

function factsOf(
  dir: string,
  rel: string,
  options: LoadOptions,
  stats: CacheStats,
): { facts: FileFacts; hash: string } {
  const absolute = path.join(dir, rel);
  const { size, mtimeMs } = statSync(absolute);
  const { cache } = options;
  if (options.incremental) {
    const hash = cache.unchangedHash(rel, size, mtimeMs);
    const cached = hash ? cache.get(hash) : undefined;
    if (hash && cached) {
      stats.hits += 1;
      cache.record(rel, size, mtimeMs, hash, cached);
      return { facts: cached, hash };
    }
  }
  const content = readFileSync(absolute, 'utf8');
  const hash = contentHash(content);
  const cached = cache.get(hash);
  if (cached) stats.hits += 1;
  else stats.analysed += 1;
  const facts = cached ?? cache.put(hash, analyseFile(content, rel));
  cache.record(rel, size, mtimeMs, hash, facts);
  return { facts, hash };
}

function missingClassFiles(
  dir: string,
  facts: FileFacts[],
  index: ClassIndex,
  loaded: ReadonlyMap<string, FileFacts>,
  psr4: readonly Psr4Root[],
): string[] {
  const names = new Set(facts.flatMap((f) => f.references ?? []));
  const out = new Set<string>();
  for (const name of [...names].sort()) {
    if (index.has(name)) continue;
    const file = classFileCandidates(psr4, name).find(
      (rel) => !loaded.has(rel) && existsSync(path.join(dir, rel)),
    );
    if (file) out.add(file);
  }
  return [...out].sort();
}
