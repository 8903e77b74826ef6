#!/usr/bin/env node
// The generator on real Laravel applications (issues 14 and 15): see laravel-apps/README.md.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse as parseYaml } from 'yaml';
import { APPS, ERRATA, findAppsDir } from './lib/apps.mjs';
import { declaredRoutes, undocumentedRoutes } from './lib/declared.mjs';
import { parseFlags, USAGE, UsageError } from './lib/args.mjs';
import { compareWithReference } from './lib/compare.mjs';
import { regressions } from './lib/gate.mjs';
import { measureDocument, round } from './lib/measure.mjs';
import { render, renderRegressions } from './lib/report.mjs';
import { renderMisses, renderTests } from './lib/ground-truth/report.mjs';
import { scoreFacts, withRatios } from './lib/ground-truth/score.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');
const FIGURES = join(HERE, 'figures.json');
const log = (line) => process.stderr.write(line + '\n');

async function main() {
  let flags;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`laravel-apps: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const dist = resolve(flags.dist ?? join(ROOT, 'dist'));
  if (!existsSync(join(dist, 'index.js'))) {
    log(
      `laravel-apps: no build in ${dist}: run "npm run build" first (npm run laravel-apps does).`,
    );
    return 1;
  }
  const appsDir = findAppsDir(ROOT, flags.apps);
  if (!appsDir) {
    log(
      'laravel-apps: the apps folder was not found: pass --apps <dir> or set APIDOC_LARAVEL_APPS.',
    );
    return 1;
  }
  const unknown = flags.only.filter((name) => !APPS.some((a) => a.name === name));
  if (unknown.length > 0) {
    log(
      `laravel-apps: no app named ${unknown.join(', ')}; the apps are ${APPS.map((a) => a.name).join(', ')}.`,
    );
    return 2;
  }
  const committed = existsSync(FIGURES) ? JSON.parse(readFileSync(FIGURES, 'utf8')) : undefined;
  const details =
    flags.details === '-' ? undefined : resolve(flags.details ?? join(HERE, '.results'));
  if (details) mkdirSync(details, { recursive: true });
  const apps = {};
  const misses = {};
  for (const app of APPS) {
    if (flags.only.length > 0 && !flags.only.includes(app.name)) {
      if (committed?.apps?.[app.name]) apps[app.name] = committed.apps[app.name];
      continue;
    }
    const dir = join(appsDir, app.name);
    if (!existsSync(dir)) {
      log(`laravel-apps: ${app.name} is missing from ${appsDir}`);
      return 1;
    }
    log(`${app.name}...`);
    const run = await generate(dist, dir);
    if (!run.ok) {
      log(`laravel-apps: generate failed on ${app.name}:\n${run.error}`);
      return 1;
    }
    // Valid against the OpenAPI schema of its version (3.0 here), as a validator reads it.
    const validation = await new Validator().validate(run.document);
    run.valid = validation.valid;
    if (!validation.valid)
      log(
        `laravel-apps: ${app.name}'s document is not valid OpenAPI: ${JSON.stringify(validation.errors).slice(0, 2000)}`,
      );
    apps[app.name] = figuresOf(app, run, appsDir, details);
    if (run.tests) {
      const scored = scoreFacts(run.document, run.tests.facts);
      apps[app.name].tests = {
        testFiles: run.tests.files,
        tests: run.tests.tests,
        ...scored.figures,
      };
      misses[app.name] = scored.misses;
      if (details)
        writeFileSync(
          join(details, `${app.name}.tests.json`),
          JSON.stringify(
            { figures: scored.figures, misses: scored.misses, facts: run.tests.facts },
            null,
            2,
          ),
        );
    }
  }
  const figures = { date: new Date().toISOString().slice(0, 10), apps, totals: totals(apps) };
  figures.totals.tests = pooled(apps);
  process.stdout.write(render(figures));
  process.stdout.write(renderTests(apps, figures.totals.tests));
  if (flags.misses) process.stdout.write('\n' + renderMisses(misses));
  const worse = regressions(committed, figures);
  if (worse.length > 0) {
    log(
      `\nFigures worse than the committed ones (laravel-apps/figures.json):\n${renderRegressions(worse)}`,
    );
    if (!flags.accept) return 1;
  }
  if (!flags.check) {
    writeFileSync(FIGURES, JSON.stringify(figures, null, 2) + '\n');
    log(`\nWrote ${FIGURES}`);
  }
  return 0;
}

/** The ground-truth counts of every app summed, and their ratios. */
function pooled(apps) {
  const counts = {};
  for (const f of Object.values(apps))
    for (const [key, value] of Object.entries(f.tests ?? {}))
      if (!/Recall|Agreement|^tests$|^testFiles$/.test(key))
        counts[key] = (counts[key] ?? 0) + value;
  return withRatios(counts);
}

function generate(dist, project) {
  const scratch = mkdtempSync(join(tmpdir(), 'apidoc-laravel-apps-'));
  const out = join(scratch, 'run.json');
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(HERE, 'lib/generate-one.mjs'), dist, project, out, 'facts'],
      { maxBuffer: 64 * 2 ** 20, timeout: 300_000 },
      (error, _stdout, stderr) => {
        try {
          if (error) done({ ok: false, error: `${error.message}\n${stderr}` });
          else done(JSON.parse(readFileSync(out, 'utf8')));
        } finally {
          rmSync(scratch, { recursive: true, force: true });
        }
      },
    );
  });
}

/** The generator's `dead-route` warnings: `GET|HEAD api/x: ... left out`. */
function deadRoutes(warnings = []) {
  return warnings
    .filter((w) => w.code === 'dead-route')
    .map((w) => /^([A-Z|]+) (\S+):/.exec(w.message))
    .filter(Boolean)
    .map(([, methods, uri]) => ({
      methods: methods.split('|').filter((m) => m !== 'HEAD'),
      uri: uri.replace(/\{[^}]*\}/g, '{}'),
    }));
}

/** A declared route (`GET uri (where)`) that the generator left out as dead. */
function isDead(route, dead) {
  const [method, raw = ''] = route.split(' ');
  const uri = raw.replace(/^\/+/, '').replace(/\{[^}]*\}/g, '{}');
  return dead.some(
    (d) => d.methods.includes(method) && (d.uri === uri || d.uri.endsWith(`/${uri}`)),
  );
}

function figuresOf(app, run, appsDir, details) {
  const measured = measureDocument(run.document, run.warnings);
  const declared = declaredRoutes(join(appsDir, app.name), app.apiRoutes);
  const dead = deadRoutes(run.warnings);
  const notDocumented = undocumentedRoutes(declared, run.document).filter(
    (route) => !isDead(route, dead),
  );
  const { examples, ...figures } = measured;
  // Routes left out because Laravel cannot answer them count as accounted for, not as missing.
  const deadOperations = dead.reduce((n, d) => n + d.methods.length, 0);
  const out = {
    ...figures,
    declaredCoverage: round(Math.min(1, (figures.operations + deadOperations) / app.declared)),
    declaredRoutes: declared.length,
    routesNotDocumented: notDocumented.length,
    validDocument: run.valid ? 1 : 0,
    ms: run.ms,
    peakMB: run.peakMB,
  };
  let comparison;
  if (app.reference) {
    const text = readFileSync(join(appsDir, app.reference), 'utf8');
    const reference = app.reference.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
    comparison = compareWithReference(run.document, reference, ERRATA[app.name] ?? []);
    // The same comparison with no errata: how much of each figure the errata account for.
    const raw = compareWithReference(run.document, reference, []).figures;
    out.reference = { ...comparison.figures, ...comparison.counts, withoutErrata: raw };
  }
  if (details) {
    writeFileSync(join(details, `${app.name}.json`), JSON.stringify(run.document, null, 2));
    writeFileSync(
      join(details, `${app.name}.findings.json`),
      JSON.stringify(
        {
          examples,
          warnings: run.warnings,
          routesNotDocumented: notDocumented,
          missing: comparison?.missing,
        },
        null,
        2,
      ),
    );
  }
  return out;
}

function totals(apps) {
  const sum = (key) => Object.values(apps).reduce((n, a) => n + (a[key] ?? 0), 0);
  const operations = sum('operations');
  const emptySuccess = sum('emptySuccess');
  return {
    operations,
    securedOperations: sum('securedOperations'),
    documentBytes: sum('documentBytes'),
    emptySuccess,
    emptyShare: operations === 0 ? 0 : round(emptySuccess / operations),
    get201: sum('get201'),
    parseFailures: sum('parseFailures'),
    unevaluatedRules: sum('unevaluatedRules'),
    routesNotDocumented: sum('routesNotDocumented'),
    warnings: sum('warnings'),
  };
}

process.exitCode = await main();
