import Table from 'cli-table3';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { table, tableChunks } from '../../../src/cli/output.js';

const NO_ROW_RULES = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** The table as cli-table3 draws it in one piece, the reference the fast path must match. */
function reference(head: string[], rows: string[][], bold: (s: string) => string): string {
  const widths = head.map(
    (h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)) + 2,
  );
  const t = new Table({
    head: head.map(bold),
    style: { head: [], border: [] },
    chars: NO_ROW_RULES,
    colWidths: widths,
    wordWrap: false,
  });
  t.push(...rows);
  return t.toString();
}

const HEAD = ['Method', 'Path', 'Description'];
const many = Array.from({ length: 1203 }, (_, i) => [
  'GET',
  `/items/${i}/{id}`,
  i % 7 ? `Item ${i}` : '',
]);
const cases: [string, { head: string[]; rows: string[][] }][] = [
  ['no rows', { head: HEAD, rows: [] }],
  ['one row', { head: HEAD, rows: [['GET', '/a', 'List']] }],
  [
    'settings',
    {
      head: ['Setting', 'Value'],
      rows: [
        ['API Title', 'Books'],
        ['Server URL', 'http://127.0.0.1:1'],
      ],
    },
  ],
  ['several slices', { head: HEAD, rows: many }],
  [
    'wide, combining and control characters',
    {
      head: HEAD,
      rows: [
        ['GET', '/a', 'héllo'],
        ['GET', '/b', '日本語の説明'],
        ['POST', '/c', 'emoji 🎉'],
        ['PUT', '/d', 'two\nlines'],
        ['GET', '/e', 'tab\there'],
        ['GET', '/f', '\u001b[31mred\u001b[39m'],
        ['GET', '/g', 'plain'],
      ],
    },
  ],
];

describe('table', () => {
  it.each(cases)('draws %s as cli-table3 does', (_name, { head, rows }) => {
    for (const color of [false, true]) {
      const c = pc.createColors(color);
      expect(table(head, rows, c)).toBe(reference(head, rows, c.bold));
    }
  });

  it('slices a long table into pieces of 500 rows that join seamlessly', () => {
    const c = pc.createColors(false);
    const chunks = [...tableChunks(HEAD, many, c)];
    expect(chunks).toHaveLength(3);
    expect(chunks.join('\n')).toBe(reference(HEAD, many, c.bold));
  });
});
