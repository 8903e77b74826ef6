import type { Command } from 'commander';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { formatFinding } from '../../core/errors.js';
import { isStdout } from '../../core/write-atomic.js';
import type { GenerateOptions, GenerateResult } from '../../laravel/generate.js';
import type { OutputFormat } from '../../core/write-document.js';
import { colors } from '../output.js';
import {
  checkOutputFile,
  checkPatterns,
  parseChoice,
  parseProjectDir,
  projectOption,
  usage,
} from '../options.js';
import { createProgress } from '../progress.js';
import { OPENAPI_VERSIONS } from '../../laravel/emit/openapi31.js';

/** The flags `generate` and `generate:optimized` share (see `addGenerateOptions`). */
export interface GenerateFlags {
  pattern: string[];
  incremental?: boolean;
  cache: boolean;
  output?: string;
  format?: string;
  openapi: string;
  project: string;
}

/** What a run gives back to print: the library's result, and lines to add to the summary. */
type Generator = (
  project: string,
  options: GenerateOptions,
) => Promise<{ result: GenerateResult; summary?: string; notes?: string[] }>;

const FORMATS = ['json', 'yaml'] as const;
/** Where `apidoc mock` looks by default (its `--spec`), relative to the project. */
const DEFAULT_SPEC = 'storage/app/spectrum/openapi.json';

export function registerGenerate(program: Command): void {
  const command = program
    .command('generate')
    .alias('apidoc:generate')
    .description(
      'Write the OpenAPI document of a Laravel project, read from its source (no PHP needed)',
    );
  addGenerateOptions(command).action((flags: GenerateFlags) =>
    runGenerate(flags, async (project, options) => {
      const { generateOpenApi } = await import('../../laravel/generate.js');
      return { result: await generateOpenApi(project, options) };
    }),
  );
}

/** `--pattern`, `--incremental`, `--no-cache`, `--output`, `--format`, `--openapi`, `--project`. */
export function addGenerateOptions(command: Command): Command {
  return command
    .option(
      '--pattern <pattern>',
      'only routes whose URI matches (Str::is, e.g. "api/users*"); repeatable',
      collect,
      [],
    )
    .option(
      '--incremental',
      're-analyse only files changed since the last run (the same document as a full run)',
      false,
    )
    .option('--no-cache', 'neither read nor write the analysis cache')
    .option('--output <file>', `where to write the document (default: <project>/${DEFAULT_SPEC})`)
    .option(
      '--format <format>',
      'json or yaml (default: from the output file extension, else json)',
    )
    .option('--openapi <version>', 'the OpenAPI version to write: 3.0 or 3.1', '3.0')
    .addOption(projectOption());
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/**
 * Checks the shared flags, runs `generate` (through a progress bar on a TTY), writes the
 * document, prints the warnings on stderr and a summary line on stdout.
 */
export async function runGenerate(flags: GenerateFlags, generate: Generator): Promise<void> {
  // A short run spends as much CPU in V8's optimising compiler threads as in the analysis:
  // TurboFan without inlining compiles php-parser's large functions for a fraction of that, and
  // the analysis runs as fast (bench/README.md). Process-wide, so worker threads get it too; set
  // here, in the command, not in the library, which must not change its host's V8.
  setFlagsFromString('--no-turbo-inlining');
  // The analysis stack (php-parser and the rest) loads only when this command runs.
  const { formatFor, writeDocument, writeDocumentText } =
    await import('../../core/write-document.js');
  const started = performance.now();
  const project = parseProjectDir(flags.project);
  // --output is relative to the working directory; the default lives in the project.
  const output =
    flags.output === undefined ? path.join(project, DEFAULT_SPEC) : path.resolve(flags.output);
  const format: OutputFormat =
    flags.format === undefined ? formatFor(output) : parseChoice(flags.format, '--format', FORMATS);
  checkPatterns(flags.pattern);
  const openapi = parseChoice(flags.openapi, '--openapi', OPENAPI_VERSIONS);
  if (flags.incremental && !flags.cache)
    throw usage('--incremental needs the cache: drop --no-cache or --incremental.');
  checkOutputFile(flags.output, output);
  const c = colors(process.stderr);
  const progress = createProgress(process.stderr);
  const { result, summary, notes } = await generate(project, {
    patterns: flags.pattern,
    incremental: flags.incremental === true,
    cache: flags.cache,
    openapi,
    onProgress: (done, total) => progress.update(done, total),
  });
  progress.done();
  if (format === 'json') writeDocumentText(result.bytes, output);
  else writeDocument(result.document, output, format);
  for (const warning of result.warnings)
    process.stderr.write(c.yellow(`Warning: ${formatFinding(warning)}`) + '\n');
  for (const note of notes ?? []) process.stderr.write(`${note}\n`);
  const { operations, schemas, files, analysed, notInferred, deadRoutes } = result.stats;
  const details = [plural(files, 'file'), `${analysed} analysed`, ...(summary ? [summary] : [])];
  const ms = performance.now() - started;
  // Said on stderr when the document itself went to stdout (`--output /dev/stdout`).
  const stream = isStdout(output) ? process.stderr : process.stdout;
  const out = colors(stream);
  const where = path.relative(process.cwd(), output) || output;
  stream.write(
    `${out.green('Wrote')} ${where}: ${plural(operations, 'operation')}, ${plural(schemas, 'schema')}, ` +
      `${plural(result.warnings.length, 'warning')}` +
      (notInferred > 0 ? `, ${plural(notInferred, 'response')} not inferred` : '') +
      (deadRoutes > 0 ? `, ${plural(deadRoutes, 'dead route')} left out` : '') +
      ` in ${(ms / 1000).toFixed(2)} s ` +
      `(${details.join(', ')})\n`,
  );
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
