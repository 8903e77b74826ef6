import process from 'node:process';

// Per-document results → the summary: counts, failures grouped by cause, latency and memory.
// Printed for people (stdout) and kept small as JSON (corpus/results/<date>.json).

const TOP_CAUSES = 25;
const LISTED = 60;

export function summarise(results, flags, elapsedMs) {
  const docs = { total: results.length, loaded: 0, refused: 0, crashed: 0, hung: 0, toolError: 0 };
  const ops = { tested: 0, passed: 0, failed: 0, skipped: 0, total: 0 };
  const skips = new Map();
  const causes = new Map();
  const notes = new Map();
  const times = [];
  const lists = { refused: [], crashed: [], hung: [], toolError: [], unclean: [] };
  let unchecked = 0;
  let internalErrors = 0;
  for (const r of results) {
    const key = { 'tool-error': 'toolError' }[r.status] ?? r.status;
    docs[key] = (docs[key] ?? 0) + 1;
    if (r.status !== 'loaded') lists[key]?.push({ doc: r.id, reason: r.reason, phase: r.phase });
    if (r.status === 'loaded' && r.stoppedCleanly === false) lists.unclean.push({ doc: r.id });
    ops.total += r.operations ?? 0;
    unchecked += r.unchecked ?? 0;
    internalErrors += r.internalErrors ?? 0;
    for (const [cause, note] of Object.entries(r.notes ?? {})) {
      add(notes, cause, note.count, { doc: r.id, detail: note.example });
    }
    (r.ops ?? []).forEach((op, index) => {
      if (op.skipped) {
        ops.skipped++;
        add(skips, op.cause, 1, { doc: r.id, op: op.op, detail: op.detail });
        return;
      }
      ops.tested++;
      if (op.ms !== undefined) {
        const ms = op.serverMs ?? op.ms;
        times.push({ ms, roundTrip: op.ms, doc: r.id, op: op.op, first: index === 0 });
      }
      if (op.ok) ops.passed++;
      else {
        ops.failed++;
        add(causes, op.cause, 1, { doc: r.id, op: op.op, detail: op.detail, target: op.target });
      }
    });
  }
  docs.loaded = results.filter((r) => r.status === 'loaded').length;
  return {
    date: new Date().toISOString(),
    flags: publicFlags(flags),
    node: process.version,
    seconds: Math.round(elapsedMs / 100) / 10,
    documents: docs,
    operations: { ...ops, passRate: ops.tested ? round((100 * ops.passed) / ops.tested, 3) : 100 },
    causes: ranked(causes).slice(0, TOP_CAUSES),
    skipped: ranked(skips),
    generatorNotes: ranked(notes).slice(0, 10),
    refused: lists.refused.slice(0, LISTED),
    crashed: lists.crashed,
    hung: lists.hung,
    toolErrors: lists.toolError.slice(0, LISTED),
    notStoppedCleanly: lists.unclean,
    latency: latency(times, flags),
    memory: memory(results, flags),
    unchecked,
    internalErrors,
  };
}

function add(map, cause, count, example) {
  const entry = map.get(cause) ?? { cause, count: 0, documents: new Set(), example };
  entry.count += count;
  entry.documents.add(example.doc);
  map.set(cause, entry);
}

function ranked(map) {
  return [...map.values()]
    .sort((a, b) => b.count - a.count || (a.cause < b.cause ? -1 : 1))
    .map(({ documents, ...rest }) => ({ ...rest, documents: documents.size }));
}

/** Server-side times (from its request log), and the client's round trips beside them. */
function latency(times, flags) {
  const quantiles = (values) => {
    const sorted = values.slice().sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
  };
  const limit = flags.delay + flags.slowMs;
  const firsts = times.filter((t) => t.first).map((t) => t.ms);
  return {
    limitMs: limit,
    ...quantiles(times.map((t) => t.ms)),
    firstRequest: quantiles(firsts),
    roundTrip: quantiles(times.map((t) => t.roundTrip)),
    overLimit: times.filter((t) => t.ms > limit).length,
    slowest: [...times].sort((a, b) => b.ms - a.ms).slice(0, 10),
  };
}

/** Peak resident size per server; above --max-rss a document is listed as over the limit. */
function memory(results, flags) {
  const loaded = results.filter((r) => r.rssPeak).sort((a, b) => b.rssPeak - a.rssPeak);
  const entry = (r) => ({ doc: r.id, peakMB: r.rssPeak, atReadyMB: r.rssAtReady });
  return {
    limitMB: flags.maxRss,
    maxPeakMB: loaded[0]?.rssPeak ?? 0,
    top: loaded.slice(0, 5).map(entry),
    overLimit: loaded.filter((r) => r.rssPeak > flags.maxRss).map(entry),
  };
}

/** The flags that shape the figures (not where they go or how much is printed). */
function publicFlags(flags) {
  const keys = ['sample', 'seed', 'all', 'only', 'specs', 'sources', 'perDoc', 'timeout'];
  return Object.fromEntries(
    [...keys, 'requestTimeout', 'delay', 'slowMs', 'maxRss', 'concurrency'].map((k) => [
      k,
      flags[k],
    ]),
  );
}

function round(value, digits) {
  const scale = 10 ** digits;
  return Math.floor(value * scale) / scale;
}

/** The summary as text, for stdout. */
export function render(s, { verbose, results }) {
  const lines = [];
  const d = s.documents;
  const o = s.operations;
  lines.push('');
  lines.push(`apidoc mock on ${d.total} real-world documents (${s.seconds} s, ${s.node})`);
  lines.push(
    `  documents: ${d.loaded} loaded, ${d.refused} refused, ${d.crashed} crashed, ${d.hung} hung` +
      (d.toolError ? `, ${d.toolError} not judged (tool error)` : ''),
  );
  lines.push(
    `  operations: ${o.passed} / ${o.tested} passed (${o.passRate}%), ${o.failed} failed` +
      ` (${o.total} in the loaded documents)` +
      (o.skipped ? `; ${o.skipped} not judged` : ''),
  );
  const l = s.latency;
  lines.push(
    `  server time: p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms;` +
      ` ${l.overLimit} over ${l.limitMs} ms; a document's first request: p50` +
      ` ${l.firstRequest.p50} ms, max ${l.firstRequest.max} ms`,
  );
  lines.push(
    `  memory: peak RSS ${s.memory.maxPeakMB} MB (${s.memory.top[0]?.doc ?? '-'});` +
      ` ${s.memory.overLimit.length} over ${s.memory.limitMB} MB`,
  );
  if (s.unchecked) lines.push(`  ${s.unchecked} answer(s) the tool could not check (schema)`);
  section(lines, 'Refused', s.refused, (r) => `${r.doc}: ${r.reason}`);
  section(lines, 'Crashed', s.crashed, (r) => `${r.doc} [${r.phase ?? 'serving'}]: ${r.reason}`);
  section(lines, 'Hung', s.hung, (r) => `${r.doc} [${r.phase ?? 'serving'}]: ${r.reason}`);
  section(
    lines,
    'Not judged (tool error)',
    s.toolErrors,
    (r) => `${r.doc}: ${firstLine(r.reason)}`,
  );
  section(lines, 'Failures by cause', s.causes, (c) => {
    const e = c.example;
    return `${String(c.count).padStart(6)}  ${c.cause}  [${c.documents} doc(s)]\n          e.g. ${e.doc} ${e.op}: ${e.detail ?? ''}`;
  });
  section(
    lines,
    'Not judged',
    s.skipped,
    (c) => `${c.count}  ${c.cause}, e.g. ${c.example.doc} ${c.example.op}`,
  );
  section(
    lines,
    'Slowest requests',
    l.slowest.slice(0, 5),
    (t) => `${t.ms} ms  ${t.doc} ${t.op}${t.first ? ' (first request)' : ''}`,
  );
  if (verbose) {
    section(
      lines,
      'Every failure',
      results.flatMap((r) =>
        (r.ops ?? []).filter((op) => !op.ok && !op.skipped).map((op) => ({ r, op })),
      ),
      ({ r, op }) =>
        `${r.id} ${op.op} → ${op.status ?? '-'} ${op.cause}: ${op.detail} (${op.target ?? ''})`,
    );
  }
  return lines.join('\n') + '\n';
}

function section(lines, title, items, format) {
  if (items.length === 0) return;
  lines.push('', `${title}:`);
  for (const item of items) lines.push(`  ${format(item)}`);
}

function firstLine(text = '') {
  return String(text).split('\n')[0];
}
