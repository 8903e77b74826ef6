import { statSync } from 'node:fs';
import path from 'node:path';
import { UserError, type Finding } from '../core/errors.js';
import { serializeDocument } from '../core/write-document.js';
import type { OpenApiDocument } from '../core/types.js';
import { AssemblyCache } from './assembly-cache.js';
import { buildDocument } from './build-document.js';
import { rootExtension } from './emit/laravel-extensions.js';
import { clearCache, FactsCache, type CacheMemory, type ClearResult } from './cache.js';
import { DocumentCache, documentKey, type CachedDocument } from './document-cache.js';
import { readConfig, type ApidocConfig } from './config.js';
import { readPsr4 } from './php/psr4.js';
import { OPENAPI_VERSIONS, toOpenApi31, type OpenApiVersion } from './emit/openapi31.js';
import type { GenerateRun } from './run.js';
import { projectFiles } from './project/files.js';
import { isLaravelProject } from './project/laravel.js';
import { loadProject, type LoadedProject } from './project/load.js';
import { readSetOf, sameReadSet } from './project/unchanged.js';

export interface GenerateOptions {
  /** Only routes whose URI matches one of these Laravel `Str::is` patterns (`api/users*`). Default: all. */
  patterns?: readonly string[];
  /** Re-read only files whose size or modification time changed since the last run. Default: false. */
  incremental?: boolean;
  /** Use the per-file analysis cache (read and write). Default: true, unless `cache.enabled` is false in the config. */
  cache?: boolean;
  /** Progress of the per-file pass, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
  /**
   * For a process that generates the same project again and again (`apidoc watch`): give every
   * run the same `createCacheMemory()` object, and a run reads from it, not from disk, what the
   * last one cached. The output is the same.
   */
  memory?: CacheMemory;
  /**
   * The OpenAPI version to write: `3.0` (3.0.3) or `3.1` (3.1.0, schemas in JSON Schema
   * 2020-12). Default: `3.0`.
   */
  openapi?: OpenApiVersion;
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
  /**
   * Operations whose success response the type engine could not infer (each is also a warning
   * with code `response-not-inferred`, and says why in its description).
   */
  notInferred: number;
  /**
   * Routes left out because their action can never answer (a resource action the controller
   * lacks); each is also a warning with code `dead-route`.
   */
  deadRoutes: number;
}

export interface GenerateResult {
  document: OpenApiDocument;
  /** The document as `apidoc generate` writes it (pretty JSON and a newline). */
  text: string;
  /** `text` in UTF-8. */
  bytes: Buffer;
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
  const run = startRun(projectDir, options);
  const listed = projectFiles(run.dir, run.psr4);
  const unchanged = unchangedResult(run, listed);
  if (unchanged) return unchanged;
  const project = loadProject(run.dir, listed, {
    cache: run.cache,
    incremental: run.incremental,
    psr4: run.psr4,
    ...(options.onProgress ? { onFile: options.onProgress } : {}),
  });
  return finishRun(run, project);
}

/** Checks the project and reads its configuration; throws a `UserError` when there is none. */
export function startRun(projectDir: string, options: GenerateOptions): GenerateRun {
  const started = performance.now();
  const dir = path.resolve(projectDir);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UserError(
      `Project directory not found: ${projectDir}`,
      'Pass the Laravel project with --project <dir>.',
    );
  }
  if (!isLaravelProject(dir)) {
    throw new UserError(
      `${projectDir} is not a Laravel project: it has no artisan, bootstrap/app.php or routes/ folder, and its composer.json does not require laravel/framework`,
      'Pass the Laravel project with --project <dir>.',
    );
  }
  const configWarnings: Finding[] = [];
  const config = readConfig(dir, configWarnings);
  const useCache = (options.cache ?? true) && config.cacheEnabled;
  const openapi = options.openapi ?? '3.0';
  if (!OPENAPI_VERSIONS.includes(openapi))
    throw new UserError(`Unknown OpenAPI version: ${String(openapi)}`, 'Use 3.0 or 3.1.', 2);
  const run: GenerateRun = {
    started,
    dir,
    config,
    configWarnings,
    cache: new FactsCache(config.cacheDir, { read: useCache, write: useCache }, options.memory),
    incremental: useCache && options.incremental === true,
    openapi,
    psr4: readPsr4(dir),
    patterns: options.patterns ?? [],
    root: rootExtension(dir),
  };
  if (useCache) run.documents = new DocumentCache(config.cacheDir, options.memory);
  if (useCache)
    run.store = (key) =>
      (run.assembly = new AssemblyCache(
        config.cacheDir,
        key,
        { read: true, write: true },
        options.memory,
      ));
  return run;
}

/**
 * The rest of a run once the per-file pass is done: the global assembly (or the last run's
 * document, when every input is as it was then), then the result with every warning (cache
 * problems last) and the figures.
 */
export function finishRun(run: GenerateRun, project: LoadedProject): GenerateResult {
  const key = run.documents ? documentKey(project.hashes, inputsOf(run)) : '';
  const cached = run.documents?.get(key);
  if (cached) return cachedResult(run, cached, project.files.size, project.stats.analysed);
  const { config } = run;
  const built = buildDocument({
    files: project.files,
    classes: project.classes,
    config,
    patterns: run.patterns,
    ...(run.store ? { store: run.store } : {}),
  });
  Object.assign(built.document, run.root);
  const document = run.openapi === '3.1' ? toOpenApi31(built.document) : built.document;
  const operations = Object.values(document.paths ?? {}).reduce(
    (n, item) => n + Object.keys(item).length,
    0,
  );
  const schemas = Object.keys(document.components?.schemas ?? {}).length;
  // Written before the result is made, so that a failure to write it is among its warnings.
  const bytes = run.documents && Buffer.from(serializeDocument(document, 'json'));
  const meta = { key, warnings: built.warnings, operations, schemas, ...readSetOf(project) };
  if (bytes) run.documents!.put(meta, bytes);
  return result(
    {
      warnings: [...run.configWarnings, ...built.warnings, ...runProblems(run)],
      config,
      stats: stats(run, project.files.size, project.stats.analysed, operations, schemas),
    },
    document,
    bytes,
  );
}

/**
 * The last run's document when the per-file pass would read exactly what that run read (see
 * `sameReadSet`) and nothing else it was made from changed: without reading any file's facts.
 */
export function unchangedResult(
  run: GenerateRun,
  listed: readonly string[],
): GenerateResult | undefined {
  const last = run.documents?.last();
  if (!last) return undefined;
  const { meta } = last;
  if (meta.key !== documentKey(new Map(meta.files), inputsOf(run))) return undefined;
  if (!sameReadSet(run.dir, meta, listed, run.cache, run.incremental)) return undefined;
  return cachedResult(run, last, meta.files.length, 0);
}

/** What the document depends on besides the files read. */
function inputsOf(run: GenerateRun): unknown {
  const { config, patterns, openapi, root, psr4 } = run;
  return { config, patterns, openapi, root, psr4 };
}

/** A result from the last run's document. */
function cachedResult(
  run: GenerateRun,
  { meta, bytes }: CachedDocument,
  files: number,
  analysed: number,
): GenerateResult {
  return result(
    {
      warnings: [...run.configWarnings, ...meta.warnings, ...runProblems(run)],
      config: run.config,
      stats: stats(run, files, analysed, meta.operations, meta.schemas),
    },
    undefined,
    bytes,
  );
}

function stats(
  run: GenerateRun,
  files: number,
  analysed: number,
  operations: number,
  schemas: number,
): Omit<GenerateStats, 'notInferred' | 'deadRoutes'> {
  return {
    files,
    analysed,
    operations,
    schemas,
    ms: Math.round(performance.now() - run.started),
  };
}

/** Why a cache could not be written in this run. */
function runProblems(run: GenerateRun): Finding[] {
  const problems = [
    ...run.cache.problems,
    ...(run.assembly?.problems ?? []),
    ...(run.documents?.problems ?? []),
  ];
  return cacheFindings(run, problems);
}

/** Why the cache could not be written, each reason once, as findings about its directory. */
function cacheFindings(run: GenerateRun, problems: readonly string[]): Finding[] {
  const file = path.relative(run.dir, run.config.cacheDir) || run.config.cacheDir;
  return [...new Set(problems)].map((message) => ({ file, message }));
}

/**
 * A result whose text and bytes are made on first use: from the document, or (a cached
 * document) the document and the text from the bytes.
 */
function result(
  given: Omit<GenerateResult, 'document' | 'text' | 'bytes' | 'stats'> & {
    stats: Omit<GenerateStats, 'notInferred' | 'deadRoutes'>;
  },
  document: OpenApiDocument | undefined,
  written?: Buffer,
): GenerateResult {
  const notInferred = given.warnings.filter((w) => w.code === 'response-not-inferred').length;
  const deadRoutes = given.warnings.filter((w) => w.code === 'dead-route').length;
  const fields = { ...given, stats: { ...given.stats, notInferred, deadRoutes } };
  let text: string | undefined;
  let bytes = written;
  let made = document;
  const textOf = () => (text ??= bytes ? bytes.toString('utf8') : serializeDocument(made!, 'json'));
  return Object.defineProperties(fields as GenerateResult, {
    document: {
      get: () => (made ??= JSON.parse(textOf()) as OpenApiDocument),
      enumerable: true,
    },
    text: { get: textOf, enumerable: true },
    bytes: { get: () => (bytes ??= Buffer.from(textOf())), enumerable: true },
  });
}

/** Empties a project's analysis cache (the config's `cache.directory`); safe when there is none. */
export function clearProjectCache(projectDir: string): ClearResult {
  const dir = path.resolve(projectDir);
  return clearCache(readConfig(dir).cacheDir);
}
