import { kindLabel } from './judge.js';
import type { CheckResult, VerifyReport } from './types.js';

/**
 * The report as JUnit XML, which CI systems show as tests: one test case per check (classname
 * the operation, name the kind of check), a `<failure>` listing the violations of a failed
 * one, the note of a warned one in `<system-out>`.
 * @see https://github.com/testmoapp/junitxml
 */
export function toJUnit(report: VerifyReport): string {
  const { summary } = report;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = report.results.reduce((sum, r) => sum + r.ms, 0);
  const cases = report.results.map((result) => testCase(result, seconds(result.ms)));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="apidoc verify" tests="${summary.checks}" failures="${summary.failed}" time="${seconds(total)}">`,
    `  <testsuite name="apidoc verify ${escape(report.url)}" tests="${summary.checks}" failures="${summary.failed}" errors="0" skipped="0" time="${seconds(total)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testCase(result: CheckResult, time: string): string {
  const open = `    <testcase classname="${escape(result.operation)}" name="${escape(kindLabel(result.kind))}" time="${time}">`;
  const lines = [open];
  if (result.verdict === 'fail') {
    const first = result.violations[0];
    const message = first ? `${first.location}: ${first.message}` : 'failed';
    const all = result.violations.map((v) => `${v.location}: ${v.message}`).join('\n');
    lines.push(
      `      <failure message="${escape(message)}" type="contract">${escape(`${result.request.method} ${result.request.url} → ${result.status ?? 'no answer'}\n${all}`)}</failure>`,
    );
  }
  if (result.note) lines.push(`      <system-out>${escape(result.note)}</system-out>`);
  lines.push('    </testcase>');
  return lines.join('\n');
}

/** XML text and attribute values, without the characters XML 1.0 forbids. */
function escape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The report as JSON: the summary, then every check with its request, answer and verdict. */
export function toJsonReport(report: VerifyReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
