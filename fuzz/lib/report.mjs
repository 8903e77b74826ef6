// The run's outcome, in text: a line per family, the slow clients, the soak and its memory.

/** Failures counted by kind, the way the README reports them. */
export function summarise(results) {
  const kinds = {
    crashes: /^crash|logged:/,
    hangs: /hang|still open/,
    unexpected5xx: /answered 5\d\d/,
    nonJsonErrors: /not JSON/,
    memory: /^memory grew/,
    health: /afterwards|health|while slow/,
  };
  const summary = Object.fromEntries(Object.keys(kinds).map((k) => [k, 0]));
  summary.other = 0;
  for (const failure of results.failures) {
    const kind = Object.keys(kinds).find((k) => kinds[k].test(failure));
    summary[kind ?? 'other']++;
  }
  summary.hostileRequests = Object.values(results.families).reduce((n, f) => n + f.cases, 0);
  summary.passed = results.failures.length === 0;
  return summary;
}

const mb = (value) => `${value.toFixed(0)} MB`;

export function report(results) {
  const lines = [
    `apidoc fuzz — ${results.date}, seed ${results.flags.seed}${results.flags.quick ? ', quick' : ''}`,
    '',
  ];
  lines.push('| Family | Cases | Answers by status | Failures |', '| --- | --- | --- | --- |');
  for (const [family, f] of Object.entries(results.families)) {
    const statuses = Object.entries(f.statuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    lines.push(`| ${family} | ${f.cases} | ${statuses} | ${f.failures} |`);
  }
  const slow = results.slow;
  if (slow.seconds !== undefined) {
    lines.push(
      '',
      `Slow clients: ${slow.slowloris} slowloris and ${slow.unfinished} unfinished bodies (1–8 MiB of a declared 9 MiB) at once, all ended in ${slow.seconds.toFixed(1)} s; ${slow.healthChecks} health checks answered meanwhile; RSS ${mb(slow.rssBefore)} before, ${mb(slow.rssPeak)} at peak, ${mb(slow.rssAfter)} 2 s after.`,
    );
  }
  const soak = results.soak;
  if (soak) {
    const statuses = Object.entries(soak.statuses)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const m = soak.memory;
    lines.push(
      '',
      `Soak: ${soak.seconds.toFixed(0)} s, ${soak.requests} requests (${Math.round(soak.requests / soak.seconds)}/s; ${statuses}), ${soak.slow} slow clients.`,
      `Memory (VmRSS): ${mb(m.start)} at start, ${mb(m.afterWarmup)} after the ${m.warmupSeconds.toFixed(0)} s warm-up, ${mb(m.end)} at the end, ${mb(m.peak)} at peak: growth after warm-up ${m.growth >= 0 ? '+' : ''}${m.growth.toFixed(1)} MB (limit ${results.flags.maxGrowth} MB).`,
    );
  }
  const s = results.summary;
  lines.push(
    '',
    `${s.hostileRequests} hostile cases; crashes ${s.crashes}, hangs ${s.hangs}, unexpected 5xx ${s.unexpected5xx}, non-JSON error bodies ${s.nonJsonErrors}, failed health checks ${s.health}, memory ${s.memory}, other ${s.other}: ${s.passed ? 'PASS' : 'FAIL'}`,
  );
  for (const failure of results.failures.slice(0, 40)) lines.push(`  - ${failure}`);
  if (results.failures.length > 40) lines.push(`  ... and ${results.failures.length - 40} more`);
  return `${lines.join('\n')}\n`;
}
