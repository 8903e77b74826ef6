import { analyseFile } from '../facts/analyse-file.js';
import type { FileFacts } from '../facts/types.js';

/** A file for a worker: its project-relative path and its content. */
export interface SourceFile {
  rel: string;
  content: string;
}

/**
 * The per-file pass over a chunk of files in a worker thread: each file's facts, as JSON, in
 * order; JSON because the main thread parses it once and writes it to the cache as is.
 */
export function analyseChunk(files: readonly SourceFile[]): string[] {
  return analyseHere(files).map((facts) => JSON.stringify(facts));
}

/** The same chunk analysed in the main thread: the facts as made, with no JSON between. */
export function analyseHere(files: readonly SourceFile[]): FileFacts[] {
  return files.map((f) => analyseFile(f.content, f.rel));
}

/**
 * Tests only: a worker that claims a chunk with this project-relative file exits on the spot,
 * as a crashed thread would, and the main thread leaves that chunk to the workers (so that one
 * does crash). Unset, nothing changes.
 */
export const CRASH_ON = process.env.APIDOC_TEST_WORKER_CRASH;
