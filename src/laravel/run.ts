import type { Finding } from '../core/errors.js';
import type { AssemblyCache, AssemblyStore } from './assembly-cache.js';
import type { FactsCache } from './cache.js';
import type { DocumentCache } from './document-cache.js';
import type { ApidocConfig } from './config.js';
import type { Psr4Root } from './php/psr4.js';
import type { OpenApiVersion } from './emit/openapi31.js';

/** One run of the generator, as set up from the options: shared with `generate:optimized`. */
export interface GenerateRun {
  started: number;
  dir: string;
  config: ApidocConfig;
  configWarnings: Finding[];
  cache: FactsCache;
  /** `--incremental`, when the cache is on. */
  incremental: boolean;
  psr4: Psr4Root[];
  /** The OpenAPI version written. */
  openapi: OpenApiVersion;
  patterns: readonly string[];
  /** What `composer.json` and the lang files add to the document (`x-laravel`). */
  root: Record<string, unknown>;
  /** Opens the assembly store for a global key (absent without the cache). */
  store?: (globalKey: string) => AssemblyStore;
  /** The assembly store once opened, for its problems. */
  assembly?: AssemblyCache;
  /** The last run's document (absent without the cache). */
  documents?: DocumentCache;
}
