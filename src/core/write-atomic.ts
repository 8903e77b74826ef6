import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  fsyncSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from './errors.js';

/**
 * What a write takes: text, bytes, or parts written in turn (a large file built in pieces; a
 * generator's parts are made as they are written, so that the whole is never in memory).
 */
export type FileContent = string | Uint8Array | Iterable<string | Uint8Array>;

export interface WriteOptions {
  /**
   * Remove the old file before renaming the new one into place (readers may then see no file
   * for a moment, a cache miss), instead of renaming over it. For caches: ext4 allocates and
   * starts writing a file renamed over another at once (`auto_da_alloc`). Default false.
   */
  removeFirst?: boolean;
  /** Flush to disk before the rename, so a crash leaves the old or the new file. Default true. */
  sync?: boolean;
}

/** The temporary file beside the target: same directory, so the same filesystem for the rename. */
function tempFor(file: string): string {
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  return join(dirname(file), `.${basename(file)}.${suffix}.tmp`);
}

/** Paths of the system's devices and processes (`/dev/stdout`, `/proc/self/fd/1`): never renamed over. */
const SPECIAL = /^\/(dev|proc)\//;

/**
 * Where a write goes: a path that is not a regular file (a terminal, a pipe, `/dev/stdout`) is
 * written in place, there being nothing to rename over; a symbolic link to a file is followed,
 * so the new file is renamed over the file it names and the link stays.
 */
function destination(file: string): { path: string; inPlace: boolean } {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return { path: file, inPlace: false };
  if (!stat.isFile() || SPECIAL.test(resolve(file))) return { path: file, inPlace: true };
  return { path: lstatSync(file).isSymbolicLink() ? realpathSync(file) : file, inPlace: false };
}

/** The process's own descriptors by name: written as they are (a socket cannot be opened again). */
const OWN_DESCRIPTOR = /^\/(?:dev\/(?:fd\/(\d+)|(stdout)|(stderr))|proc\/self\/fd\/(\d+))$/;

/**
 * Whether writing `file` writes this process's standard output (`/dev/stdout`, the pipe or
 * file stdout is): then what a command says about the write belongs on stderr.
 */
export function isStdout(file: string): boolean {
  if (descriptorOf(file) === 1) return true;
  try {
    const [target, stdout] = [statSync(file, { throwIfNoEntry: false }), fstatSync(1)];
    return !!target && target.dev === stdout.dev && target.ino === stdout.ino;
  } catch {
    return false;
  }
}

function descriptorOf(file: string): number | undefined {
  const m = OWN_DESCRIPTOR.exec(resolve(file));
  if (!m) return undefined;
  return m[2] ? 1 : m[3] ? 2 : Number(m[1] ?? m[4]);
}

/**
 * Writes to a device or a pipe as it is (the process's own stdout through its descriptor). A
 * reader that closed the pipe (`| head -3`) has all it wanted: the rest is not written, and
 * that is no error.
 */
function writeInPlace(file: string, content: FileContent): void {
  const own = descriptorOf(file);
  const fd = own ?? openSync(file, 'w');
  try {
    for (const part of parts(content)) {
      const bytes = typeof part === 'string' ? Buffer.from(part) : part;
      for (let at = 0; at < bytes.length;) at += writeWaiting(fd, bytes, at);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
  } finally {
    if (own === undefined) closeSync(fd);
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** `writeSync`, waiting a moment while a non-blocking pipe is full (EAGAIN) instead of failing. */
function writeWaiting(fd: number, bytes: Uint8Array, at: number): number {
  for (;;) {
    try {
      return writeSync(fd, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 5);
    }
  }
}

/**
 * Writes a file so that readers only ever see the old content or the new, never half of it:
 * the data goes to a temporary file beside the target, is flushed to disk, and is renamed over
 * the target (through a symbolic link, over the file it names). Parent directories are created.
 * A device or a pipe (`/dev/stdout`) is written in place. On any failure the temporary file is
 * removed and a one-line UserError names the target and what to do.
 */
export async function writeFileAtomic(given: string, content: FileContent): Promise<void> {
  let file = given;
  try {
    const target = destination(given);
    if (target.inPlace) return writeInPlace(given, content);
    file = target.path;
  } catch (error) {
    throw writeError(given, error);
  }
  const temp = tempFor(file);
  try {
    await mkdir(dirname(file), { recursive: true }).catch(parentInTheWay);
    const handle = await open(temp, 'wx');
    try {
      for (const part of parts(content)) await handle.writeFile(part);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw writeError(given, error);
  }
}

/** `writeFileAtomic`, synchronously: for callers that cannot wait (caches, the watcher). */
export function writeFileAtomicSync(
  given: string,
  content: FileContent,
  options: WriteOptions = {},
): void {
  let file = given;
  try {
    const target = destination(given);
    if (target.inPlace) return writeInPlace(given, content);
    file = target.path;
  } catch (error) {
    throw writeError(given, error);
  }
  const temp = tempFor(file);
  try {
    try {
      mkdirSync(dirname(file), { recursive: true });
    } catch (error) {
      parentInTheWay(error);
    }
    const fd = openSync(temp, 'wx');
    try {
      for (const part of parts(content)) {
        const bytes = typeof part === 'string' ? Buffer.from(part) : part;
        for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
      }
      if (options.sync !== false) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (options.removeFirst) rmSync(file, { force: true });
    renameSync(temp, file);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The temporary file could not be removed either: the error below says why.
    }
    throw writeError(given, error);
  }
}

/** `mkdir -p` through a regular file says EEXIST: what the user needs to hear is ENOTDIR. */
function parentInTheWay(error: unknown): never {
  if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw codeError('ENOTDIR');
  throw error;
}

function parts(content: FileContent): Iterable<string | Uint8Array> {
  return typeof content === 'string' || content instanceof Uint8Array ? [content] : content;
}

/**
 * A failed write as a UserError: `Cannot write <file>: <reason>.` and what to do. An error
 * without a system code (a bug) is passed on as it is.
 */
export function writeError(file: string, error: unknown): Error {
  if (error instanceof UserError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return error instanceof Error ? error : new Error(String(error));
  return new WriteError(file, code);
}

/** A write that failed for a reason the user can fix; `code` is the system's (`ENOTDIR`). */
export class WriteError extends UserError {
  constructor(
    readonly file: string,
    readonly code: string,
  ) {
    super(`Cannot write ${file}: ${describeCode(code)}`, hintFor(code));
  }
}

/** A system error code in words (`ENOTDIR` → "a parent path is not a directory"). */
export function describeCode(code: string): string {
  return REASONS[code] ?? code;
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a parent path is not a directory',
  ENOENT: 'a parent directory does not exist',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  ENAMETOOLONG: 'the path is too long',
  EMFILE: 'too many open files',
  EEXIST: 'a file of the same name is in the way',
};

function hintFor(code: string): string {
  switch (code) {
    case 'EISDIR':
      return 'Name a file, not a directory.';
    case 'ENOTDIR':
    case 'ENOENT':
      return 'Name a path whose parents are directories (or do not exist yet).';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'Free some space, or write somewhere else.';
    default:
      return 'Check that the directory is writable, or write somewhere else.';
  }
}

/**
 * Checks before the work starts that `file` (as `given` on the command line, for `flag`) can be
 * written: it is not a directory (a usage error, exit 2), and its nearest existing parent is a
 * writable directory (a one-line UserError). The write itself still reports what this misses.
 */
export function checkWritable(given: string, file: string, flag = '--output'): void {
  const target = resolve(file);
  const stat = statOrCode(target);
  if (typeof stat !== 'string' && stat?.isDirectory())
    throw new UserError(
      `Invalid value for ${flag}: "${given}" is a directory. Name a file.`,
      undefined,
      2,
    );
  if (typeof stat === 'string') throw writeError(target, codeError(stat));
  let where: ReturnType<typeof destination>;
  try {
    where = destination(target);
    // A device or a pipe is written in place: only it must be writable.
    if (where.inPlace) return accessSync(target, constants.W_OK);
  } catch (error) {
    throw writeError(target, error);
  }
  let dir = dirname(where.path);
  for (;;) {
    const parent = statOrCode(dir);
    if (typeof parent === 'string') throw writeError(target, codeError(parent));
    if (parent !== undefined) {
      if (!parent.isDirectory()) throw writeError(target, codeError('ENOTDIR'));
      try {
        accessSync(dir, constants.W_OK | constants.X_OK);
      } catch (error) {
        throw writeError(target, error);
      }
      return;
    }
    if (dirname(dir) === dir) return;
    dir = dirname(dir);
  }
}

function statOrCode(file: string): ReturnType<typeof statSync> | string | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'EIO';
  }
}

function codeError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), { code });
}
