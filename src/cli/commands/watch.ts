import type { Command } from 'commander';
import path from 'node:path';
import { formatFinding, UserError } from '../../core/errors.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { OutputFormat } from '../../core/write-document.js';
import type { WatchSession } from '../../watch/session.js';
import { colors } from '../output.js';
import {
  checkOutputFile,
  checkPatterns,
  parseChoice,
  parseHost,
  parsePort,
  parseProjectDir,
  projectOption,
  usage,
} from '../options.js';
import { createProgress } from '../progress.js';

interface WatchFlags {
  project: string;
  output?: string;
  format?: string;
  pattern: string[];
  host: string;
  port: string;
  open: boolean;
  mock: boolean;
  mockPort?: string;
}

const FORMATS = ['json', 'yaml'] as const;
const DEFAULT_OUTPUT = 'storage/app/spectrum/openapi.json';
const DEFAULT_PORT = 8080;
const DEFAULT_MOCK_PORT = 8081;

export function registerWatch(program: Command): void {
  program
    .command('watch')
    .alias('apidoc:watch')
    .description(
      'Regenerate the OpenAPI document on every change and serve a live API reference page',
    )
    .addOption(projectOption())
    .option('--output <file>', `where to write the document (default: <project>/${DEFAULT_OUTPUT})`)
    .option(
      '--format <format>',
      'json or yaml (default: from the output file extension, else json)',
    )
    .option(
      '--pattern <pattern>',
      'only routes whose URI matches (Str::is, e.g. "api/users*"); repeatable',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option('--host <address>', 'address of the page (0.0.0.0 for every interface)', '127.0.0.1')
    .option(
      '--port <number>',
      'port of the page and its WebSocket (0 picks a free one)',
      String(DEFAULT_PORT),
    )
    .option('--open', 'open the page in the default browser', false)
    .option('--mock', 'also serve a mock of the API, updated on every regeneration', false)
    .option('--mock-port <number>', `port of the mock (default: ${DEFAULT_MOCK_PORT})`)
    .action((flags: WatchFlags) => runWatch(flags));
}

interface WatchSettings {
  project: string;
  output: string;
  format: OutputFormat;
  host: string;
  port: number;
  mockPort?: number;
}

function parseFlags(flags: WatchFlags, formatFor: (file: string) => OutputFormat): WatchSettings {
  const project = parseProjectDir(flags.project);
  // --output is relative to the working directory; the default lives in the project.
  const output =
    flags.output === undefined ? path.join(project, DEFAULT_OUTPUT) : path.resolve(flags.output);
  checkOutputFile(flags.output, output);
  checkPatterns(flags.pattern);
  const settings: WatchSettings = {
    project,
    output,
    format:
      flags.format === undefined
        ? formatFor(output)
        : parseChoice(flags.format, '--format', FORMATS),
    host: parseHost(flags.host),
    port: parsePort(flags.port),
  };
  if (flags.mockPort !== undefined && !flags.mock)
    throw usage('--mock-port needs --mock: add --mock to serve the mock.');
  if (flags.mock) {
    const mockPort =
      flags.mockPort === undefined ? DEFAULT_MOCK_PORT : parsePort(flags.mockPort, '--mock-port');
    if (mockPort === settings.port && mockPort !== 0)
      throw usage(
        `--port and --mock-port are both ${mockPort}: the page and the mock need a port each.`,
      );
    settings.mockPort = mockPort;
  }
  return settings;
}

async function runWatch(flags: WatchFlags): Promise<void> {
  // The analysis stack, the watcher and the servers load only when this command runs.
  const [{ startWatch }, { formatFor }, { openBrowser }, { reportEvent }] = await Promise.all([
    import('../../start-watch.js'),
    import('../../core/write-document.js'),
    import('../../watch/open.js'),
    import('../../watch/report.js'),
  ]);
  const settings = parseFlags(flags, formatFor);
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const err = (line = '') => process.stderr.write(`${line}\n`);
  const c = colors(process.stdout);
  const e = colors(process.stderr);
  const started = performance.now();
  const progress = createProgress(process.stderr);
  const mockModules = settings.mockPort === undefined ? undefined : await loadMock();
  let mock: Awaited<ReturnType<typeof startMock>> | undefined;
  const session = await startWatch({
    project: settings.project,
    output: settings.output,
    format: settings.format,
    patterns: flags.pattern,
    host: settings.host,
    port: settings.port,
    onProgress: (done, total) => progress.update(done, total),
    onDocument: (document) => mock?.server.replaceDocument(document),
    onEvent: (event) => {
      const lines = reportEvent(event, new Date().toTimeString().slice(0, 8), c, e);
      lines.out.forEach((line) => out(line));
      lines.err.forEach((line) => err(line));
    },
  }).finally(() => progress.done());
  // From here on, Ctrl+C or SIGTERM stops cleanly (during the first generation it just ends).
  const stopped = untilSignal();
  printStart(session, (performance.now() - started) / 1000, out, err);
  if (mockModules && settings.mockPort !== undefined) {
    try {
      mock = await startMock(mockModules, session.document, settings.mockPort, settings.host);
    } catch (error) {
      await session.close();
      throw error;
    }
    out(`Mock server running at ${c.bold(mock.url)}`);
  }
  out(c.green(`API reference at ${c.bold(session.url)}`) + ' — press Ctrl+C to stop');
  if (flags.open) {
    const failed = await openBrowser(session.url);
    if (failed) err(`Could not open a browser (${failed}): open ${session.url} yourself.`);
  }
  await stopped;
  out('\nStopping apidoc watch...');
  await Promise.all([session.close(), mock?.server.close()]);
  mock?.log.flush();
}

/** The first generation's warnings and summary, and what is watched. */
function printStart(
  session: WatchSession,
  seconds: number,
  out: (line: string) => void,
  err: (line: string) => void,
): void {
  const c = colors(process.stdout);
  const { stats, warnings } = session.initial;
  for (const warning of warnings)
    err(colors(process.stderr).yellow(`Warning: ${formatFinding(warning)}`));
  out(
    `${c.green('Generated')} ${shown(session.output)}: ${plural(stats.operations, 'operation')}, ` +
      `${plural(stats.schemas, 'schema')}, ${plural(warnings.length, 'warning')} in ` +
      `${seconds.toFixed(2)} s`,
  );
  out(`Watching ${session.targets.join(', ')}`);
}

function loadMock() {
  return Promise.all([import('../../mock/server.js'), import('../request-log.js')]);
}

/** `apidoc mock` with its defaults and request log, on the document served now. */
async function startMock(
  [{ createMockServer }, { createRequestLog }]: Awaited<ReturnType<typeof loadMock>>,
  document: OpenApiDocument,
  port: number,
  host: string,
) {
  const log = createRequestLog(process.stderr);
  const server = createMockServer(document, { onRequest: log.write });
  try {
    const { url } = await server.listen(port, host);
    return { server, log, url };
  } catch (error) {
    // The mock names --port in its hints; here its port is --mock-port.
    if (error instanceof UserError && error.hint)
      throw new UserError(
        error.message,
        error.hint.replace('--port', '--mock-port'),
        error.exitCode,
      );
    throw error;
  }
}

/** Ctrl+C or SIGTERM: resolves once, then the signals do what they normally do. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
