/**
 * A one-line progress bar on stderr, drawn only on a TTY and only once a run has enough work
 * (files, checks) to wait for; redrawn at most every 50 ms and erased when done.
 */
export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

const MIN_FILES = 200;
const WIDTH = 30;

export function createProgress(
  stream: NodeJS.WriteStream = process.stderr,
  label = 'Analysing',
  /** What is counted, and from how many on a bar is worth drawing. */
  unit: { name: string; min: number } = { name: 'files', min: MIN_FILES },
): Progress {
  if (!stream.isTTY) return { update: () => undefined, done: () => undefined };
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = performance.now();
      if (total < unit.min || (now - last < 50 && done < total)) return;
      last = now;
      const filled = Math.round((done / Math.max(total, 1)) * WIDTH);
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${unit.name}`,
      );
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
