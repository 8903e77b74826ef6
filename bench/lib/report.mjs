import Table from 'cli-table3';

export const SERVER_NAMES = {
  apidoc: 'apidoc',
  bare: 'bare node:http',
  prism: 'Prism',
  proxy: 'bare through apidoc --proxy',
  bareProxy: 'bare through a bare proxy',
  memory: 'apidoc --stateful (memory)',
  redis: 'apidoc --state redis://',
};

export function fmtRps(n) {
  if (n == null) return '–';
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1);
}

export function fmtMs(n) {
  if (n == null) return '–';
  return n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US');
}

export function fmtMB(n) {
  return n == null ? '–' : String(Math.round(n));
}

export function fmtUs(n) {
  return n == null ? '–' : Math.round(n).toLocaleString('en-US');
}

export function fmtShare(n) {
  return n == null ? '–' : `${Math.round(n * 100)}%`;
}

export function fmtTimes(n) {
  if (n == null) return '–';
  return `${n >= 10 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n < 1 ? 2 : 1)}×`;
}

function render(head, rows, markdown) {
  if (markdown) {
    const line = (cells) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
    return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
  }
  const table = new Table({
    head,
    style: { head: [], border: [] },
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
  });
  table.push(...rows);
  return table.toString();
}

/** Throughput: one row per case and server; ratios on apidoc's row. Notes list the failures. */
export function throughputTable(entries, markdown) {
  const rows = [];
  const notes = [];
  for (const entry of entries) {
    for (const [kind, result] of Object.entries(entry.servers)) {
      const ok = result.status === 'ok';
      // Servers that did not start are explained under the startup table.
      const explained = result.status === 'not started' || result.status === 'skipped';
      if (!explained && (!ok || result.non2xx > 0 || result.errors > 0)) {
        const problem = ok
          ? `${result.non2xx} non-2xx answers, ${result.errors} errors during load`
          : `${result.status}: ${result.detail}`;
        notes.push(`${entry.title}, ${SERVER_NAMES[kind]}: ${problem}`);
      }
      const flag = ok && (result.non2xx > 0 || result.errors > 0) ? ' (!)' : '';
      rows.push([
        entry.title,
        SERVER_NAMES[kind],
        ok ? fmtRps(result.rps) + flag : result.status,
        ok ? fmtMs(result.p99) : '–',
        ok ? fmtUs(result.cpuUsPerRequest) : '–',
        fmtMB(result.rssMB),
        kind === 'apidoc'
          ? fmtShare(entry.ratios.apidocVsBare)
          : kind === 'proxy'
            ? fmtShare(entry.ratios.proxyVsBare)
            : kind === 'bareProxy'
              ? fmtShare(entry.ratios.bareProxyVsBare)
              : kind === 'memory' || kind === 'redis'
                ? `${fmtShare(entry.ratios[`${kind}VsStatelessGet`])} of stateless GET`
                : '',
        kind === 'apidoc' ? fmtTimes(entry.ratios.apidocVsPrism) : '',
        kind === 'apidoc' ? fmtTimes(entry.ratios.apidocCpuVsBare) : '',
      ]);
    }
  }
  const head = [
    'Case',
    'Server',
    'req/s',
    'p99 (ms)',
    'CPU/req (µs)',
    'RSS (MB)',
    'apidoc/bare',
    'apidoc/Prism',
    'CPU apidoc/bare',
  ];
  return { text: render(head, rows, markdown), notes };
}

/** Startup: time from spawn to the first answered request, RSS then, and the first real request. */
export function startupTable(entries, markdown) {
  const rows = [];
  const notes = [];
  for (const entry of entries) {
    for (const [kind, result] of Object.entries(entry.servers)) {
      if (result.status !== 'ok')
        notes.push(`${entry.title}, ${SERVER_NAMES[kind]}: ${result.detail}`);
      rows.push([
        entry.title,
        SERVER_NAMES[kind],
        result.status === 'ok' ? fmtMs(result.readyMs) : result.status,
        fmtMB(result.rssMB),
        result.firstRequest
          ? `${fmtMs(result.firstRequest.ms)} (${result.firstRequest.status})`
          : '–',
      ]);
    }
  }
  const head = ['Spec', 'Server', 'ready (ms)', 'RSS at ready (MB)', 'first request (ms)'];
  return { text: render(head, rows, markdown), notes };
}

export function targetsTable(targets, markdown) {
  const rows = targets.map((t) => [
    t.name,
    t.wanted,
    t.measured,
    t.met == null ? '?' : t.met ? 'yes' : 'NO',
  ]);
  return render(['Target (issue #3)', 'wanted', 'measured', 'met'], rows, markdown);
}

/** The corpus case: one row per operation, apidoc and bare side by side. */
export function corpusTable(entries, markdown) {
  const rows = [];
  const notes = [];
  for (const entry of entries) {
    const apidoc = entry.servers.apidoc ?? {};
    const bare = entry.servers.bare ?? {};
    for (const [kind, result] of [
      ['apidoc', apidoc],
      ['bare', bare],
    ]) {
      if (result.status !== 'ok')
        notes.push(`${entry.title}, ${SERVER_NAMES[kind]}: ${result.status}: ${result.detail}`);
      else if (result.non2xx > 0 || result.errors > 0) {
        notes.push(
          `${entry.title}, ${SERVER_NAMES[kind]}: ${result.non2xx} non-2xx, ${result.errors} errors`,
        );
      }
    }
    rows.push([
      entry.doc,
      entry.kind,
      entry.title,
      fmtBytes(entry.bytes),
      fmtRps(apidoc.rps),
      fmtRps(bare.rps),
      fmtShare(entry.ratios.apidocVsBare),
      fmtUs(apidoc.cpuUsPerRequest),
      fmtUs(bare.cpuUsPerRequest),
      fmtShare(entry.ratios.bareCpuVsApidoc),
      fmtMs(apidoc.p99),
      fmtMs(bare.p99),
    ]);
  }
  const head = [
    'Document',
    'Kind',
    'Operation',
    'Body',
    'apidoc req/s',
    'bare req/s',
    'share (req/s)',
    'apidoc CPU/req (µs)',
    'bare CPU/req (µs)',
    'share (CPU)',
    'apidoc p99 (ms)',
    'bare p99 (ms)',
  ];
  return { text: render(head, rows, markdown), notes };
}

/** Median and 10th percentile of apidoc's share of the bare server, by CPU and by req/s. */
export function distributionTable(spread, markdown) {
  const rows = [
    ['by CPU/req', fmtShare(spread.cpuShare.median), fmtShare(spread.cpuShare.p10)],
    ['by req/s', fmtShare(spread.rpsShare.median), fmtShare(spread.rpsShare.p10)],
  ];
  return render(
    [`apidoc/bare over ${spread.operations} operations`, 'median', '10th percentile'],
    rows,
    markdown,
  );
}

function fmtBytes(n) {
  if (n == null) return '–';
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}
