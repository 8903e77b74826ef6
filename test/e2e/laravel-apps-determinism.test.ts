import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';
import { tempDir } from './generate-support.js';
// @ts-expect-error -- a plain ES module of the tool, without declarations
import { findAppsDir } from '../../laravel-apps/lib/apps.mjs';

/**
 * The document is a function of the source: on every real application of ../shared/laravel-apps,
 * a cold run, a warm one, `generate:optimized` with two workers warm and without the cache, and
 * an `--incremental` run after a controller changed write the same bytes as a run without the
 * cache on the same source. Skipped where the apps are not on the machine.
 */
const appsDir = findAppsDir(ROOT) as string | undefined;
const apps = appsDir
  ? readdirSync(appsDir)
      .filter((name) => statSync(path.join(appsDir, name)).isDirectory())
      .sort()
  : [];

/** The first controller (by path) of the app, with a method added before its last brace. */
function editController(dir: string): string {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => !/^(vendor|tests|node_modules)\//.test(f))
    .filter((f) => /(^|\/)Controllers\/(.*\/)?\w+Controller\.php$/.test(f))
    .sort();
  for (const file of files) {
    const full = path.join(dir, file);
    const text = readFileSync(full, 'utf8');
    const end = text.lastIndexOf('}');
    if (!/\bclass\s+\w+/.test(text) || end < 0) continue;
    const method =
      "\n    public function apidocProbe()\n    {\n        return ['probe' => 1];\n    }\n";
    writeFileSync(full, text.slice(0, end) + method + text.slice(end));
    return file;
  }
  throw new Error(`no controller in ${dir}`);
}

describe.skipIf(apps.length === 0)('the same bytes, however the document is made', () => {
  it.each(apps)(
    '%s: cold, warm, optimized, --no-cache and --incremental agree',
    async (app) => {
      const work = tempDir();
      const dir = path.join(work, app);
      cpSync(path.join(appsDir!, app), dir, { recursive: true });
      /** The document one run writes. */
      const generate = async (mode: string, command: string, ...args: string[]) => {
        const output = path.join(work, `${mode}.json`);
        const run = await runCli([command, '--project', dir, '--output', output, ...args], {
          timeoutMs: 240_000,
        });
        expect(run.code, `${app} ${mode}: ${run.stderr}`).toBe(0);
        return readFileSync(output, 'utf8');
      };
      try {
        const optimized = ['generate:optimized', '--workers', '2'] as const;
        const reference = await generate('no-cache', ...optimized, '--no-cache');
        const runs = {
          cold: await generate('cold', 'generate'),
          warm: await generate('warm', 'generate'),
          'warm optimized': await generate('warm optimized', ...optimized),
        };
        for (const [mode, text] of Object.entries(runs))
          expect(text === reference, `${app}: ${mode} differs from --no-cache`).toBe(true);
        const edited = editController(dir);
        const incremental = await generate('incremental', 'generate', '--incremental');
        const after = await generate('after', ...optimized, '--no-cache');
        expect(incremental === after, `${app}: --incremental after editing ${edited}`).toBe(true);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    300_000,
  );
});
