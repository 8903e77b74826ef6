import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
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
): Promise<Map<string, unknown>> {
  const files = new Map<string, unknown>([[rootFile, root]]);
  const checks: { from: string; site: RefSite; target: Target }[] = [];
  for (const file of files.keys()) {
    // In the root, internal refs are left for lazy resolution; in other files every ref counts.
    const keep = file === rootFile ? isExternalRef : () => true;
    for (const site of collectRefs(files.get(file), keep)) {
      const target = refTarget(site, file, display);
      if (!files.has(target.file)) {
        files.set(target.file, await readRefFile(target.file, site, file, display));
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

const REMOTE_HINT = 'Download the referenced file next to the spec and use a relative path.';

async function readRefFile(
  file: string,
  site: RefSite,
  from: string,
  display: DisplayPath,
): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
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
