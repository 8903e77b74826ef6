import { formatFinding, UserError, type Finding } from '../core/errors.js';
import type { OpenApiDocument } from '../core/types.js';
import { writeDocument } from '../core/write-document.js';
import { createBatcher } from './batch.js';
import { brokenFiles } from './breakage.js';
import { diffOperations } from './diff.js';
import type { GenerationStats, WatchEvent } from './events.js';
import { resolveWatchOptions, type ResolvedWatchOptions, type WatchOptions } from './options.js';
import { watchTargets } from './paths.js';
import type { WatchProblem } from './protocol.js';
import { createDocsServer, type DocsServer } from './server.js';
import { watchProject, type ProjectWatcher } from './watcher.js';

export interface WatchSession {
  /** The API reference page (its WebSocket shares the port). */
  readonly url: string;
  /** The document file, absolute. */
  readonly output: string;
  /** What is watched: project-relative directories and files. */
  readonly targets: readonly string[];
  /** The first generation. */
  readonly initial: Generation;
  /** The document served and written now: the last good one. */
  readonly document: OpenApiDocument;
  /** Changed files that do not parse, by file; while there are any, `document` is not updated. */
  readonly broken: ReadonlyMap<string, Finding>;
  /** Stops watching, says goodbye to the pages, releases the port. */
  close(): Promise<void>;
}

/** What the watch needs of a generation: `generateOpenApi`'s result has it all. */
export interface Generation {
  document: OpenApiDocument;
  warnings: Finding[];
  config: { watchPaths: string[] };
  stats: GenerationStats;
}

/**
 * The generator the watch runs: `generateOpenApi`, passed in by `startWatch` (the package's
 * entry) and the CLI, so that the watch depends on core alone.
 */
export type Generate = (
  project: string,
  options: {
    patterns: readonly string[];
    incremental: boolean;
    onProgress?: (done: number, total: number) => void;
  },
) => Promise<Generation>;

type Regenerate = (onProgress?: (done: number, total: number) => void) => Promise<Generation>;

/**
 * Live documentation: generates once, serves the API reference page, then regenerates
 * (incrementally, through the analysis cache) after each burst of changes to the project's
 * source, writes the document atomically and refreshes every open page.
 *
 * A regeneration in which a changed file does not parse is not served: generation would still
 * produce a document, but without that file's routes or fields, and a half-typed edit would make
 * them vanish from the page and the mock. The last good document stays (on the page, in the mock,
 * on disk) and the problem is shown until a later save parses.
 */
export async function createWatch(
  options: WatchOptions,
  generateProject: Generate,
): Promise<WatchSession> {
  const settings = resolveWatchOptions(options);
  const generate: Regenerate = (onProgress) =>
    generateProject(settings.project, {
      patterns: settings.patterns,
      // Only the files whose size or time changed are read again (when the cache is enabled).
      incremental: true,
      ...(onProgress ? { onProgress } : {}),
    });
  const initial = await generate(settings.onProgress);
  writeDocument(initial.document, settings.output, settings.format);
  const docs = createDocsServer(initial.document);
  const { url } = await docs.listen(settings.port, settings.host);
  let targets = watchTargets(initial.config.watchPaths);
  const state = new WatchState(settings, docs, initial, generate);
  const batcher = createBatcher((files) => state.regenerate(files), settings.debounceMs);
  let watcher: ProjectWatcher;
  try {
    watcher = await watchProject(settings.project, targets, {
      onChange: (file) => batcher.add(file),
      onError: (error) => settings.onEvent?.({ type: 'watcher-error', error }),
    });
  } catch (error) {
    await docs.close();
    throw error;
  }
  state.onTargets = (next) => {
    if (next.join('\n') === targets.join('\n')) return;
    targets = next;
    watcher.setTargets(next);
  };
  return {
    url,
    output: settings.output,
    get targets() {
      return targets;
    },
    initial,
    get document() {
      return state.document;
    },
    get broken() {
      return state.broken;
    },
    close: async () => {
      await batcher.close();
      await watcher.close();
      await docs.close();
    },
  };
}

/** What the watch knows between regenerations: the last good document and what is broken. */
class WatchState {
  document: OpenApiDocument;
  broken = new Map<string, Finding>();
  onTargets: (targets: string[]) => void = () => undefined;
  private json: string;
  private warnings: Set<string>;
  private showingProblem = false;

  constructor(
    private readonly settings: ResolvedWatchOptions,
    private readonly docs: DocsServer,
    initial: Generation,
    private readonly generate: Regenerate,
  ) {
    this.document = initial.document;
    this.json = JSON.stringify(initial.document);
    this.warnings = new Set(initial.warnings.map(formatFinding));
  }

  async regenerate(files: string[]): Promise<void> {
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const result = await this.generate();
      this.broken = brokenFiles(this.broken, files, result.warnings);
      if (this.broken.size > 0) return this.fail(files, ms, parseProblem(this.broken));
      const json = JSON.stringify(result.document);
      const changed = json !== this.json;
      const diff = diffOperations(this.document, result.document);
      if (changed) {
        writeDocument(result.document, this.settings.output, this.settings.format);
        this.document = result.document;
        this.json = json;
        this.settings.onDocument?.(result.document);
      }
      this.docs.publish(this.document);
      const recovered = this.showingProblem;
      this.showingProblem = false;
      this.onTargets(watchTargets(result.config.watchPaths));
      const newWarnings = result.warnings.filter((w) => !this.warnings.has(formatFinding(w)));
      this.warnings = new Set(result.warnings.map(formatFinding));
      const { stats } = result;
      this.emit({
        type: 'regenerated',
        files,
        ms: ms(),
        diff,
        changed,
        stats,
        newWarnings,
        recovered,
      });
    } catch (error) {
      this.fail(files, ms, thrownProblem(error), error);
    }
  }

  private fail(files: string[], ms: () => number, problem: WatchProblem, error?: unknown): void {
    this.showingProblem = true;
    this.docs.showProblem(problem);
    this.emit({
      type: 'broken',
      files,
      ms: ms(),
      problem,
      ...(error === undefined ? {} : { error }),
    });
  }

  private emit(event: WatchEvent): void {
    this.settings.onEvent?.(event);
  }
}

function parseProblem(broken: ReadonlyMap<string, Finding>): WatchProblem {
  const files = [...broken.keys()];
  const what =
    files.length === 1 ? `${files[0]} does not parse` : `${files.length} files do not parse`;
  return { message: `${what}: showing the last good document.`, findings: [...broken.values()] };
}

function thrownProblem(error: unknown): WatchProblem {
  const message =
    error instanceof UserError
      ? error.message
      : `Internal error (a bug in apidoc; please report it): ${error instanceof Error ? error.message : String(error)}`;
  return { message: `${message}: showing the last good document.`, findings: [] };
}
