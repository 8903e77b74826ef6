import { analyseFile } from '../facts/analyse-file.js';

/** A file for a worker: its project-relative path and its content. */
export interface SourceFile {
  rel: string;
  content: string;
}

/**
 * The per-file pass over a chunk of files: each file's facts, as JSON, in order. The same in a
 * worker thread and in this one; JSON because the main thread parses it once and writes it to
 * the cache as is (and it is what `FactsCache.put` would give back).
 */
export function analyseChunk(files: readonly SourceFile[]): string[] {
  return files.map((f) => JSON.stringify(analyseFile(f.content, f.rel)));
}

/**
 * Tests only: a worker that claims a chunk with this project-relative file exits on the spot,
 * as a crashed thread would, and the main thread leaves that chunk to the workers (so that one
 * does crash). Unset, nothing changes.
 */
export const CRASH_ON = process.env.APIDOC_TEST_WORKER_CRASH;
