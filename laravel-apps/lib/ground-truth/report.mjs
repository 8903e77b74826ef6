// The ground-truth figures as a table, and the misses as a listing a generator developer can
// act on: causes with their counts, then each miss with the operation and the test's file:line.
import Table from 'cli-table3';

const pct = (x) => (typeof x === 'number' ? `${(x * 100).toFixed(1)}%` : '–');
const of = (hit, total, ratio) => (total > 0 ? `${pct(ratio)} (${hit}/${total})` : '–');

export function renderTests(apps, pooled) {
  const table = new Table({
    head: [
      'app',
      'facts',
      'routes found',
      'property recall',
      'status agreement',
      'error statuses',
      'validation fields',
    ],
    style: { head: [], border: [] },
  });
  const row = (name, t) =>
    table.push([
      name,
      t.facts,
      `${t.routesFound} (${t.requestsMatched}/${t.requests} requests)`,
      of(t.propertiesFound, t.properties, t.propertyRecall),
      of(t.successStatusesAgreeing, t.successStatuses, t.statusAgreement),
      of(t.errorStatusesDocumented, t.errorStatuses, t.errorStatusRecall),
      of(t.validationFieldsFound, t.validationFields, t.validationFieldRecall),
    ]);
  for (const [name, f] of Object.entries(apps)) if (f.tests) row(name, f.tests);
  row('all', pooled);
  return `\nAgainst what the apps' own tests assert:\n${table.toString()}\n`;
}

/** `{ app: misses[] }` → causes by count (with one example each), then every miss by app. */
export function renderMisses(byApp, { limit = Infinity } = {}) {
  const causes = new Map();
  for (const [app, misses] of Object.entries(byApp))
    for (const m of misses) {
      const key = `${m.kind}: ${m.cause}`;
      if (!causes.has(key))
        causes.set(key, { n: 0, example: `${app} ${m.operation} ${m.detail ?? ''} ${m.at}` });
      causes.get(key).n++;
    }
  const lines = ['Misses by cause (count, one example):'];
  for (const [cause, { n, example }] of [...causes].sort((a, b) => b[1].n - a[1].n))
    lines.push(
      `  ${String(n).padStart(5)}  ${cause}\n         e.g. ${example.replace(/\s+/g, ' ')}`,
    );
  for (const [app, misses] of Object.entries(byApp)) {
    if (misses.length === 0) continue;
    lines.push('', `${app}:`);
    const byOperation = new Map();
    for (const m of misses)
      byOperation.set(m.operation, [...(byOperation.get(m.operation) ?? []), m]);
    for (const [operation, list] of [...byOperation].sort()) {
      lines.push(`  ${operation}`);
      for (const m of list.slice(0, limit))
        lines.push(`    ${m.kind}: ${m.cause}${m.detail ? ` — ${m.detail}` : ''}  (${m.at})`);
    }
  }
  return lines.join('\n') + '\n';
}
