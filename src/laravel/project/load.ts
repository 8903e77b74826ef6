import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../hash.js';
import type { CacheStats, FactsCache } from '../cache.js';
import { analyseFile } from '../facts/analyse-file.js';
import { stubFileOf, stubSource } from '../extensions/stubs/index.js';
import type { FileFacts } from '../facts/types.js';
import { classFileCandidates, type Psr4Root } from '../php/psr4.js';
import { resolvePhpPath } from '../routes/paths.js';
import { ClassIndex } from './classes.js';

export interface LoadedProject {
  dir: string;
  /** Project-relative path → facts, for every file read. */
  files: Map<string, FileFacts>;
  /** Project-relative path → content hash. */
  hashes: Map<string, string>;
  /** Project-relative path → size and modification time, as read. */
  stamps: Map<string, [size: number, mtimeMs: number]>;
  /** The files listed up front (`projectFiles`); the rest were found through PSR-4. */
  listed: readonly string[];
  classes: ClassIndex;
  stats: CacheStats;
  /** What the search for more files found missing, with which a later run can tell it would find the same. */
  probes: Probes;
}

/**
 * What finding files through PSR-4 and `require`s looked at besides the files it read: paths
 * found missing, and the folders listed for `glob()` patterns (`null` when unreadable).
 */
export interface Probes {
  missing: Set<string>;
  listings: Map<string, string[] | null>;
}

export interface LoadOptions {
  cache: FactsCache;
  /** Trust the manifest's sizes and times instead of reading unchanged files. */
  incremental: boolean;
  psr4: readonly Psr4Root[];
  /** Called after each file, for progress. */
  onFile?: (done: number, total: number) => void;
}

/** One file of the per-file pass, read: its facts when the cache has them, else its content. */
export type FileRead = { rel: string; size: number; mtimeMs: number; hash: string } & (
  { facts: FileFacts; content?: undefined } | { facts?: undefined; content: string }
);

/**
 * The per-file pass over a project: each file's facts come from the cache when its content
 * (or, with `--incremental`, its size and time) is unchanged, else from `analyseFile`. Then
 * classes the code refers to but the first pass did not see are looked up through PSR-4
 * (autoload-dev included) until nothing new turns up. `generate:optimized` runs the same steps
 * (`readFile`, `settleFile`, `nextRound`) with the analysis spread over worker threads.
 */
export function loadProject(
  dir: string,
  initial: readonly string[],
  options: LoadOptions,
): LoadedProject {
  const project = emptyProject(dir, initial);
  let queue = [...initial];
  let total = queue.length;
  while (queue.length > 0) {
    for (const rel of queue) {
      const read = readFile(dir, rel, options, project.stats);
      const facts = read.facts ?? options.cache.put(read.hash, analyseFile(read.content, rel));
      settleFile(project, read, facts, options.cache);
      options.onFile?.(project.files.size, total);
    }
    queue = nextRound(project, queue, options.psr4);
    total += queue.length;
  }
  return finishProject(project, options.cache);
}

export function emptyProject(dir: string, listed: readonly string[]): LoadedProject {
  const files = new Map<string, FileFacts>();
  return {
    dir,
    files,
    hashes: new Map(),
    stamps: new Map(),
    listed,
    classes: new ClassIndex(files),
    stats: { hits: 0, analysed: 0 },
    probes: { missing: new Set(), listings: new Map() },
  };
}

/** Reads one file, or only its size and time when `--incremental` finds it unchanged. */
export function readFile(
  dir: string,
  rel: string,
  options: LoadOptions,
  stats: CacheStats,
): FileRead {
  const { cache } = options;
  const stub = stubSource(rel);
  if (stub !== undefined) return readContent(rel, stub, stub.length, 0, cache, stats);
  const absolute = path.join(dir, rel);
  const { size, mtimeMs } = statSync(absolute);
  if (options.incremental) {
    const hash = cache.unchangedHash(rel, size, mtimeMs);
    const cached = hash ? cache.get(hash) : undefined;
    if (hash && cached) {
      stats.hits += 1;
      return { rel, size, mtimeMs, hash, facts: cached };
    }
  }
  return readContent(rel, readFileSync(absolute), size, mtimeMs, cache, stats);
}

/**
 * A file's facts from the cache by its content's hash, else its content to analyse. The bytes
 * are hashed as read (the hash of a string is its UTF-8's): decoded only to be analysed.
 */
function readContent(
  rel: string,
  content: string | Buffer,
  size: number,
  mtimeMs: number,
  cache: FactsCache,
  stats: CacheStats,
): FileRead {
  const hash = contentHash(content);
  const cached = cache.get(hash);
  if (cached) {
    stats.hits += 1;
    return { rel, size, mtimeMs, hash, facts: cached };
  }
  stats.analysed += 1;
  const text = typeof content === 'string' ? content : content.toString('utf8');
  return { rel, size, mtimeMs, hash, content: text };
}

/** Adds a file's facts to the project (in the order files were read) and to the manifest. */
export function settleFile(
  project: LoadedProject,
  read: FileRead,
  facts: FileFacts,
  cache: FactsCache,
): void {
  cache.record(read.rel, read.size, read.mtimeMs, read.hash, facts);
  project.files.set(read.rel, facts);
  project.hashes.set(read.rel, read.hash);
  project.stamps.set(read.rel, [read.size, read.mtimeMs]);
}

/**
 * The files of classes that the last round's files refer to and nothing declares yet, and the
 * files they require (a helper file's `require`s, `glob()` patterns expanded).
 */
export function nextRound(
  project: LoadedProject,
  round: readonly string[],
  psr4: readonly Psr4Root[],
): string[] {
  const { dir, files, probes } = project;
  const index = new ClassIndex(files);
  const names = new Set(round.flatMap((rel) => files.get(rel)?.references ?? []));
  const out = new Set<string>();
  const exists = (rel: string) => {
    const found = existsSync(path.join(dir, rel));
    if (!found) probes.missing.add(rel);
    return found;
  };
  for (const rel of round)
    for (const file of requiredFiles(dir, rel, files.get(rel)?.includes ?? [], exists, probes))
      if (!files.has(file)) out.add(file);
  for (const name of [...names].sort()) {
    if (index.has(name)) continue;
    const file =
      classFileCandidates(psr4, name).find((rel) => !files.has(rel) && exists(rel)) ??
      stubFileOf(name);
    if (file && !files.has(file)) out.add(file);
  }
  return [...out].sort();
}

/** Project-relative `.php` files that exist for a file's `includes` (patterns expanded). */
function requiredFiles(
  dir: string,
  from: string,
  includes: readonly string[],
  exists: (rel: string) => boolean,
  probes: Probes,
): string[] {
  return includes.flatMap((written) => {
    const target = resolvePhpPath(written, from);
    if (!target || !target.endsWith('.php')) return [];
    if (!target.includes('*')) return exists(target) ? [target] : [];
    const folder = path.posix.dirname(target);
    if (folder.includes('*')) return [];
    const pattern = new RegExp(
      `^${path.posix
        .basename(target)
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
    const names = listing(dir, folder);
    probes.listings.set(folder, names);
    return (names ?? [])
      .filter((name) => pattern.test(name))
      .map((name) => (folder === '.' ? name : `${folder}/${name}`));
  });
}

/** A folder's entries, sorted; null when it cannot be read. */
export function listing(dir: string, folder: string): string[] | null {
  try {
    return readdirSync(path.join(dir, folder)).sort();
  } catch {
    return null;
  }
}

/** Writes the cache and indexes the classes once every file is in. */
export function finishProject(project: LoadedProject, cache: FactsCache): LoadedProject {
  cache.flush();
  return { ...project, classes: new ClassIndex(project.files, project.hashes) };
}
