import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.js';
import { decodePointer, isRef } from '../refs.js';
import { parseSpecText } from './parse.js';
import { collectRefs, isExternalRef, type RefSite } from './walk.js';

/** Turns an absolute path into what the user would recognise: relative to the spec they gave. */
export type DisplayPath = (absolute: string) => string;

interface Target {
  file: string;
  fragment: string;
}

/**
 * Reads and parses every file reachable through external refs, and checks each ref lands on
 * something, before the ref parser runs: its own errors name the missing file but not the ref
 * or the file that holds it, and a user needs both to fix a typo.
 */
export async function loadExternalFiles(
  root: unknown,
  rootFile: string,
  display: DisplayPath,
  /** Files may only be read under this folder (the spec's), symbolic links followed. */
  confineTo?: string,
): Promise<Map<string, unknown>> {
  const within = confineTo === undefined ? undefined : await realpath(confineTo);
  const files = new Map<string, unknown>([[rootFile, root]]);
  const checks: { from: string; site: RefSite; target: Target }[] = [];
  for (const file of files.keys()) {
    // In the root, internal refs are left for lazy resolution; in other files every ref counts.
    const keep = file === rootFile ? isExternalRef : () => true;
    for (const site of collectRefs(files.get(file), keep)) {
      const target = refTarget(site, file, display);
      if (!files.has(target.file)) {
        files.set(target.file, await readRefFile(target.file, site, file, display, within));
      }
      checks.push({ from: file, site, target });
    }
  }
  for (const { from, site, target } of checks) {
    if (!pointerExists(files.get(target.file), target.fragment)) {
      const reason = `${display(target.file)} has no ${target.fragment}`;
      throw unresolvable(site, from, display, reason);
    }
  }
  return files;
}

function refTarget(site: RefSite, from: string, display: DisplayPath): Target {
  const hash = site.ref.indexOf('#');
  const location = hash === -1 ? site.ref : site.ref.slice(0, hash);
  const fragment = hash === -1 ? '' : site.ref.slice(hash);
  if (location === '') return { file: from, fragment };
  if (location.startsWith('file:')) return { file: fileURLToPath(location), fragment };
  // Two letters at least, so that a Windows drive (`C:\specs\a.yaml`) is not a URL scheme.
  if (/^[a-z][a-z0-9+.-]+:/i.test(location)) {
    throw unresolvable(site, from, display, 'remote refs are not supported', REMOTE_HINT);
  }
  return { file: resolve(dirname(from), safeDecode(location)), fragment };
}

/** A file a `$ref` names is read whole: past this it is refused. */
const MAX_REF_FILE = 64 * 1024 * 1024;

const REMOTE_HINT = 'Download the referenced file next to the spec and use a relative path.';

async function readRefFile(
  file: string,
  site: RefSite,
  from: string,
  display: DisplayPath,
  within: string | undefined,
): Promise<unknown> {
  let text: string;
  try {
    // A FIFO, a device or a socket would block the read, or never end: regular files only.
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    if (!info.isFile()) {
      throw unresolvable(site, from, display, `${display(file)} is not a regular file`);
    }
    if (info.size > MAX_REF_FILE) {
      throw unresolvable(site, from, display, `${display(file)} is larger than 64 MiB`);
    }
    if (within !== undefined) {
      const real = await realpath(file);
      if (real !== within && !real.startsWith(within + sep)) {
        throw unresolvable(
          site,
          from,
          display,
          `${display(file)} is outside the spec's folder`,
          'Move the file under the folder of the spec, or pass --allow-ref-outside to read files anywhere.',
        );
      }
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof UserError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' || code === 'EISDIR' ? 'not found' : `not readable (${code})`;
    throw unresolvable(site, from, display, `${display(file)} ${reason}`);
  }
  return parseSpecText(text, display(file));
}

function unresolvable(
  site: RefSite,
  from: string,
  display: DisplayPath,
  reason: string,
  hint?: string,
): UserError {
  const message = `${display(from)}: cannot resolve $ref "${site.ref}" at ${site.pointer}: ${reason}`;
  return new UserError(message, hint);
}

function pointerExists(doc: unknown, fragment: string): boolean {
  // Plain-name fragments (`#User`, 3.1 `$anchor`s) are the ref parser's business, not ours.
  if (fragment !== '' && fragment !== '#' && !fragment.startsWith('#/')) return true;
  let node = doc;
  for (const segment of decodePointer(fragment)) {
    // A pointer may run through another ref; following it is the ref parser's job.
    if (isRef(node)) return true;
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}

function safeDecode(location: string): string {
  try {
    return decodeURIComponent(location);
  } catch {
    return location;
  }
}
