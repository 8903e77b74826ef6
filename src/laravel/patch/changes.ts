import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../hash.js';
import { analyseFile } from '../facts/analyse-file.js';
import type { FileFacts } from '../facts/types.js';
import type { GenerateRun } from '../run.js';
import { classFileCandidates } from '../php/psr4.js';
import { globalView } from '../project/view.js';
import type { PatchState, StateFile } from './state.js';

/** A file whose size or modification time is not what the last run read. */
export interface ChangedFile {
  /** Its index in `state.files`. */
  at: number;
  size: number;
  mtimeMs: number;
}

/** Files whose size or time changed, with their new size and time; none if one is gone. */
export function changedFiles(dir: string, files: readonly StateFile[]): ChangedFile[] | undefined {
  const out: ChangedFile[] = [];
  for (const [at, [rel, size, mtimeMs]] of files.entries()) {
    const stat = statSync(path.join(dir, rel), { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    if (stat.size !== size || stat.mtimeMs !== mtimeMs)
      out.push({ at, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return out;
}

/** Whether a file now exists for a class the code refers to and nothing declared. */
export function appeared(run: GenerateRun, state: PatchState): boolean {
  const known = new Set(state.files.map(([rel]) => rel));
  return state.unresolved.some((name) =>
    classFileCandidates(run.psr4, name).some(
      (rel) => !known.has(rel) && existsSync(path.join(run.dir, rel)),
    ),
  );
}

/**
 * The changed files' new facts, when each one's global view (and what PSR-4 discovery reads)
 * is as it was; the state's file list with their new sizes, times and hashes.
 */
export function readChanged(
  run: GenerateRun,
  state: PatchState,
  changed: readonly ChangedFile[],
): { files: StateFile[]; facts: Map<string, FileFacts>; analysed: number } | undefined {
  const files = [...state.files];
  const facts = new Map<string, FileFacts>();
  const declared = declaredClasses(state);
  let analysed = 0;
  for (const { at, size, mtimeMs } of changed) {
    const [rel, , , hash, classes] = files[at]!;
    const content = readFileSync(path.join(run.dir, rel), 'utf8');
    const now = contentHash(content);
    files[at] = [rel, size, mtimeMs, now, classes];
    if (now === hash) continue;
    const before = run.cache.get(hash);
    let after = run.cache.get(now);
    if (!after) {
      after = run.cache.put(now, analyseFile(content, rel));
      analysed += 1;
    }
    if (!before || before.error || after.error) return undefined;
    if (JSON.stringify(globalView(before)) !== JSON.stringify(globalView(after))) return undefined;
    if (discoveryOf(before, declared) !== discoveryOf(after, declared)) return undefined;
    facts.set(rel, after);
  }
  return { files, facts, analysed };
}

/** Every class name the files declare, and those declared by files found through PSR-4. */
function declaredClasses(state: PatchState): { all: Set<string>; discovered: Set<string> } {
  const found = new Set(state.discovered);
  const all = new Set<string>();
  const discovered = new Set<string>();
  for (const [rel, , , , classes] of state.files) {
    for (const name of classes) all.add(name);
    if (found.has(rel)) for (const name of classes) discovered.add(name);
  }
  return { all, discovered };
}

/**
 * What a file's references tell PSR-4 discovery: the names it refers to that no file declares,
 * or that a file found through discovery declares. Equal before and after an edit, discovery
 * finds the same files.
 */
function discoveryOf(
  facts: FileFacts,
  declared: { all: ReadonlySet<string>; discovered: ReadonlySet<string> },
): string {
  const { all, discovered } = declared;
  return JSON.stringify(
    (facts.references ?? []).filter((name) => !all.has(name) || discovered.has(name)).sort(),
  );
}
