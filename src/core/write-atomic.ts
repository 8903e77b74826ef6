import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UserError } from './errors.js';

/**
 * Writes a file so that readers only ever see the old content or the new, never half of it:
 * the data goes to a temporary file beside the target (same directory, so same filesystem),
 * is flushed to disk, and is renamed over the target. Parent directories are created. On any
 * failure the temporary file is removed and a UserError names the target.
 */
export async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true });
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new UserError(`Cannot write ${file}: ${describe(code)}`);
  }
}

function describe(code: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ENOTDIR':
      return 'a parent path is not a directory';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'read-only file system';
    default:
      return code;
  }
}
