#!/usr/bin/env node
// The ground-truth extractor's self-test on the real apps: node laravel-apps/self-test.mjs
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { findAppsDir } from './lib/apps.mjs';
import { selfTest } from './lib/ground-truth/self-test.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apps = findAppsDir(ROOT, process.argv[2]);
if (!apps) {
  process.stderr.write(
    'self-test: the apps folder was not found (pass it, or set APIDOC_LARAVEL_APPS).\n',
  );
  process.exit(1);
}
const { checked, stayOut, failures } = await selfTest(apps, join(ROOT, 'dist'));
process.stdout.write(
  `${checked} hand-checked facts, ${stayOut} reads that must stay out: ${failures.length} failures\n` +
    failures.map((f) => `  ${f}\n`).join(''),
);
process.exitCode = failures.length === 0 ? 0 : 1;
