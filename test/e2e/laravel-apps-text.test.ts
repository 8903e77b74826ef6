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
 * marker (a php-parser node kind where PHP source belongs) in a warning or the document, and
 * summaries the generator words in English. Skipped where the apps are not on the machine.
 */
const apps = findAppsDir(ROOT) as string | undefined;
const names = apps
  ? readdirSync(apps).filter((n) => statSync(path.join(apps, n)).isDirectory())
  : [];

const KINDS =
  'retif|bin|encapsed|unary|cast|closure|arrowfunc|nullkeyword|offsetlookup|propertylookup|staticlookup|parenthesis|magic';
const MARKER = new RegExp(`\\{(?:${KINDS})\\}|\\((?:${KINDS})\\)|"(?:${KINDS})"`);

/** A generated summary that is not English: "List categorieses", "Create a categories". */
function notEnglish(summary: string): boolean {
  if (/\b\w+(?:ses|ies|xes)es\b/.test(summary)) return true;
  // The generator's wording ("Show a category"): lower-case words after the article.
  const one = /^(?:Create|Show|Update|Delete) (?:a|an) (?:[a-z]+ )*([a-z]+)$/.exec(summary);
  return !!one && singular(one[1]!) !== one[1];
}

describe.skipIf(!apps)('what generate says on real Laravel applications', () => {
  it.each(names)(
    '%s: operations, no internal marker, English summaries',
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
    },
    120_000,
  );
});
