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
  const t = new Table({
    head: head.map((h) => c.bold(h)),
    style: { head: [], border: [] },
    // No rule between rows: endpoint tables of large APIs run to thousands of lines.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    wordWrap: false,
  });
  t.push(...rows);
  return t.toString();
}
