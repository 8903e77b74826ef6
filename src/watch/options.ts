import path from 'node:path';
import type { OpenApiDocument } from '../core/types.js';
import { formatFor, type OutputFormat } from '../core/write-document.js';
import type { WatchEvent } from './events.js';

/** The docs page's port: not 8081, which is the mock's. */
export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
/** Where `apidoc generate` writes, and `apidoc mock` reads, by default; relative to the project. */
export const DEFAULT_OUTPUT = 'storage/app/spectrum/openapi.json';
/** A burst of saves (an editor's save-all, a `git checkout`) quiet for this long is one change. */
export const DEFAULT_DEBOUNCE_MS = 150;

/** Options of `startWatch`; each default is resolved in `resolveWatchOptions`. */
export interface WatchOptions {
  /** The Laravel project. @default the working directory */
  project?: string;
  /** Where the document is written, atomically; relative to the project. @default `storage/app/spectrum/openapi.json` */
  output?: string;
  /** `json` or `yaml`. @default from the output file's extension, else `json` */
  format?: OutputFormat;
  /** Only routes whose URI matches one of these `Str::is` patterns. @default every route */
  patterns?: readonly string[];
  /** Address of the docs page. @default '127.0.0.1' */
  host?: string;
  /** Port of the docs page and its WebSocket; 0 picks a free one. @default 8080 */
  port?: number;
  /** Quiet time that ends a burst of changes. @default 150 */
  debounceMs?: number;
  /** Progress of the first generation's per-file pass. @default none */
  onProgress?: (done: number, total: number) => void;
  /** Each regeneration, good or broken, for a terminal or a log. @default none */
  onEvent?: (event: WatchEvent) => void;
  /** Each new good document once it is written (`apidoc watch --mock` swaps it into the mock). @default none */
  onDocument?: (document: OpenApiDocument) => void;
}

export interface ResolvedWatchOptions
  extends
    Required<Omit<WatchOptions, 'onProgress' | 'onEvent' | 'onDocument'>>,
    Pick<WatchOptions, 'onProgress' | 'onEvent' | 'onDocument'> {}

export function resolveWatchOptions(options: WatchOptions = {}): ResolvedWatchOptions {
  const project = path.resolve(options.project ?? '.');
  const output = path.resolve(project, options.output ?? DEFAULT_OUTPUT);
  return {
    project,
    output,
    format: options.format ?? formatFor(output),
    patterns: options.patterns ?? [],
    host: options.host ?? DEFAULT_HOST,
    port: options.port ?? DEFAULT_PORT,
    debounceMs: options.debounceMs ?? DEFAULT_DEBOUNCE_MS,
    onProgress: options.onProgress,
    onEvent: options.onEvent,
    onDocument: options.onDocument,
  };
}
