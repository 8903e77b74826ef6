import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../../src/cli/progress.js';

/** A stream that says it is a terminal, or not, and keeps what was written. */
function stream(isTTY: boolean) {
  const out = Object.assign(new PassThrough(), { isTTY }) as unknown as NodeJS.WriteStream & {
    read(): Buffer | null;
  };
  return out;
}

/** What `done()` writes: back to the line's start, and erase it. */
const ERASE = '\r\u001b[2K';

describe('createProgress', () => {
  it.each([
    [
      'files, past 200 on a terminal',
      true,
      undefined,
      300,
      `\rAnalysing [${'#'.repeat(15)}${'-'.repeat(15)}] 150/300 files${ERASE}`,
    ],
    [
      'checks, from 1 on (verify)',
      true,
      { name: 'checks', min: 1 },
      4,
      `\rVerifying [${'#'.repeat(15)}${'-'.repeat(15)}] 2/4 checks${ERASE}`,
    ],
    ['too few to draw', true, undefined, 10, null],
    ['not a terminal', false, { name: 'checks', min: 1 }, 4, null],
  ])('%s', (_name, tty, unit, total, want) => {
    const out = stream(tty);
    const progress = createProgress(out, unit ? 'Verifying' : 'Analysing', unit);
    progress.update(total / 2, total);
    progress.done();
    const written = out.read()?.toString() ?? null;
    if (want === null) expect(written).toBeNull();
    else expect(written).toBe(want);
  });
});
