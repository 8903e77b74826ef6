import Table from 'cli-table3';
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

/** A table drawn by cli-table3, with a coloured header when colour is on. */
export function table(head: string[], rows: string[][], c: Colors): string {
  return [...tableChunks(head, rows, c)].join('\n');
}

const NO_TOP = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '' };
const NO_BOTTOM = { bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '' };
// No rule between rows: endpoint tables of large APIs run to thousands of lines.
const NO_ROW_RULES = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/**
 * The same table in slices of `chunkSize` rows that join seamlessly. cli-table3 slows down
 * more than linearly with rows (Graph's 22,000 endpoints took 12 s in one piece); slices with
 * fixed column widths render in linear time, and a caller can yield between them.
 */
export function* tableChunks(
  head: string[],
  rows: string[][],
  c: Colors,
  chunkSize = 500,
): Generator<string> {
  const widths = head.map(
    (h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)) + 2,
  );
  for (let start = 0; start === 0 || start < rows.length; start += chunkSize) {
    const first = start === 0;
    const last = start + chunkSize >= rows.length;
    const t = new Table({
      head: first ? head.map((h) => c.bold(h)) : [],
      style: { head: [], border: [] },
      chars: { ...NO_ROW_RULES, ...(first ? {} : NO_TOP), ...(last ? {} : NO_BOTTOM) },
      colWidths: widths,
      wordWrap: false,
    });
    t.push(...rows.slice(start, start + chunkSize));
    yield t.toString();
  }
}
