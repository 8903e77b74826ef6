import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { singular } from '../../src/core/inflect.js';
import type { OpenApiDocument } from '../../src/core/types.js';
import { ROOT, runCli } from './helpers.js';
// @ts-expect-error -- a plain ES module of the tool, without declarations
import { findAppsDir } from '../../laravel-apps/lib/apps.mjs';

/**
 * On every Laravel application of ../shared/laravel-apps: an operation at least, no internal
 * marker (a php-parser node kind where PHP source belongs) in a warning or the document,
 * summaries the generator words in English, no route left out as dead in the document (and
 * each such route's controller truly without the method), operations with security (every app
 * here authenticates its API), and a document whose size is bounded by its operations (coolify
 * at most 2 MB, twice its authors'). Skipped where the apps are not on the machine.
 */
const apps = findAppsDir(ROOT) as string | undefined;
const names = apps
  ? readdirSync(apps).filter((n) => statSync(path.join(apps, n)).isDirectory())
  : [];

const KINDS =
  'retif|bin|encapsed|unary|cast|closure|arrowfunc|nullkeyword|offsetlookup|propertylookup|staticlookup|parenthesis|magic';
const MARKER = new RegExp(`\\{(?:${KINDS})\\}|\\((?:${KINDS})\\)|"(?:${KINDS})"`);

/** A document as written, at most this many bytes plus this many per operation. */
const BASE_BYTES = 20_000;
const BYTES_PER_OPERATION = 6_000;
/** coolify's authors' document is about 1 MB: at most twice that. */
const MAX_BYTES: Record<string, number> = { coolify: 2_000_000 };

/** `GET|HEAD api/x: App\Http\Controllers\X has no method y() (...)`: a dead route left out. */
const DEAD =
  /^Warning: .*?: ([A-Z|]+) (\S+): (\S+) has no method (\w+)\(\) \(nor a parent, trait or __call that has\)/;

/** Whether a class of the app (found by its declaration) declares the method, as PHP reads names. */
function declares(app: string, className: string, method: string): boolean {
  const short = className.split('\\').at(-1)!;
  const declaration = new RegExp(`\\b(class|trait)\\s+${short}\\b`);
  const files = readdirSync(app, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.php') && !f.startsWith('tests/'),
  );
  return files.some((f) => {
    const text = readFileSync(path.join(app, f), 'utf8');
    return declaration.test(text) && new RegExp(`function\\s+${method}\\s*\\(`, 'i').test(text);
  });
}

/** A generated summary that is not English: "List categorieses", "Create a categories". */
function notEnglish(summary: string): boolean {
  if (/\b\w+(?:ses|ies|xes)es\b/.test(summary)) return true;
  // The generator's wording ("Show a category"): lower-case words after the article.
  const one = /^(?:Create|Show|Update|Delete) (?:a|an) (?:[a-z]+ )*([a-z]+)$/.exec(summary);
  return !!one && singular(one[1]!) !== one[1];
}

describe.skipIf(!apps)('what generate says on real Laravel applications', () => {
  it.each(names)(
    '%s: operations, no internal marker, English, no dead route, security, size',
    async (name) => {
      // Through the built CLI, in a process of its own (a large app is seconds of CPU).
      const output = path.join(mkdtempSync(path.join(tmpdir(), 'apidoc-apps-')), `${name}.json`);
      const run = await runCli(
        ['generate', '--project', path.join(apps!, name), '--no-cache', '--output', output],
        { timeoutMs: 110_000 },
      );
      expect(run.code, run.stderr).toBe(0);
      const text = readFileSync(output, 'utf8');
      const document = JSON.parse(text) as OpenApiDocument;
      const warnings = run.stderr.split('\n').filter((l) => l.startsWith('Warning: '));
      const operations = Object.values(document.paths ?? {}).flatMap((item) =>
        Object.entries(item).filter(([m]) =>
          ['get', 'put', 'post', 'delete', 'patch', 'options'].includes(m),
        ),
      );
      expect(operations.length).toBeGreaterThan(0);
      const marked = warnings.filter((m) => MARKER.test(m));
      expect(marked).toEqual([]);
      expect(MARKER.exec(text)?.[0]).toBeUndefined();
      const summaries = operations.map(([, op]) => (op as { summary?: string }).summary ?? '');
      expect(summaries.filter(notEnglish)).toEqual([]);
      // Dead routes: left out of the document, and their controllers truly lack the method.
      for (const line of warnings) {
        const dead = DEAD.exec(line);
        if (!dead) continue;
        const [, methods, uri, controller, method] = dead;
        for (const m of methods!.toLowerCase().split('|'))
          expect(document.paths?.[`/${uri}`]?.[m as 'get'], line).toBeUndefined();
        expect(declares(path.join(apps!, name), controller!, method!), line).toBe(false);
      }
      const secured = operations.filter(([, op]) =>
        ((op as { security?: object[] }).security ?? []).some((r) => Object.keys(r).length > 0),
      );
      expect(secured.length).toBeGreaterThan(0);
      const bytes = Buffer.byteLength(text);
      expect(bytes).toBeLessThanOrEqual(BASE_BYTES + BYTES_PER_OPERATION * operations.length);
      expect(bytes).toBeLessThanOrEqual(MAX_BYTES[name] ?? Infinity);
    },
    120_000,
  );
});
