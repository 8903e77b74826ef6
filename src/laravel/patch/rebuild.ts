import type { Finding } from '../../core/errors.js';
import { sortFindings } from '../build-document.js';
import type { FactsCache } from '../cache.js';
import { assemble } from '../document/assembly.js';
import type { OperationContext } from '../document/operation.js';
import { buildRoute } from '../document/reuse.js';
import { SecuritySchemes } from '../document/security.js';
import type { FileFacts } from '../facts/types.js';
import type { GenerateRun } from '../run.js';
import { ClassIndex } from '../project/classes.js';
import { pieceBytes, splice, type Range } from './pieces.js';
import {
  lazyTables,
  routeLines,
  Table,
  type LastRun,
  type StateFile,
  type StateRoute,
} from './state.js';

/** Bytes to put in place of a range of the last document. */
type Replacement = { range: Range; bytes: Buffer };

/**
 * The affected routes built again and written into the last document in place, with the
 * components they refer to; the state for the next run; the run's warnings. Undefined to give
 * up: an operation whose identity (method, path, operationId, tags) would change, components
 * added or dropped, places that do not match the text.
 */
export function rebuild(
  run: GenerateRun,
  last: LastRun,
  affected: readonly number[],
  facts: ReadonlyMap<string, FileFacts>,
): { last: LastRun; warnings: Finding[] } | undefined {
  const { state, text } = last;
  const ctx = contextOf(run, last, facts);
  const built = rebuildRoutes(last, affected, ctx);
  if (!built) return undefined;
  const { routes, refs, touched, replacements } = built;
  // The document's components must stay the same set: each still referred to by some route,
  // none new (a new one would need a place among the sorted others).
  if (refs.values.length !== state.refs.length) return undefined;
  if (new Set(routes.flatMap((r) => r.refs)).size !== state.refs.length) return undefined;
  for (const ref of touched) {
    const range = state.components[ref]!;
    const value = ctx.asm.components.stored(state.refs[ref]!)?.value;
    const replacement = replacementOf(text, range, value);
    if (replacement === false) return undefined;
    if (replacement) replacements.push(replacement);
  }
  const { bytes, place } = splice(text, replacements);
  const moved = replacements.length > 0;
  return {
    last: {
      state: {
        ...state,
        keys: built.keys.values,
        components: moved ? state.components.map(place) : state.components,
        routes: moved ? routes.map((route) => ({ ...route, at: placed(route.at, place) })) : routes,
      },
      routes: last.routes,
      tables: last.tables,
      text: bytes,
    },
    warnings: sortFindings([...state.otherWarnings, ...routes.flatMap((r) => r.warnings ?? [])]),
  };
}

/** What operations are written with, from the last run's globals and the classes as now. */
function contextOf(
  run: GenerateRun,
  last: LastRun,
  facts: ReadonlyMap<string, FileFacts>,
): OperationContext {
  const classes = lazyIndex(last.state.files, facts, run.cache);
  const tables = lazyTables(last.state, last.tables);
  const warnings: Finding[] = [];
  const { asm, resources } = assemble(last.state.globals, tables, classes, run.config, warnings);
  return { asm, resources, security: new SecuritySchemes(run.config.securitySchemes, asm) };
}

/** Each affected route built again: its operations' replacements and its new record. */
function rebuildRoutes(
  last: LastRun,
  affected: readonly number[],
  ctx: OperationContext,
):
  | {
      routes: StateRoute[];
      keys: Table;
      refs: Table;
      touched: Set<number>;
      replacements: Replacement[];
    }
  | undefined {
  const { state, text } = last;
  const lineOf = routeLines(last.routes);
  const keys = new Table(state.keys);
  const refs = new Table(state.refs);
  const routes = [...state.routes];
  const touched = new Set<number>();
  const replacements: Replacement[] = [];
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
      const replacement = replacementOf(text, range, operation);
      if (replacement === false) return undefined;
      if (replacement) replacements.push(replacement);
    }
    routes[at] = {
      deps: entry.deps.map(([key]) => keys.id(key)),
      refs: Object.keys(entry.components).map((ref) => refs.id(ref)),
      ...(entry.warnings.length > 0 ? { warnings: entry.warnings } : {}),
      at: before.at,
    };
    routes[at]!.refs.forEach((ref) => touched.add(ref));
  }
  return { routes, keys, refs, touched, replacements };
}

/**
 * The bytes a value is written as, to put in place of the range; none when they are the same
 * already; false when the range does not hold an object as a member's value (`"key": {…}`): a
 * state whose places do not match its text (a damaged file) is not used.
 */
function replacementOf(
  text: Buffer,
  range: Range,
  value: unknown,
): Replacement | undefined | false {
  const [start, end] = range;
  const isObject =
    end <= text.length &&
    text[start - 1] === SPACE &&
    text[start] === OPEN &&
    text[end - 1] === CLOSE;
  if (!isObject) return false;
  const bytes = pieceBytes(value);
  return bytes.equals(text.subarray(start, end)) ? undefined : { range, bytes };
}

const SPACE = 0x20;
const OPEN = 0x7b;
const CLOSE = 0x7d;

/** Start and end pairs moved to where the spliced text has them. */
function placed(at: readonly number[], place: (range: Range) => Range): number[] {
  const out: number[] = [];
  for (let i = 0; i < at.length; i += 2) out.push(...place([at[i]!, at[i + 1]!]));
  return out;
}

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
    if (!found) throw new Error(`no cached facts for ${rel}`);
    return found;
  };
  return ClassIndex.lazy(declared, load, hashes);
}
