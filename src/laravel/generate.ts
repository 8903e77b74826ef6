import { statSync } from 'node:fs';
import path from 'node:path';
import { UserError, type Finding } from '../core/errors.js';
import type { OpenApiDocument } from '../core/types.js';
import { AssemblyCache } from './assembly-cache.js';
import { buildDocument } from './build-document.js';
import { clearCache, FactsCache, type ClearResult } from './cache.js';
import { readConfig, type ApidocConfig } from './config.js';
import { readPsr4 } from './php/psr4.js';
import { projectFiles } from './project/files.js';
import { loadProject } from './project/load.js';

export interface GenerateOptions {
  /** Only routes whose URI matches one of these Laravel `Str::is` patterns (`api/users*`). Default: all. */
  patterns?: readonly string[];
  /** Re-read only files whose size or modification time changed since the last run. Default: false. */
  incremental?: boolean;
  /** Use the per-file analysis cache (read and write). Default: true, unless `cache.enabled` is false in the config. */
  cache?: boolean;
  /** Progress of the per-file pass, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
}

export interface GenerateStats {
  /** PHP files read (from disk or the cache). */
  files: number;
  /** Files analysed in this run (the rest came from the cache). */
  analysed: number;
  operations: number;
  schemas: number;
  /** Milliseconds, wall clock. */
  ms: number;
}

export interface GenerateResult {
  document: OpenApiDocument;
  /** Parse failures and analysis problems, each with file and line where known. */
  warnings: Finding[];
  config: ApidocConfig;
  stats: GenerateStats;
}

/**
 * An OpenAPI 3.0 document from a Laravel project's source, read statically: no PHP, no
 * database, no booted application. A file that does not parse costs a warning; the rest of the
 * project is still documented. Identical sub-schemas may be shared objects in the result:
 * clone the document (`structuredClone`) before mutating it.
 */
export function generateOpenApi(
  projectDir: string,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  return Promise.resolve().then(() => generateSync(projectDir, options));
}

function generateSync(projectDir: string, options: GenerateOptions): GenerateResult {
  const started = performance.now();
  const dir = path.resolve(projectDir);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UserError(
      `Project directory not found: ${projectDir}`,
      'Pass the Laravel project with --project <dir>.',
    );
  }
  const configWarnings: Finding[] = [];
  const config = readConfig(dir, configWarnings);
  const useCache = (options.cache ?? true) && config.cacheEnabled;
  const cache = new FactsCache(config.cacheDir, { read: useCache, write: useCache });
  const psr4 = readPsr4(dir);
  const project = loadProject(dir, projectFiles(dir, psr4), {
    cache,
    incremental: useCache && options.incremental === true,
    psr4,
    ...(options.onProgress ? { onFile: options.onProgress } : {}),
  });
  let assembly: AssemblyCache | undefined;
  const built = buildDocument({
    files: project.files,
    classes: project.classes,
    config,
    patterns: options.patterns ?? [],
    ...(useCache
      ? {
          store: (key: string) =>
            (assembly = new AssemblyCache(config.cacheDir, key, { read: true, write: true })),
        }
      : {}),
  });
  const cacheProblems = [...new Set([...cache.problems, ...(assembly?.problems ?? [])])].map(
    (message): Finding => ({
      file: path.relative(dir, config.cacheDir) || config.cacheDir,
      message,
    }),
  );
  const document = built.document;
  const operations = Object.values(document.paths ?? {}).reduce(
    (n, item) => n + Object.keys(item).length,
    0,
  );
  return {
    document,
    warnings: [...configWarnings, ...built.warnings, ...cacheProblems],
    config,
    stats: {
      files: project.files.size,
      analysed: project.stats.analysed,
      operations,
      schemas: Object.keys(document.components?.schemas ?? {}).length,
      ms: Math.round(performance.now() - started),
    },
  };
}

/** Empties a project's analysis cache (the config's `cache.directory`); safe when there is none. */
export function clearProjectCache(projectDir: string): ClearResult {
  const dir = path.resolve(projectDir);
  return clearCache(readConfig(dir).cacheDir);
}
