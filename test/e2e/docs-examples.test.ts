import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageRunner } from '../support/docs-runner.js';
import { docsPages, readPage } from '../support/docs-pages.js';
import { codeBlocks, markersOf, SHELL_LANGUAGES } from '../support/markdown-blocks.js';
import { CLI, ROOT } from './helpers.js';

/**
 * Every shell example of README.md and docs/ runs against the built CLI and the bundled
 * examples, and prints what its page shows; an example that cannot run here says why, in a
 * `<!-- not run: reason -->` above it. How the blocks are read and run: test/support.
 */
const hasCurl = spawnSync('curl', ['--version']).status === 0;
const noCurl = 'skipped: curl is not installed (.ci/install-curl.sh installs it)';

describe.each(docsPages(ROOT))('the examples of %s', (page) => {
  const blocks = codeBlocks(readPage(ROOT, page));
  const shell = blocks.filter((b) => SHELL_LANGUAGES.has(b.lang));
  let runner: PageRunner;

  beforeAll(() => {
    runner = new PageRunner(ROOT, CLI);
  });
  afterAll(async () => {
    await runner.close();
  });

  it('names the language of every code block, and why a shell block is not run', () => {
    expect(blocks.filter((b) => b.lang === '').map((b) => `${page}:${b.line}`)).toEqual([]);
    for (const block of shell) {
      for (const reason of markersOf(block, 'not run'))
        expect(reason, `${page}:${block.line}`).not.toBe('');
    }
  });

  // In the page's order: a file a block writes is there for the shell blocks after it.
  for (const block of blocks) {
    const file = markersOf(block, 'file')[0];
    if (file !== undefined) {
      it(`${page}:${block.line} (${block.lang}) is written to ${file}`, () => runner.write(block));
      continue;
    }
    if (!SHELL_LANGUAGES.has(block.lang)) continue;
    const reason = markersOf(block, 'not run')[0];
    const where = `${page}:${block.line} (${block.lang})`;
    if (reason !== undefined) {
      it.skip(`${where}: not run, ${reason}`, () => {});
      continue;
    }
    const needsCurl = /(^|[\s;&|($])curl\s/m.test(block.body);
    it.skipIf(needsCurl && !hasCurl)(
      needsCurl && !hasCurl ? `${where} (${noCurl})` : where,
      async () => {
        await runner.run(block);
      },
      60_000,
    );
  }
});
