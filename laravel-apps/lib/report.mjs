// The tables the tool prints: one row per app, then the comparison with the references.
import Table from 'cli-table3';

const pct = (x) => (typeof x === 'number' ? `${(x * 100).toFixed(1)}%` : '–');
const kinds = (byKind) =>
  Object.entries(byKind)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || '–';

/** The document's size as written (pretty JSON), in KB. */
const kb = (bytes) => (typeof bytes === 'number' ? Math.round(bytes / 1000) : '–');

/** `0 of 245`: declared API routes (literal verb routes) the document leaves out. */
const notDocumented = (f) =>
  typeof f.routesNotDocumented === 'number'
    ? `${f.routesNotDocumented} of ${f.declaredRoutes}`
    : '–';

export function render(figures) {
  const apps = Object.entries(figures.apps);
  const main = new Table({
    head: [
      'app',
      'ops',
      'secured',
      'declared',
      'not documented',
      'empty 2xx',
      'GET 201',
      'parse fail',
      'warnings',
      'KB',
      'ms',
      'MB',
    ],
    style: { head: [], border: [] },
  });
  for (const [name, f] of apps)
    main.push([
      name,
      f.operations,
      f.securedOperations ?? '–',
      pct(f.declaredCoverage),
      notDocumented(f),
      `${f.emptySuccess} (${pct(f.emptyShare)})`,
      f.get201,
      f.parseFailures,
      `${f.warnings}: ${kinds(f.warningsByKind)}`,
      kb(f.documentBytes),
      f.ms,
      f.peakMB,
    ]);
  const t = figures.totals;
  main.push([
    'all',
    t.operations,
    t.securedOperations ?? '',
    '',
    t.routesNotDocumented ?? '',
    `${t.emptySuccess} (${pct(t.emptyShare)})`,
    t.get201,
    t.parseFailures,
    t.warnings,
    kb(t.documentBytes),
    '',
    '',
  ]);
  const ref = new Table({
    head: [
      'app',
      'ops recall',
      'precision',
      'body fields',
      'required',
      'query',
      'security',
      'response props',
    ],
    style: { head: [], border: [] },
  });
  for (const [name, f] of apps) {
    const r = f.reference;
    if (!r) continue;
    ref.push([
      name,
      pct(r.operationsRecall),
      pct(r.operationsPrecision),
      pct(r.bodyFieldRecall),
      pct(r.requiredAgreement),
      pct(r.queryRecall),
      pct(r.securityAgreement),
      pct(r.responsePropertyRecall),
    ]);
  }
  return `${main.toString()}\n\nAgainst the authors' reference documents:\n${ref.toString()}\n`;
}

export function renderRegressions(worse) {
  return worse.map((w) => `  ${w.app}: ${w.figure} got worse, ${w.was} → ${w.now}`).join('\n');
}
