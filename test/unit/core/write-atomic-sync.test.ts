import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import {
  checkWritable,
  WriteError,
  writeError,
  writeFileAtomic,
  writeFileAtomicSync,
} from '../../../src/core/write-atomic.js';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'apidoc-atomic-sync-'));

describe('writeFileAtomicSync', () => {
  it.each([
    ['text', 'a\n', {}],
    ['parts written in turn', ['a', Buffer.from('\n')], {}],
    ['over an old file, removed first', 'a\n', { removeFirst: true }],
    ['without a flush', 'a\n', { sync: false }],
  ] as const)('%s: the content, no temporary file left', (_name, content, options) => {
    const dir = tmp();
    const file = path.join(dir, 'out.json');
    writeFileSync(file, 'old');
    writeFileAtomicSync(file, content, options);
    expect(readFileSync(file, 'utf8')).toBe('a\n');
    expect(readdirSync(dir)).toEqual(['out.json']);
  });

  it.each([
    ['a parent that is a file', (dir: string) => path.join(dir, 'file', 'out.json'), 'ENOTDIR'],
    ['a target that is a directory', (dir: string) => path.join(dir, 'sub'), 'EISDIR'],
  ])('%s: one WriteError naming the path, nothing left', (_name, target, code) => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'file'), 'x');
    mkdirSync(path.join(dir, 'sub'));
    const file = target(dir);
    let error: unknown;
    try {
      writeFileAtomicSync(file, 'x');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WriteError);
    expect((error as WriteError).code).toBe(code);
    expect((error as WriteError).message).toBe(
      `Cannot write ${file}: ${code === 'ENOTDIR' ? 'a parent path is not a directory' : 'it is a directory'}`,
    );
    expect((error as WriteError).message).not.toContain('\n');
    expect(readdirSync(dir).sort()).toEqual(['file', 'sub']);
  });
});

describe('where a write goes', () => {
  it.each([
    ['sync', (file: string, text: string) => Promise.resolve(writeFileAtomicSync(file, text))],
    ['async', (file: string, text: string) => writeFileAtomic(file, text)],
  ])(
    '%s: through a symbolic link, the file it names is replaced and the link stays',
    async (_name, write) => {
      const dir = tmp();
      writeFileSync(path.join(dir, 'real.json'), 'old');
      symlinkSync('real.json', path.join(dir, 'link.json'));
      await write(path.join(dir, 'link.json'), 'new');
      expect(lstatSync(path.join(dir, 'link.json')).isSymbolicLink()).toBe(true);
      expect(readFileSync(path.join(dir, 'real.json'), 'utf8')).toBe('new');
      expect(readdirSync(dir).sort()).toEqual(['link.json', 'real.json']);
    },
  );

  it.each([
    ['sync', (file: string, text: string) => Promise.resolve(writeFileAtomicSync(file, text))],
    ['async', (file: string, text: string) => writeFileAtomic(file, text)],
  ])('%s: a device (/dev/null) is written in place, never renamed over', async (_name, write) => {
    await write('/dev/null', 'x');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(() => checkWritable('/dev/null', '/dev/null')).not.toThrow();
  });
});

describe('writeError', () => {
  it.each([
    ['EACCES', 'permission denied'],
    ['EROFS', 'read-only file system'],
    ['ENOSPC', 'no space left on the device'],
    ['ENOTDIR', 'a parent path is not a directory'],
    ['EISDIR', 'it is a directory'],
    ['EWHATEVER', 'EWHATEVER'],
  ])('%s: "%s", with what to do', (code, reason) => {
    const error = writeError('/x/out.json', Object.assign(new Error('raw'), { code }));
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe(`Cannot write /x/out.json: ${reason}`);
    expect((error as UserError).hint).toMatch(/\.$/);
  });

  it('an error without a system code is a bug, passed on', () => {
    const bug = new TypeError('bug');
    expect(writeError('/x', bug)).toBe(bug);
  });
});

describe('checkWritable', () => {
  it.each([
    ['a new file in a new directory', 'new/dir/out.json', undefined],
    ['an existing file', 'file', undefined],
    ['a directory', 'sub', /^Invalid value for --output: "sub" is a directory\. Name a file\.$/],
    ['below a file', 'file/out.json', /^Cannot write .*file\/out\.json: a parent path is not/],
    ['deep below a file', 'file/a/b/out.json', /a parent path is not a directory$/],
  ])('%s', (_name, given, want) => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'file'), 'x');
    mkdirSync(path.join(dir, 'sub'));
    const check = () => checkWritable(given, path.join(dir, given));
    if (want === undefined) expect(check).not.toThrow();
    else expect(check).toThrow(want);
  });

  it('a directory is a usage error (exit 2), a parent problem a runtime one (exit 1)', () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'file'), 'x');
    const code = (given: string) => {
      try {
        checkWritable(given, path.join(dir, given), '--json');
      } catch (e) {
        return (e as UserError).exitCode;
      }
      return 0;
    };
    expect([code('.'), code('file/x')]).toEqual([2, 1]);
  });
});
