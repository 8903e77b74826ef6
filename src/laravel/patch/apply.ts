import type { Finding } from '../../core/errors.js';
import type { GenerateRun } from '../run.js';
import { projectFiles } from '../project/files.js';
import { appeared, changedFiles, readChanged } from './changes.js';
import { rebuild } from './rebuild.js';
import { listedHash, readState, setupOf, type LastRun } from './state.js';

/** More changed files than this: a full run costs about as much, and is simpler. */
const MAX_CHANGED = 32;

export interface Patched {
  /** The state, routes and text for the next run; `text` is the patched document. */
  last: LastRun;
  /** Facts analysed in this run (the rest came from the cache or were not needed). */
  analysed: number;
  /** Routes whose operations were built again. */
  rebuilt: number;
  /** No file changed: the state need not be written again. */
  unchanged: boolean;
  warnings: Finding[];
}

/**
 * `--incremental` without the whole assembly: when every file that changed since the last run
 * changed only in what the project-wide steps do not read (see `globalView`), the routes, the
 * models' tables and every other global result are those of the last run, and only the
 * operations that consulted a changed class can differ. Those are built again and written into
 * the last document's text in place; so are the components they refer to. Anything else (a
 * route file, a migration, a file added or removed, a parse error, an operation that would
 * change its operationId or tags, a component added or dropped) gives up: the caller then
 * makes the whole document, as before. The result is the same document either way, byte for
 * byte (test/integration/generate-patch.test.ts). The state is a cache: whatever goes wrong with
 * it (missing facts, a damaged file) makes the whole document, never a failed run.
 */
export function patchLastDocument(run: GenerateRun): Patched | undefined {
  try {
    return patch(run);
  } catch {
    return undefined;
  }
}

function patch(run: GenerateRun): Patched | undefined {
  const last = readState(run);
  if (!last || last.state.setup !== setupOf(run)) return undefined;
  const { state } = last;
  if (listedHash(projectFiles(run.dir, run.psr4)) !== state.listed) return undefined;
  const changed = changedFiles(run.dir, state.files);
  if (!changed || changed.length > MAX_CHANGED) return undefined;
  if (appeared(run, state)) return undefined;
  const read = readChanged(run, state, changed);
  if (!read) return undefined;
  const { files, facts, analysed } = read;
  const changedClasses = new Set(
    files.filter(([rel]) => facts.has(rel)).flatMap(([, , , , classes]) => classes),
  );
  const stale = state.keys.map((key) => changedClasses.has(key));
  const affected = state.routes.flatMap((route, i) =>
    route.deps.some((dep) => stale[dep]) ? [i] : [],
  );
  const patched = rebuild(run, { ...last, state: { ...state, files } }, affected, facts);
  if (!patched) return undefined;
  return { ...patched, analysed, rebuilt: affected.length, unchanged: changed.length === 0 };
}
