import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { writeFileAtomic } from '../../../src/core/write-atomic.js';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'apidoc-atomic-'));

describe('writeFileAtomic', () => {
  it.each([
    ['a new file', (dir: string) => path.join(dir, 'out.json')],
    [
      'over an existing file',
      (dir: string) => {
        writeFileSync(path.join(dir, 'out.json'), 'old');
        return path.join(dir, 'out.json');
      },
    ],
    ['in directories it creates', (dir: string) => path.join(dir, 'a/b/out.json')],
  ])('%s: the new content, and no temporary file left', async (_name, target) => {
    const dir = tmp();
    const file = target(dir);
    await writeFileAtomic(file, '{"new":true}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"new":true}\n');
    expect(readdirSync(path.dirname(file))).toEqual(['out.json']);
  });

  it('a target that is a directory: a UserError naming it, nothing left behind', async () => {
    const dir = tmp();
    mkdirSync(path.join(dir, 'out.json'));
    const error = await writeFileAtomic(path.join(dir, 'out.json'), 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toMatch(/^Cannot write .*out\.json: /);
    expect(readdirSync(dir)).toEqual(['out.json']);
  });

  it.skipIf(process.getuid?.() === 0)(
    'a read-only directory: permission denied, the old file intact',
    async () => {
      const dir = tmp();
      writeFileSync(path.join(dir, 'out.json'), 'old');
      chmodSync(dir, 0o500);
      try {
        await expect(writeFileAtomic(path.join(dir, 'out.json'), 'new')).rejects.toThrow(
          /permission denied/,
        );
        expect(readFileSync(path.join(dir, 'out.json'), 'utf8')).toBe('old');
      } finally {
        chmodSync(dir, 0o700);
      }
    },
  );
});
