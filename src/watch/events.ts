import type { Finding } from '../core/errors.js';
import type { OperationsDiff } from './diff.js';
import type { WatchProblem } from './protocol.js';

/** A generation's figures, as `generateOpenApi` reports them. */
export interface GenerationStats {
  /** PHP files read (from disk or the cache). */
  files: number;
  /** Files analysed in this run (the rest came from the cache). */
  analysed: number;
  operations: number;
  schemas: number;
  /** Milliseconds, wall clock. */
  ms: number;
}

/** A regeneration whose document is now served and written. */
export interface RegeneratedEvent {
  type: 'regenerated';
  /** The changed files that set it off, project-relative. */
  files: string[];
  /** Milliseconds from the start of the regeneration to the pages being told. */
  ms: number;
  diff: OperationsDiff;
  /** False when the document came out the same as before (the file was left alone). */
  changed: boolean;
  stats: GenerationStats;
  /** Warnings the previous document did not have. */
  newWarnings: Finding[];
  /** True when this run cleared a problem shown before. */
  recovered: boolean;
}

/** A regeneration that was not served: the last good document stays, the problem is shown. */
export interface BrokenEvent {
  type: 'broken';
  files: string[];
  ms: number;
  problem: WatchProblem;
  /** The exception, when generation or writing threw rather than a file failing to parse. */
  error?: unknown;
}

/** The file watcher failed (for example, the system's limit of watched files was reached). */
export interface WatcherErrorEvent {
  type: 'watcher-error';
  error: Error;
}

export type WatchEvent = RegeneratedEvent | BrokenEvent | WatcherErrorEvent;
