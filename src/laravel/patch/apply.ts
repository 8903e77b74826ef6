import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../../core/errors.js';
import { sortFindings } from '../build-document.js';
import { contentHash, type FactsCache } from '../cache.js';
import { assemble } from '../document/assembly.js';
import { buildRoute } from '../document/reuse.js';
import { SecuritySchemes } from '../document/security.js';
import { analyseFile } from '../facts/analyse-file.js';
import type { FileFacts } from '../facts/types.js';
import { classFileCandidates } from '../php/psr4.js';
import { ClassIndex } from '../project/classes.js';
import { projectFiles } from '../project/files.js';
import { globalView } from '../project/view.js';
import { pieceBytes, splice, type Range } from './pieces.js';
import {
  lazyTables,
  listedHash,
  readState,
  routeLines,
  setupOf,
  type LastRun,
  type PatchState,
  type StateFile,
  type StateRoute,
} from './state.js';
import type { GenerateRun } from '../generate.js';

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

/** Files whose size or time changed, with their new size and time; none if one is gone. */
function changedFiles(
  dir: string,
  files: readonly StateFile[],
): { at: number; size: number; mtimeMs: number }[] | undefined {
  const out: { at: number; size: number; mtimeMs: number }[] = [];
  for (const [at, [rel, size, mtimeMs]] of files.entries()) {
    const stat = statSync(path.join(dir, rel), { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    if (stat.size !== size || stat.mtimeMs !== mtimeMs)
      out.push({ at, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  return out;
}

/** Whether a file now exists for a class the code refers to and nothing declared. */
function appeared(run: GenerateRun, state: PatchState): boolean {
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
function readChanged(
  run: GenerateRun,
  state: PatchState,
  changed: readonly { at: number; size: number; mtimeMs: number }[],
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

/** The affected routes built again and written into the text; undefined to give up. */
function rebuild(
  run: GenerateRun,
  last: LastRun,
  affected: readonly number[],
  facts: ReadonlyMap<string, FileFacts>,
): Pick<Patched, 'last' | 'warnings'> | undefined {
  const { state, text } = last;
  const lineOf = routeLines(last.routes);
  const classes = lazyIndex(state.files, facts, run.cache);
  const warnings: Finding[] = [];
  const tables = lazyTables(state, last.tables);
  const { asm, resources } = assemble(state.globals, tables, classes, run.config, warnings);
  const ctx = { asm, resources, security: new SecuritySchemes(run.config.securitySchemes) };
  const keys = new Indexed(state.keys);
  const refs = new Indexed(state.refs);
  const routes = [...state.routes];
  const replacements: { range: Range; bytes: Buffer }[] = [];
  const touched = new Set<number>();
  for (const at of affected) {
    const before = routes[at]!;
    const [route, lines] = lineOf(at);
    const entry = buildRoute(route, ctx);
    if (entry.ops.length !== lines.length) return undefined;
    for (const [i, op] of entry.ops.entries()) {
      const [method, opPath, builtId, writtenId, tags] = lines[i]!;
      const id = op.operation.operationId ?? null;
      const sameTags = JSON.stringify(op.operation.tags ?? null) === tags;
      if (op.method !== method || op.path !== opPath || id !== builtId || !sameTags)
        return undefined;
      const operation =
        writtenId === builtId ? op.operation : { ...op.operation, operationId: writtenId! };
      const range: Range = [before.at[2 * i]!, before.at[2 * i + 1]!];
      if (!isObjectAt(text, range)) return undefined;
      const written = pieceBytes(operation);
      if (!written.equals(text.subarray(range[0], range[1])))
        replacements.push({ range, bytes: written });
    }
    const rebuilt: StateRoute = {
      deps: entry.deps.map(([key]) => keys.id(key)),
      refs: Object.keys(entry.components).map((ref) => refs.id(ref)),
      ...(entry.warnings.length > 0 ? { warnings: entry.warnings } : {}),
      at: before.at,
    };
    rebuilt.refs.forEach((ref) => touched.add(ref));
    routes[at] = rebuilt;
  }
  // The document's components must stay the same set: each still referred to by some route,
  // none new (a new one would need a place among the sorted others).
  if (refs.values.length !== state.refs.length) return undefined;
  const used = new Set(routes.flatMap((r) => r.refs));
  if (used.size !== state.refs.length) return undefined;
  for (const ref of touched) {
    const value = asm.components.stored(state.refs[ref]!)?.value;
    const range = state.components[ref]!;
    if (!isObjectAt(text, range)) return undefined;
    const written = pieceBytes(value);
    if (!written.equals(text.subarray(range[0], range[1])))
      replacements.push({ range, bytes: written });
  }
  const { bytes: patched, place } = splice(text, replacements);
  const moved = replacements.length > 0;
  for (const [i, route] of routes.entries()) {
    if (!moved) break;
    const at: number[] = [];
    for (let j = 0; j < route.at.length; j += 2)
      at.push(...place([route.at[j]!, route.at[j + 1]!]));
    routes[i] = { ...route, at };
  }
  return {
    last: {
      state: {
        ...state,
        keys: keys.values,
        components: moved ? state.components.map(place) : state.components,
        routes,
      },
      routes: last.routes,
      tables: last.tables,
      text: patched,
    },
    warnings: sortFindings([...state.otherWarnings, ...routes.flatMap((r) => r.warnings ?? [])]),
  };
}

/**
 * Whether the range holds an object as a member's value (`"key": {…}`): a state whose places
 * do not match its text (a damaged file) is not used.
 */
function isObjectAt(text: Buffer, [start, end]: Range): boolean {
  return (
    end <= text.length &&
    text[start - 1] === SPACE &&
    text[start] === OPEN &&
    text[end - 1] === CLOSE
  );
}

const SPACE = 0x20;
const OPEN = 0x7b;
const CLOSE = 0x7d;

/** The project's classes as the state lists them, each file's facts loaded on first lookup. */
function lazyIndex(
  files: readonly StateFile[],
  facts: ReadonlyMap<string, FileFacts>,
  cache: FactsCache,
): ClassIndex {
  const hashes = new Map(files.map(([rel, , , hash]) => [rel, hash]));
  const declared = new Map(files.map(([rel, , , , classes]) => [rel, classes]));
  const load = (rel: string): FileFacts => {
    const found = facts.get(rel) ?? cache.get(hashes.get(rel)!);
    // The last run cached every file it read; a cache emptied since is a full run's job.
    if (!found) throw new MissingFacts(rel);
    return found;
  };
  return ClassIndex.lazy(declared, load, hashes);
}

class MissingFacts extends Error {
  constructor(readonly file: string) {
    super(`no cached facts for ${file}`);
  }
}

/** A table of strings that grows, keeping the ids it had. */
class Indexed {
  readonly values: string[];
  private readonly ids: Map<string, number>;

  constructor(values: readonly string[]) {
    this.values = [...values];
    this.ids = new Map(values.map((v, i) => [v, i]));
  }

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.values.push(value) - 1));
    return id;
  }
}
