import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Finding } from '../core/errors.js';
import { NAMESPACE, tryWrite, type CacheMemory } from './cache.js';
import { contentHash } from './hash.js';
import type { ReadSet } from './project/unchanged.js';

/** Bump when the assembly changes what it writes for the same facts (as `ASSEMBLY_VERSION`). */
const DOCUMENT_VERSION = 1;

/** What a run wrote, besides the document's bytes, and what its per-file pass read. */
export interface DocumentMeta extends ReadSet {
  key: string;
  /** The assembly's warnings (parse failures, analysis problems), as that run gave them. */
  warnings: Finding[];
  operations: number;
  schemas: number;
}

/** The last run's document, for the run after it. */
export interface CachedDocument {
  meta: DocumentMeta;
  /** The document as written (pretty JSON and a newline, UTF-8). */
  bytes: Buffer;
}

/**
 * The last document the cache wrote and what it was made from, in `<cache dir>/<version>/
 * document.json` (a line of JSON, the key, the warnings and counts; then the document): a run
 * whose inputs are all as they were then (every file read, by content; the configuration; the
 * patterns, the OpenAPI version and what `composer.json` and the lang files add) writes those
 * bytes without the global assembly. The document being a function of those inputs, it is the
 * document the assembly would write.
 */
export class DocumentCache {
  private readonly file: string;
  private read?: CachedDocument | null;
  /** Why the cache could not be written, if it could not. */
  readonly problems: string[] = [];

  constructor(
    dir: string,
    private readonly memory?: CacheMemory,
  ) {
    this.file = path.join(dir, NAMESPACE, 'document.json');
  }

  /** The document of the last run when it was made from these inputs. */
  get(key: string): CachedDocument | undefined {
    const last = this.last();
    return last?.meta.key === key ? last : undefined;
  }

  /** The document of the last run, whatever it was made from (read once). */
  last(): CachedDocument | undefined {
    const kept = this.memory?.document;
    if (kept?.root === this.file) return kept.state as CachedDocument;
    if (this.read === undefined) this.read = this.readFile() ?? null;
    return this.read ?? undefined;
  }

  /** Keeps this run's document for the next run (in memory too, for `apidoc watch`). */
  put(meta: DocumentMeta, bytes: Buffer): void {
    if (this.memory) this.memory.document = { root: this.file, state: { meta, bytes } };
    tryWrite(this.file, [`${JSON.stringify(meta)}\n`, bytes], this.problems);
  }

  private readFile(): CachedDocument | undefined {
    let bytes;
    try {
      bytes = readFileSync(this.file);
    } catch {
      return undefined;
    }
    const newline = bytes.indexOf(0x0a);
    try {
      const meta = JSON.parse(bytes.toString('utf8', 0, newline)) as DocumentMeta;
      return { meta, bytes: bytes.subarray(newline + 1) };
    } catch {
      return undefined;
    }
  }
}

/**
 * The key of a run's inputs: every file read (project-relative path and content hash), and
 * whatever else the document depends on, given as `rest` (plain JSON).
 */
export function documentKey(hashes: ReadonlyMap<string, string>, rest: unknown): string {
  const files = [...hashes].sort(([a], [b]) => (a < b ? -1 : 1));
  return contentHash(JSON.stringify([DOCUMENT_VERSION, BUILD, rest, files]));
}

/**
 * The generator's build, as the file of this code says it (its size and time): a document
 * written by another build of the same version (a development build, a reinstall) is made anew.
 */
const BUILD = buildOf(import.meta.url);

function buildOf(url: string): string {
  try {
    const stat = statSync(fileURLToPath(url));
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return '';
  }
}
