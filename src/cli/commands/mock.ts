import type { Command } from 'commander';
import path from 'node:path';
import { loadSpec } from '../../core/load.js';
import { formatFinding, UserError, type Finding } from '../../core/errors.js';
import { createMockServer } from '../../mock/server.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../mock/options.js';
import { SCENARIOS, type Scenario } from '../../mock/scenarios.js';
import { checkExamples, STALE_EXAMPLE } from '../../mock/examples.js';
import { listOperations } from '../../mock/operations.js';
import { colors, table, type Colors } from '../output.js';
import { parseChoice, parseHost, parseNonNegativeInt, parsePort } from '../options.js';
import { createRequestLog } from '../request-log.js';

export const DEFAULT_SPEC = 'storage/app/spectrum/openapi.json';

/** Up to this many operations, every declared example is checked before serving. */
const EAGER_EXAMPLE_CHECK_LIMIT = 300;

interface MockFlags {
  host: string;
  port: string;
  spec: string;
  delay?: string;
  scenario: string;
  seed: string;
  strict?: boolean;
  quiet?: boolean;
}

export function registerMock(program: Command): void {
  program
    .command('mock')
    .alias('apidoc:mock')
    .description('Serve a mock of the API an OpenAPI document describes')
    .option('--host <address>', 'address to bind (0.0.0.0 for every interface)', DEFAULT_HOST)
    .option('--port <number>', 'port to listen on (0 picks a free one)', String(DEFAULT_PORT))
    .option('--spec <file>', 'OpenAPI document (JSON or YAML; 2.0, 3.0 or 3.1)', DEFAULT_SPEC)
    .option('--delay <ms>', 'delay every response by this many milliseconds (default: none)')
    .option('--scenario <name>', `default scenario: ${SCENARIOS.join(', ')}`, 'success')
    .option('--seed <value>', 'seed of generated data (same seed, same bodies)', '0')
    .option('--strict', 'refuse to start when a declared example does not match its schema', false)
    .option('--quiet', 'do not log requests', false)
    .action((flags: MockFlags) => runMock(flags));
}

async function runMock(flags: MockFlags): Promise<void> {
  const host = parseHost(flags.host);
  const port = parsePort(flags.port);
  const delay =
    flags.delay === undefined ? 0 : parseNonNegativeInt(flags.delay, '--delay', ' of milliseconds');
  const scenario = parseChoice<Scenario>(flags.scenario, '--scenario', SCENARIOS);
  const c = colors();
  const out = (line = '') => process.stdout.write(line + '\n');

  out(c.bold(c.cyan('Starting apidoc mock server...')));
  out(`Loading OpenAPI specification: ${c.dim(path.resolve(flags.spec))}`);
  const spec = await loadSpec(flags.spec);
  const operations = listOperations(spec.document).length;
  // Checking every example compiles a validator per response schema: instant on an app's own
  // spec, tens of seconds on GitHub's. Large specs are checked as responses are first served.
  const checkNow = flags.strict || operations <= EAGER_EXAMPLE_CHECK_LIMIT;
  const findings = [...spec.warnings, ...(checkNow ? checkExamples(spec.document) : [])];
  if (flags.strict && findings.length > 0) {
    throw new UserError(
      `${findings.length} problem(s) in ${flags.spec} (--strict): ${formatFinding(findings[0]!)}`,
      'Fix the document, or start without --strict to serve generated data instead.',
    );
  }
  const log = flags.quiet ? undefined : createRequestLog(process.stderr);
  const warned = new Set(findings.map((f) => f.pointer));
  const warn = (finding: Finding) =>
    process.stderr.write(c.yellow(`Warning: ${formatFinding(finding)}`) + '\n');
  const mock = createMockServer(spec.document, {
    scenario,
    delay,
    seed: flags.seed,
    onRequest: log?.write,
    onStaleExample: (pointer) => {
      if (warned.has(pointer)) return;
      warned.add(pointer);
      warn({ pointer, message: STALE_EXAMPLE });
    },
  });
  const { url } = await mock.listen(port, host);
  [...findings, ...mock.warnings].forEach(warn);
  if (!checkNow) {
    process.stderr.write(
      `Note: ${operations} operations; their examples are checked as they are first served (--strict checks them all now).\n`,
    );
  }
  printTables(out, c, spec.document.info, url, mock.operations, scenario);
  out(c.green(`Mock server running at ${c.bold(url)}`) + ` — press Ctrl+C to stop`);
  await stopOnSignal(async () => {
    await mock.close();
    log?.flush();
  });
}

function printTables(
  out: (line?: string) => void,
  c: Colors,
  info: { title?: string; version?: string },
  url: string,
  operations: ReturnType<typeof createMockServer>['operations'],
  scenario: string,
): void {
  out();
  out(
    table(
      ['Setting', 'Value'],
      [
        ['API Title', info.title ?? ''],
        ['API Version', info.version ?? ''],
        ['Server URL', url],
        ['Total Endpoints', String(operations.length)],
        ['Default Scenario', scenario],
      ],
      c,
    ),
  );
  out();
  out(
    table(
      ['Method', 'Path', 'Description'],
      operations.map((op) => [op.method.toUpperCase(), op.path, op.operation.summary ?? '']),
      c,
    ),
  );
  out();
}

/** Ctrl+C or SIGTERM: finish in-flight responses, release the port, exit 0. */
function stopOnSignal(stop: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.stdout.write('\nStopping mock server...\n');
      void stop().then(resolve);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
