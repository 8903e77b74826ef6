import { UserError } from '../../core/errors.js';
import { writeFileAtomic } from '../../core/write-atomic.js';
import { listOperations } from '../../core/engine/operations.js';
import {
  planVerification,
  selectOperations,
  toJUnit,
  toJsonReport,
  verifyBackend,
  type CheckResult,
  type VerifyOptions,
  type VerifyPlan,
  type VerifyReport,
} from '../../verify/index.js';
import { checkPatterns, parseBaseUrl, parseMilliseconds, usage } from '../options.js';
import { colors, table, type Colors } from '../output.js';
import { createProgress } from '../progress.js';
import { loadForExport, parseOutput, reportWritten } from './export-postman.js';
import type { VerifyFlags } from './verify-flags.js';

/** A header name: an HTTP token. @see https://www.rfc-editor.org/rfc/rfc9110#section-5.1 */
const HEADER = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/;

interface VerifySettings {
  options: Omit<VerifyOptions, 'url'> & { url?: string };
  junit?: string;
  json?: string;
}

function parseFlags(flags: VerifyFlags): VerifySettings {
  if (flags.url === undefined && !flags.dryRun) {
    throw usage("--url is required: the backend's base URL, such as http://127.0.0.1:8000.");
  }
  if (flags.basic !== undefined && !flags.basic.includes(':')) {
    throw usage(`Invalid value for --basic: "${flags.basic}". Use user:password.`);
  }
  if (flags.bearer !== undefined && flags.bearer.trim() === '') {
    throw usage('Invalid value for --bearer: "". Give the token.');
  }
  const headers: Record<string, string> = {};
  for (const header of flags.header ?? []) {
    const match = HEADER.exec(header);
    if (!match) {
      throw usage(
        `Invalid value for --header: "${header}". Use "Name: value", such as "X-API-Key: secret".`,
      );
    }
    headers[match[1]!] = match[2]!;
  }
  const operations = flags.operation ?? [];
  const patterns = flags.pattern ?? [];
  if (operations.some((op) => op.trim() === '')) {
    throw usage('Invalid value for --operation: "". Use an operationId or "METHOD /path".');
  }
  checkPatterns(patterns);
  return {
    options: {
      url:
        flags.url === undefined
          ? undefined
          : parseBaseUrl(flags.url, '--url', 'http://127.0.0.1:8000'),
      bearer: flags.bearer,
      basic: flags.basic,
      headers,
      operations,
      patterns,
      timeout: parseMilliseconds(flags.timeout, '--timeout'),
    },
    junit: flags.junit === undefined ? undefined : parseOutput(flags.junit, '--junit'),
    json: flags.json === undefined ? undefined : parseOutput(flags.json, '--json'),
  };
}

/**
 * `apidoc verify`: the checks of verify/index.ts against `--url`, a table of their verdicts on
 * stdout (a progress bar on a terminal meanwhile), JUnit XML and JSON if asked; exit code 1
 * when any check failed.
 */
export async function runVerify(flags: VerifyFlags): Promise<void> {
  const settings = parseFlags(flags);
  const spec = await loadForExport(flags.spec);
  const c = colors();
  const out = (line = '') => process.stdout.write(`${line}\n`);
  if (flags.dryRun) {
    printPlan(out, c, planVerification(spec.document, settings.options));
    return;
  }
  // An --operation or --pattern that selects nothing is said before anything is sent.
  selectOperations(
    listOperations(spec.document),
    settings.options.operations,
    settings.options.patterns,
  );
  const url = settings.options.url!;
  const progress = createProgress(process.stderr, 'Verifying', { name: 'checks', min: 1 });
  out(`Verifying ${c.bold(url)} against ${flags.spec}`);
  let report: VerifyReport;
  try {
    report = await verifyBackend(spec.document, {
      ...settings.options,
      url,
      onResult: (_result, done, total) => progress.update(done, total),
    });
  } finally {
    progress.done();
  }
  printResults(out, c, report);
  if (settings.junit) {
    await writeFileAtomic(settings.junit, toJUnit(report));
    reportWritten('JUnit report', settings.junit, `${report.summary.checks} test case(s)`);
  }
  if (settings.json) {
    await writeFileAtomic(settings.json, toJsonReport(report));
    reportWritten('JSON report', settings.json, `${report.summary.checks} check(s)`);
  }
  const { failed, checks } = report.summary;
  if (failed > 0) {
    throw new UserError(`${failed} of ${checks} check(s) failed: the backend breaks its document.`);
  }
}

const VERDICTS: Record<CheckResult['verdict'], (c: Colors) => string> = {
  pass: (c) => c.green('pass'),
  fail: (c) => c.red('FAIL'),
  warn: (c) => c.yellow('warn'),
};

function printResults(out: (line?: string) => void, c: Colors, report: VerifyReport): void {
  const rows = report.results.map((result) => [
    result.kind === 'valid' ? result.operation : `${result.operation} (invalid body)`,
    result.status === undefined ? '-' : String(result.status),
    VERDICTS[result.verdict](c),
    firstProblem(result),
  ]);
  out(table(['Operation', 'Status', 'Verdict', 'First violation'], rows, c));
  const { checks, passed, failed, warned } = report.summary;
  const summary = `${checks} check(s): ${passed} passed, ${failed} failed, ${warned} warned`;
  out(failed > 0 ? c.red(summary) : c.green(summary));
  if (warned > 0) {
    out(
      'A warning is an answer the document allows that is not the one asked for (a documented 401, 404 or 422).',
    );
  }
}

function firstProblem(result: CheckResult): string {
  const first = result.violations[0];
  const more = result.violations.length > 1 ? ` (+${result.violations.length - 1} more)` : '';
  if (first) return `${first.location}: ${first.message}${more}`;
  return result.note ?? '';
}

function printPlan(out: (line?: string) => void, c: Colors, plan: VerifyPlan): void {
  const rows = plan.checks.map((check, i) => [
    String(i + 1),
    check.operation,
    check.kind === 'valid' ? 'valid request' : 'invalid body',
    Object.entries(check.sources)
      .map(
        ([name, source]) => `{${name}} ${source === 'generated' ? 'generated' : `from ${source}`}`,
      )
      .join(', '),
  ]);
  out(table(['#', 'Operation', 'Check', 'Path parameters'], rows, c));
  out(`${plan.checks.length} request(s) would be sent, in this order (--dry-run: none was).`);
}
