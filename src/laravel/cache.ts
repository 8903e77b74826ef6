import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FileFacts } from './facts/types.js';
import { WriteError, writeFileAtomicSync, type FileContent } from '../core/write-atomic.js';

/** Bump when the per-file pass changes what it extracts: old entries are then ignored. */
const FACTS_VERSION = 36;
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
export const NAMESPACE = `v${version}-${FACTS_VERSION}`;

/** Rewrite the pack when more than this share of a run's files is missing from it. */
const PACK_STALE = 0.05;

/** Project-relative path → what the file was when it was last analysed. */
type Manifest = Record<string, { size: number; mtimeMs: number; hash: string }>;

/**
 * What a process that generates again and again (`apidoc watch`) keeps of the analysis cache
 * between runs, so that a run does not read and parse from disk what the last one left: the
 * manifest and facts of its files, and its routes' operations (see `AssemblyCache`). Give every
 * run the same object; the disk cache is still written as always.
 */
export interface CacheMemory {
  facts?: { root: string; manifest: Manifest; byHash: Record<string, FileFacts> };
  /**
   * Filled by `AssemblyCache` (its `AssemblyMemory`), for the global key it was opened with;
   * opaque here, so that the two caches do not import each other.
   */
  assembly?: { root: string; state: unknown };
  /** Filled by `DocumentCache` (the last document, a `CachedDocument`); opaque here likewise. */
  document?: { root: string; state: unknown };
}

export function createCacheMemory(): CacheMemory {
  return {};
}

export interface CacheStats {
  /** Files whose facts came from the cache. */
  hits: number;
  /** Files analysed in this run. */
  analysed: number;
}

/**
 * Facts by hash, parsed one entry at a time on first use: `facts.pack` is the facts' JSON texts
 * one after another, then a newline and a line of JSON, the index (hash → start and end, in
 * bytes, of its facts in the texts before). Written entry by entry, the index last, so that the
 * pack's text is never whole in memory; each file's facts are decoded when first asked for.
 */
class Pack {
  private readonly parsed = new Map<string, FileFacts>();

  constructor(
    private readonly index: Record<string, [number, number]>,
    private readonly body: Buffer,
  ) {}

  static read(file: string): Pack | undefined {
    let bytes;
    try {
      bytes = readFileSync(file);
    } catch {
      return undefined;
    }
    const newline = bytes.lastIndexOf(0x0a);
    const index =
      newline >= 0
        ? parseJson<Record<string, [number, number]>>(bytes.toString('utf8', newline + 1))
        : undefined;
    return index ? new Pack(index, bytes.subarray(0, newline)) : undefined;
  }

  /**
   * The pack's parts for these entries (`[hash, its facts' JSON]`, in order), each JSON made
   * when its part is written; the index line last.
   */
  static *parts(entries: Iterable<[string, () => string]>): Generator<string> {
    const index: Record<string, [number, number]> = {};
    let at = 0;
    for (const [hash, json] of entries) {
      const text = json();
      const length = Buffer.byteLength(text);
      index[hash] = [at, at + length];
      at += length;
      yield text;
    }
    yield `\n${JSON.stringify(index)}`;
  }

  has(hash: string): boolean {
    return Object.hasOwn(this.index, hash);
  }

  get(hash: string): FileFacts | undefined {
    let facts = this.parsed.get(hash);
    if (facts) return facts;
    const json = this.json(hash);
    facts = json === undefined ? undefined : parseJson<FileFacts>(json);
    if (facts) this.parsed.set(hash, facts);
    return facts;
  }

  json(hash: string): string | undefined {
    const range = this.index[hash];
    return range && this.body.toString('utf8', range[0], range[1]);
  }
}

/**
 * The per-file analysis cache, under `<cache dir>/v<version>-<facts version>/`:
 * - `facts/<xx>/<hash>.json`: one file's facts, keyed by a hash of its content (a renamed or
 *   reverted file is still a hit);
 * - `facts.pack`: the facts of a whole run's files in one file, so a warm run reads one file
 *   instead of thousands (rewritten when it misses more than 5% of a run's files; files analysed
 *   since go to `facts/`), each entry parsed on first use;
 * - `manifest.json`: each file's size, modification time and hash, which lets `--incremental`
 *   skip reading files that have not changed since the last run.
 */
export class FactsCache {
  private readonly root: string;
  private manifestRead?: Manifest;
  private packRead?: Pack | Record<string, FileFacts>;
  private readonly next: Manifest = {};
  private readonly nextFacts = new Map<string, FileFacts>();
  /**
   * The facts analysed in this run, written by `flush()`: as analysed, or as the JSON text a
   * worker thread sent. Serialised only when written.
   */
  private readonly pending = new Map<string, FileFacts | string>();
  private missingFromPack = 0;
  /** Why the cache could not be written, if it could not. */
  readonly problems: string[] = [];

  constructor(
    dir: string,
    private readonly mode: { read: boolean; write: boolean },
    private readonly memory?: CacheMemory,
  ) {
    this.mode = { ...mode };
    this.root = path.join(dir, NAMESPACE);
    const kept = mode.read && memory?.facts?.root === this.root ? memory.facts : undefined;
    if (kept) {
      this.manifestRead = kept.manifest;
      this.packRead = kept.byHash;
    } else if (!mode.read) {
      this.manifestRead = {};
      this.packRead = {};
    }
  }

  /** Read on first use. */
  private get manifest(): Manifest {
    return (this.manifestRead ??= readJson<Manifest>(this.file('manifest.json')) ?? {});
  }

  private get pack(): Pack | Record<string, FileFacts> {
    return (this.packRead ??= Pack.read(this.file('facts.pack')) ?? {});
  }

  /** The hash recorded for a file whose size and modification time have not changed. */
  unchangedHash(rel: string, size: number, mtimeMs: number): string | undefined {
    const entry = this.manifest[rel];
    return entry && entry.size === size && entry.mtimeMs === mtimeMs ? entry.hash : undefined;
  }

  get(hash: string): FileFacts | undefined {
    if (!this.mode.read) return undefined;
    const packed = this.pack instanceof Pack ? this.pack.get(hash) : this.pack[hash];
    if (packed) return packed;
    // A cold run misses for every file: a failed open costs an exception, a failed stat does not.
    const file = this.factsFile(hash);
    return existsSync(file) ? readJson<FileFacts>(file) : undefined;
  }

  /**
   * Stores facts and returns them. They are what the cache would give back: facts are plain
   * JSON values (no `undefined`, no class instances; test/unit/laravel/facts-json.test.ts), and
   * nothing changes them once made.
   */
  put(hash: string, facts: FileFacts): FileFacts {
    this.pending.set(hash, facts);
    return facts;
  }

  /** `put` for facts already serialised (by a worker thread). */
  putText(hash: string, text: string): FileFacts {
    this.pending.set(hash, text);
    return JSON.parse(text) as FileFacts;
  }

  record(rel: string, size: number, mtimeMs: number, hash: string, facts: FileFacts): void {
    this.next[rel] = { size, mtimeMs, hash };
    this.nextFacts.set(hash, facts);
    if (!this.inPack(hash)) this.missingFromPack += 1;
  }

  /** Writes the manifest of this run, and the pack when it has gone stale. */
  flush(): void {
    const sorted = Object.fromEntries(
      Object.entries(this.next).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    if (this.memory && this.mode.read)
      this.memory.facts = {
        root: this.root,
        manifest: sorted,
        byHash: Object.fromEntries(this.nextFacts),
      };
    if (!this.mode.write) return;
    const manifest = JSON.stringify(sorted);
    if (manifest !== JSON.stringify(this.manifest))
      this.write(this.file('manifest.json'), manifest);
    const files = Object.keys(this.next).length;
    if (files > 0 && this.missingFromPack / files > PACK_STALE) {
      // Many new files (a first run): one pack instead of thousands of small writes.
      const entries = [...this.nextFacts].map(([hash, facts]): [string, () => string] => [
        hash,
        () =>
          this.pendingText(hash) ??
          (this.pack instanceof Pack ? this.pack.json(hash) : undefined) ??
          JSON.stringify(facts),
      ]);
      this.write(this.file('facts.pack'), Pack.parts(entries));
      return;
    }
    this.writePending();
  }

  /** Writes only the facts analysed in this run, each to its own file. */
  private writePending(): void {
    if (!this.mode.write) return;
    for (const hash of this.pending.keys())
      this.write(this.factsFile(hash), this.pendingText(hash)!);
  }

  private pendingText(hash: string): string | undefined {
    const facts = this.pending.get(hash);
    return typeof facts === 'string' || facts === undefined ? facts : JSON.stringify(facts);
  }

  private inPack(hash: string): boolean {
    return this.pack instanceof Pack ? this.pack.has(hash) : Object.hasOwn(this.pack, hash);
  }

  private file(name: string): string {
    return path.join(this.root, name);
  }

  /** A cache that cannot be written is a problem to report, not a reason to fail. */
  private write(file: string, text: string | Iterable<string>): void {
    if (!tryWrite(file, text, this.problems)) this.mode.write = false;
  }

  private factsFile(hash: string): string {
    return path.join(this.root, 'facts', hash.slice(0, 2), `${hash}.json`);
  }
}

export interface ClearResult {
  dir: string;
  files: number;
  bytes: number;
}

/** Empties a cache directory; safe when it does not exist. */
export function clearCache(dir: string): ClearResult {
  const result: ClearResult = { dir, files: 0, bytes: 0 };
  count(dir, result);
  rmSync(dir, { recursive: true, force: true });
  return result;
}

function count(dir: string, result: ClearResult): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) count(full, result);
    else {
      result.files += 1;
      result.bytes += statSync(full).size;
    }
  }
}

export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function parseJson<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * Writes a cache file atomically (the project's one writer), removing the old file first: a
 * reader sees the old file, none (a miss) or the new one, never half of one. Parts are written
 * in turn (a generator's made as they are written).
 */
export function writeAtomic(file: string, text: FileContent): void {
  writeFileAtomicSync(file, text, { removeFirst: true, sync: false });
}

/** Writes atomically; on failure records why (once) and returns false. */
export function tryWrite(file: string, text: FileContent, problems: string[]): boolean {
  try {
    writeAtomic(file, text);
    return true;
  } catch (error) {
    const code = error instanceof WriteError ? error.code : String(error);
    if (problems.length === 0)
      problems.push(`cannot write the analysis cache (${code}); it is left as it was`);
    return false;
  }
}
