import { beforeAll, describe, expect, it } from 'vitest';
import { docsPages, readPage } from '../support/docs-pages.js';
import {
  codeBlocks,
  helpDefaults,
  helpOptions,
  invocations,
  optionTables,
  SHELL_LANGUAGES,
  type OptionTable,
} from '../support/markdown-blocks.js';
import { ROOT, runCli } from './helpers.js';

/** Each command's page: its options table, under `<!-- options: apidoc <command> -->`. */
const PAGES: Record<string, string> = {
  mock: 'docs/mock.md',
  generate: 'docs/generate.md',
  'generate:optimized': 'docs/generate.md',
  'cache clear': 'docs/generate.md',
  watch: 'docs/watch.md',
  'export:postman': 'docs/export.md',
  'export:insomnia': 'docs/export.md',
  verify: 'docs/verify.md',
};

/** A default the page must show as --help does: a plain word or number, not a sentence. */
const LITERAL_DEFAULT = /^[\w./:@-]+$/;

const help = new Map<string, string>();

beforeAll(async () => {
  await Promise.all(
    Object.keys(PAGES).map(async (command) => {
      const run = await runCli([...command.split(' '), '--help']);
      expect(run.code, run.stderr).toBe(0);
      help.set(command, run.stdout);
    }),
  );
}, 60_000);

/** The commands `apidoc --help` lists, with `cache`'s subcommands. */
async function listedCommands(): Promise<string[]> {
  const names = (text: string) =>
    [...text.split('Commands:')[1]!.matchAll(/^ {2}([\w:]+)/gm)]
      .map((m) => m[1]!)
      .filter((n) => n !== 'help');
  const top = names((await runCli(['--help'])).stdout);
  const cache = names((await runCli(['cache', '--help'])).stdout).map((n) => `cache ${n}`);
  return [...top.filter((n) => n !== 'cache'), ...cache].sort();
}

describe('the command pages and --help', () => {
  it('every command --help lists has a page', async () => {
    expect(await listedCommands()).toEqual(Object.keys(PAGES).sort());
  });

  describe.each(Object.entries(PAGES))('apidoc %s (%s)', (command, page) => {
    const table = (): OptionTable => {
      const tables = optionTables(readPage(ROOT, page)).filter((t) => t.command === command);
      expect(tables, `one <!-- options: apidoc ${command} --> table in ${page}`).toHaveLength(1);
      return tables[0]!;
    };

    it('names every option of --help, and only those', () => {
      const documented = table().rows.flatMap((r) => r.names);
      expect([...new Set(documented)].sort()).toEqual(helpOptions(help.get(command)!).sort());
      expect(documented.length).toBe(new Set(documented).size);
    });

    it('gives each option its default, its meaning and an example', () => {
      const { header, rows } = table();
      expect(header).toEqual(['Option', 'Default', 'Meaning', 'Example']);
      const defaults = helpDefaults(help.get(command)!);
      for (const row of rows) {
        const [, fallback, meaning, example] = row.cells as [string, string, string, string];
        const name = row.names[0]!;
        expect(fallback, name).not.toBe('');
        expect(meaning.length, name).toBeGreaterThan(10);
        expect(
          row.names.some((n) => example.includes(n)),
          `${name}: ${example}`,
        ).toBe(true);
        const shown = defaults.get(name);
        if (shown && LITERAL_DEFAULT.test(shown) && shown !== 'false') {
          expect(fallback.replace(/[`,]/g, ''), name).toContain(shown);
        }
      }
    });
  });

  it('no example, run or not, passes an option its command does not have', () => {
    const unknown: string[] = [];
    for (const page of docsPages(ROOT)) {
      const text = readPage(ROOT, page);
      const shellText = codeBlocks(text)
        .filter((b) => SHELL_LANGUAGES.has(b.lang))
        .map((b) => b.body)
        .join('\n');
      const tableExamples = Object.keys(PAGES).flatMap((command) =>
        optionTables(text)
          .filter((t) => t.command === command)

          .flatMap((t) =>
            t.rows.map((r) => `apidoc ${command} ${(r.cells[3] ?? '').replace(/`/g, ' ')}`),
          ),
      );
      for (const { command, options } of invocations([shellText, ...tableExamples].join('\n'))) {
        const known = help.get(command);
        if (!known) {
          unknown.push(`${page}: apidoc ${command} is not a command`);
          continue;
        }
        const listed = new Set([...helpOptions(known), '--help', '--version']);
        for (const option of options) {
          if (!listed.has(option)) unknown.push(`${page}: apidoc ${command} ${option}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });
});
