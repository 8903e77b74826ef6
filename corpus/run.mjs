#!/usr/bin/env node
// The mock on real-world OpenAPI documents (issue 4): see corpus/README.md. Progress goes to
// stderr, the summary to stdout, the figures to a small JSON file.
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { parseFlags, USAGE, UsageError } from './lib/args.mjs';
import { ensureInputs, listDocuments, sample } from './lib/inputs.mjs';
import { render, summarise } from './lib/report.mjs';

const CORPUS = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(CORPUS, '..');
const RUNNER = join(CORPUS, 'lib/document.mjs');
const log = (line) => process.stderr.write(line + '\n');

/** Every runner still going, so that an interrupted run leaves no server behind. */
const running = new Set();

async function main() {
  let flags;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`corpus: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  flags.dist = resolve(flags.dist ?? join(ROOT, 'dist'));
  if (!existsSync(join(flags.dist, 'cli/main.js'))) {
    log(`corpus: no build in ${flags.dist}: run "npm run build" first (npm run corpus does).`);
    return 1;
  }
  const installed = await ensureInputs(join(CORPUS, '.inputs'), flags.sources, log);
  const local = flags.specs.map((file) => ({
    id: `local/${relative(process.cwd(), resolve(file))}`,
    source: 'local',
    file: resolve(file),
  }));
  const docs = selectDocuments([...listDocuments(installed), ...local], flags);
  log(`Testing ${docs.length} document(s), ${flags.perDoc || 'all'} operation(s) each at most...`);
  const started = performance.now();
  const results = await pool(docs, flags.concurrency, (doc, index) =>
    runDocument(doc, flags).then((result) => {
      log(progressLine(result, index + 1, docs.length));
      return result;
    }),
  );
  const summary = {
    ...summarise(results, flags, performance.now() - started),
    inputs: Object.fromEntries(
      Object.entries(installed).map(([source, i]) => [source, `${i.package}@${i.version}`]),
    ),
  };
  process.stdout.write(render(summary, { verbose: flags.verbose, results }));
  await writeSummary(summary, flags);
  return 0;
}

function selectDocuments(all, flags) {
  let docs = all;
  if (flags.only.length > 0)
    docs = docs.filter((d) => flags.only.some((text) => d.id.includes(text)));
  if (!flags.all && flags.sample !== undefined) {
    docs = sample(docs, flags.sample, flags.seed).sort((a, b) => (a.id < b.id ? -1 : 1));
  }
  return docs;
}

/** Runs `work` over `items`, `size` at a time, keeping the results in order. */
async function pool(items, size, work) {
  const results = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, lane));
  return results;
}

/**
 * One document in a forked runner (lib/document.mjs), in a process group of its own with the
 * server it starts: past `--timeout` the whole group is killed and the document counts as hung.
 */
function runDocument(doc, flags) {
  return new Promise((resolvePromise) => {
    const child = fork(RUNNER, [], { detached: true, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    running.add(child);
    let phase = 'start';
    let detail = '';
    let stderr = '';
    let result;
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('message', (message) => {
      if (message.type === 'progress') [phase, detail] = [message.phase, message.detail];
      else if (message.type === 'result') result = message.result;
    });
    const timer = setTimeout(() => {
      result ??= {
        id: doc.id,
        status: 'hung',
        phase,
        reason: `no result within ${flags.timeout} s (${phase}${detail ? `: ${detail}` : ''})`,
      };
      killGroup(child);
    }, flags.timeout * 1000);
    child.on('exit', () => {
      clearTimeout(timer);
      running.delete(child);
      killGroup(child);
      resolvePromise(
        result ?? { id: doc.id, status: 'tool-error', reason: stderr.trim() || 'runner died' },
      );
    });
    child.send({
      id: doc.id,
      file: doc.file,
      root: ROOT,
      dist: flags.dist,
      seed: flags.seed,
      perDoc: flags.perDoc,
      delay: flags.delay,
      requestTimeout: flags.requestTimeout,
    });
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function progressLine(r, n, total) {
  const head = `[${n}/${total}] ${r.id}`;
  if (r.status !== 'loaded') return `${head}: ${r.status.toUpperCase()} ${firstLine(r.reason)}`;
  const failed = r.ops.filter((op) => !op.ok).length;
  const mark = failed === 0 ? 'ok' : `${failed} FAILED`;
  return `${head}: ${r.ops.length - failed}/${r.ops.length} ${mark} (start ${r.startupMs} ms)`;
}

function firstLine(text = '') {
  return String(text).split('\n')[0].slice(0, 300);
}

async function writeSummary(summary, flags) {
  if (flags.out === '-') return;
  const file = flags.out
    ? resolve(flags.out)
    : join(CORPUS, 'results', `${summary.date.slice(0, 10)}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await formatJson(summary));
  log(`Summary written to ${relative(process.cwd(), file)}`);
}

/** Formatted as the repository's prettier would, so that `prettier --check` passes. */
async function formatJson(value) {
  const text = JSON.stringify(value, null, 2) + '\n';
  try {
    const prettier = await import('prettier');
    return await prettier.format(text, { parser: 'json', printWidth: 100 });
  } catch {
    return text;
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) killGroup(child);
    process.exit(130);
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    log(`corpus: ${error?.stack ?? error}`);
    for (const child of running) killGroup(child);
    process.exitCode = 1;
  },
);
