import { createRequire } from 'node:module';
import type Table from 'cli-table3';
import pc from 'picocolors';

/**
 * Colour only on a TTY and never with `NO_COLOR` (or `--no-color`), as every well-behaved
 * CLI does. @see https://no-color.org
 */
export function useColor(stream: NodeJS.WriteStream = process.stdout): boolean {
  if ('NO_COLOR' in process.env && process.env.NO_COLOR !== '') return false;
  if (process.argv.includes('--no-color')) return false;
  return stream.isTTY === true;
}

export type Colors = ReturnType<typeof pc.createColors>;

export function colors(stream: NodeJS.WriteStream = process.stdout): Colors {
  return pc.createColors(useColor(stream));
}

/** A table drawn as cli-table3 draws it, with a coloured header when colour is on. */
export function table(head: string[], rows: string[][], c: Colors): string {
  return [...tableChunks(head, rows, c)].join('\n');
}

const NO_TOP = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '' };
const NO_BOTTOM = { bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '' };
// No rule between rows: endpoint tables of large APIs run to thousands of lines.
const NO_ROW_RULES = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** Printable ASCII only: one character, one column, nothing for cli-table3 to wrap or cut. */
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * The same table in slices of `chunkSize` rows that join seamlessly, so that a caller can
 * yield between them. Rows of printable ASCII are drawn here, as cli-table3 would draw them:
 * it measures every cell with string-width, too slow for tens of thousands of endpoints. Rows
 * with anything else (wide or combining characters, newlines, colour) are still its job.
 */
export function* tableChunks(
  head: string[],
  rows: string[][],
  c: Colors,
  chunkSize = 500,
): Generator<string> {
  const widths = head.map((h, i) => {
    let width = h.length;
    for (const row of rows) width = Math.max(width, (row[i] ?? '').length);
    return width + 2;
  });
  const rule = (left: string, mid: string, right: string) =>
    left + widths.map((w) => '─'.repeat(w)).join(mid) + right;
  const line = (cells: string[], shown = cells) =>
    '│' +
    widths
      .map((w, i) => ` ${shown[i] ?? ''}${' '.repeat(w - 1 - (cells[i] ?? '').length)}`)
      .join('│') +
    '│';
  const plainHead = head.every((h) => PLAIN.test(h));
  for (let start = 0; start === 0 || start < rows.length; start += chunkSize) {
    const lines: string[] = [];
    if (start === 0) {
      if (plainHead) {
        lines.push(rule('┌', '┬', '┐'));
        if (head.length > 0)
          lines.push(
            line(
              head,
              head.map((h) => c.bold(h)),
            ),
          );
      } else
        lines.push(
          cliTable(
            head.map((h) => c.bold(h)),
            [],
            widths,
            { ...NO_BOTTOM },
          ),
        );
    }
    for (const row of rows.slice(start, start + chunkSize)) {
      const plain = row.length === head.length && row.every((cell) => PLAIN.test(cell));
      lines.push(plain ? line(row) : cliTable([], [row], widths, { ...NO_TOP, ...NO_BOTTOM }));
    }
    if (start + chunkSize >= rows.length) lines.push(rule('└', '┴', '┘'));
    yield lines.join('\n');
  }
}

// Loaded on the first row that needs it: most tables never do.
let CliTable: typeof Table | undefined;

/** One piece of the table drawn by cli-table3 itself, with the widths of the whole. */
function cliTable(
  head: string[],
  rows: string[][],
  widths: number[],
  chars: Record<string, string>,
): string {
  CliTable ??= createRequire(import.meta.url)('cli-table3') as typeof Table;
  const t = new CliTable({
    head,
    style: { head: [], border: [] },
    chars: { ...NO_ROW_RULES, ...chars },
    colWidths: widths,
    wordWrap: false,
  });
  t.push(...rows);
  return t.toString();
}
