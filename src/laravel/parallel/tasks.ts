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
