import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadSpec } from '../../core/load.js';
import { formatFinding, UserError, type Finding } from '../../core/errors.js';
import { createMockServer } from '../../mock/server.js';
import { checkExamples, STALE_EXAMPLE } from '../../mock/startup/examples.js';
import { patternWarnings } from '../../mock/startup/patterns.js';
import { checkDanglingRefs } from '../../mock/startup/dangling-refs.js';
import { listOperations } from '../../core/engine/operations.js';
import { colors, table, tableChunks, type Colors } from '../output.js';
import { checkOutputFile } from '../options.js';
import {
  broadcast,
  onPrimaryMessage,
  reportToPrimary,
  startWorkers,
  stopWorkers,
} from '../cluster.js';
import type { MockFlags } from './mock-flags.js';
import { parseMockFlags, type MockSettings } from './mock-settings.js';
import { reloadReport, watchSpec } from './mock-watch.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { ProxyOptions } from '../../mock/options.js';
import { paginationWarnings } from '../../core/engine/envelope.js';
import type { LoadedSpec } from '../../core/load.js';
import { createRequestLog } from '../request-log.js';
import { writeFileAtomic } from '../../core/write-atomic.js';
import type { ControlEvent, JournalEntry, MockServerOptions } from '../../mock/options.js';

/** Up to this many operations, every declared example is checked before serving. */
const EAGER_EXAMPLE_CHECK_LIMIT = 300;

export async function runMock(flags: MockFlags): Promise<void> {
  const settings = parseMockFlags(flags);
  const { host, port, scenario, workers, proxy } = settings;
  const c = colors();
  const out = (line = '') => process.stdout.write(line + '\n');
  // A file left by an earlier run that was killed must not tell a script this one is ready.
  if (flags.readyFile !== undefined) {
    checkOutputFile(flags.readyFile, path.resolve(flags.readyFile), '--ready-file');
    await rm(flags.readyFile, { force: true });
  }

  out(c.bold(c.cyan('Starting apidoc mock server...')));
  out(`Loading OpenAPI specification: ${c.dim(path.resolve(flags.spec))}`);
  const spec = await loadSpec(flags.spec, { confine: !flags.allowRefOutside });
  checkDanglingRefs(spec.document, flags.spec);
  const operations = listOperations(spec.document).length;
  // Checking every example compiles a validator per response schema: instant on an app's own
  // spec, slow on one as large as GitHub's. Large specs are checked as responses are first served.
  const checkNow = flags.strict || operations <= EAGER_EXAMPLE_CHECK_LIMIT;
  const findings = [...spec.warnings, ...(checkNow ? checkExamples(spec.document) : [])];
  // Not a defect `--strict` refuses: Laravel's own nulls, which the spec's types do not allow.
  const notes = checkNow ? paginationWarnings(spec.document) : [];
  if (flags.strict && findings.length > 0) {
    throw new UserError(
      `${findings.length} problem(s) in ${flags.spec} (--strict): ${formatFinding(findings[0]!)}`,
      'Fix the document, or start without --strict to serve generated data instead.',
    );
  }
  const warn = (finding: Finding) =>
    process.stderr.write(c.yellow(`Warning: ${formatFinding(finding)}`) + '\n');
  // With workers, this process only lists what they serve: it keeps no state of its own.
  const own = workers > 1 ? { ...settings, stateful: false } : settings;
  const { mock, log } = serve(spec.document, flags, own, findings, warn);
  let url: string;
  let stop: () => Promise<void>;
  let reload: (loaded: LoadedSpec) => void;
  // Whatever `stop` is by then (the watcher, the ready file wrap it).
  const stopAll = () => stop();
  if (workers > 1) {
    const started = await startWorkers(workers, (reason) => {
      process.stderr.write(`apidoc mock: ${reason}\n`);
      process.exitCode = 1;
      void stopAll().finally(() => process.exit(1));
    });
    url = started.url;
    stop = () => {
      started.stopping();
      return stopWorkers(started.workers);
    };
    reload = () => broadcast(started.workers, { type: 'reload' });
  } else {
    url = (await mock.listen(port, host)).url;
    stop = async () => {
      await mock.close();
      log?.flush();
    };
    reload = (loaded) => mock.replaceDocument(loaded.document);
  }
  // Not defects of the document (`--strict` passes them): limits of the linear-time engine.
  [...findings, ...notes, ...mock.warnings, ...patternWarnings(spec.document)].forEach(warn);
  if (!checkNow) {
    process.stderr.write(
      `Note: ${operations} operations; their examples are checked as they are first served (--strict checks them all now).\n`,
    );
  }
  // Watching before the mock says it runs: a save right after that line is seen.
  if (flags.watch) {
    stop = await watchAndReload(flags.spec, spec, reload, stop, !flags.allowRefOutside);
  }
  await printTables(out, c, spec.document.info, url, mock.operations, scenario, proxy);
  const served = workers > 1 ? ` by ${workers} workers` : '';
  const proxying = proxy ? ` (proxying to ${c.bold(String(proxy.target))})` : '';
  out(
    c.green(`Mock server running at ${c.bold(url)}`) +
      `${served}${proxying} — press Ctrl+C to stop`,
  );
  if (flags.readyFile !== undefined) stop = await announceReady(flags.readyFile, url, stop);
  await stopOnSignal(stop);
}

/**
 * `--watch`: the document loaded again after each save, swapped in place; a save that does not
 * load leaves the last good document served, and says why.
 */
async function watchAndReload(
  file: string,
  first: LoadedSpec,
  reload: (loaded: LoadedSpec) => void,
  stop: () => Promise<void>,
  confine: boolean,
): Promise<() => Promise<void>> {
  const watcher = await watchSpec(
    file,
    first,
    {
      onReload: (loaded, diff, changed) => {
        reload(loaded);
        for (const line of reloadReport(diff, changed)) process.stdout.write(`${line}\n`);
      },
      onBroken: (message, changed) =>
        process.stderr.write(
          `${new Date().toTimeString().slice(0, 8)} ${changed} changed: not reloaded, still serving the last good document: ${message}\n`,
        ),
    },
    { confine },
  );
  return async () => {
    await watcher.close();
    await stop();
  };
}

/**
 * `--ready-file`: the URL, written atomically once the mock answers, so that a shell can wait
 * for the file instead of reading the log; removed when the mock stops.
 */
async function announceReady(
  file: string,
  url: string,
  stop: () => Promise<void>,
): Promise<() => Promise<void>> {
  try {
    await writeFileAtomic(file, `${url}\n`);
  } catch (error) {
    await stop();
    throw error;
  }
  return async () => {
    await stop();
    await rm(file, { force: true });
  };
}

/** The server of one process, with its request log and stale-example warnings. */
function serve(
  document: OpenApiDocument,
  flags: MockFlags,
  settings: MockSettings,
  known: Finding[],
  warn: (finding: Finding) => void,
  cluster: Pick<MockServerOptions, 'shareControl' | 'collectRequests'> = {},
) {
  const log = flags.quiet ? undefined : createRequestLog(process.stderr);
  const warned = new Set(known.map((f) => f.pointer));
  const mock = createMockServer(document, {
    delay: settings.delay,
    scenario: settings.scenario,
    failRate: settings.failRate,
    failMode: settings.failMode,
    dynamic: settings.dynamic,
    stateful: settings.stateful,
    state: settings.state,
    stateMaxItems: settings.stateMaxItems,
    ...cluster,
    timeouts: { request: settings.requestTimeout },
    seed: flags.seed,
    proxy: settings.proxy,
    control: settings.control,
    controlToken: settings.controlToken,
    onRequest: log?.write,
    onStaleExample: (pointer) => {
      if (warned.has(pointer)) return;
      warned.add(pointer);
      warn({ pointer, message: STALE_EXAMPLE });
    },
  });
  return { mock, log };
}

/** One of `--workers N` processes: serves quietly and tells the primary how starting went. */
export async function runWorker(flags: MockFlags): Promise<void> {
  const settings = parseMockFlags(flags);
  try {
    const { document } = await loadSpec(flags.spec, { confine: !flags.allowRefOutside });
    // The primary checked the examples of smaller specs up front and named the stale ones.
    const lazy = listOperations(document).length > EAGER_EXAMPLE_CHECK_LIMIT;
    const warn = (finding: Finding) => {
      if (lazy) process.stderr.write(`Warning: ${formatFinding(finding)}\n`);
    };
    const asked = new Map<number, (entries: JournalEntry[]) => void>();
    let asking = 0;
    const { mock, log } = serve(document, flags, settings, [], warn, {
      shareControl: (event: ControlEvent) => reportToPrimary({ type: 'control', event }),
      collectRequests: () =>
        new Promise((resolve) => {
          const id = ++asking;
          asked.set(id, resolve);
          reportToPrimary({ type: 'requests', id });
        }),
    });
    onPrimaryMessage((message) => {
      if (message.type === 'control') mock.applyControl(message.event);
      else if (message.type === 'collect') {
        reportToPrimary({ type: 'collected', id: message.id, entries: mock.requests() });
      } else if (message.type === 'requests') {
        asked.get(message.id)?.(message.entries);
        asked.delete(message.id);
      }
      // The primary loaded it and said what changed; a save in between is the next reload's.
      else
        void loadSpec(flags.spec, { confine: !flags.allowRefOutside }).then(
          (loaded) => mock.replaceDocument(loaded.document),
          () => undefined,
        );
    });
    const { url } = await mock.listen(settings.port, settings.host);
    reportToPrimary({ type: 'listening', url });
    await stopOnSignal(async () => {
      await mock.close();
      log?.flush();
      // The channel to the primary would keep this process alive.
      process.disconnect?.();
    }, true);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    reportToPrimary({
      type: 'error',
      message: error.message,
      hint: error.hint,
      exitCode: error.exitCode,
    });
    process.exitCode = error.exitCode;
  }
}

async function printTables(
  out: (line?: string) => void,
  c: Colors,
  info: { title?: string; version?: string },
  url: string,
  operations: ReturnType<typeof createMockServer>['operations'],
  scenario: string,
  proxy: ProxyOptions | undefined,
): Promise<void> {
  out();
  const rows = [
    ['API Title', info.title ?? ''],
    ['API Version', info.version ?? ''],
    ['Server URL', url],
    ['Total Endpoints', String(operations.length)],
    ['Default Scenario', scenario],
  ];
  if (proxy) {
    rows.push(['Proxy Target', String(proxy.target)]);
    rows.push(['Proxy Mode', proxyMode(proxy)]);
  }
  out(table(['Setting', 'Value'], rows, c));
  out();
  const endpoints = operations.map((op) => [
    op.method.toUpperCase(),
    op.path,
    op.operation.summary ?? '',
  ]);
  // The server already listens: between slices of a long table it answers requests.
  for (const chunk of tableChunks(['Method', 'Path', 'Description'], endpoints, c)) {
    out(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  out();
}

function proxyMode(proxy: ProxyOptions): string {
  const parts = [proxy.strict ? 'strict (502 on violations)' : 'report violations'];
  parts.push(proxy.fallback === false ? 'no fallback' : 'mock fallback');
  parts.push(`timeout ${proxy.timeout} ms`);
  return parts.join(', ');
}

/** Ctrl+C or SIGTERM: finish in-flight responses, release the port, exit 0. */
function stopOnSignal(stop: () => Promise<void>, silent = false): Promise<void> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (!silent) process.stdout.write('\nStopping mock server...\n');
      void stop().then(resolve);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
