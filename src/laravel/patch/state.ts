import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../../core/errors.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { Patchable } from '../build-document.js';
import { contentHash } from '../hash.js';
import { NAMESPACE, tryWrite } from '../cache.js';
import type { Globals } from '../document/assembly.js';
import type { GenerateRun } from '../run.js';
import type { Column } from '../models/columns.js';
import type { TableLookup } from '../models/tables.js';
import { classFileCandidates } from '../php/psr4.js';
import type { BuiltOperation } from '../document/operation.js';
import type { LoadedProject } from '../project/load.js';
import type { Route } from '../routes/types.js';
import { locatePieces, operationKey, type Range } from './pieces.js';

/** Bump when what the state holds, or how a patched run reads it, changes. */
const STATE_VERSION = 2;
/** Security schemes follow from the routes' middleware alone: no route refers to them. */
export const SECURITY = '#/components/securitySchemes/';

/**
 * What a run leaves for the next `--incremental` run to patch its document instead of making
 * it again (`patch/apply.ts`): the files it read, the project-wide results, and for every
 * route where its operations are in the document's text and what they were built from. What a
 * patched run changes is in this object, written as a line of JSON; what it never changes
 * (each route's JSON, the migrations' tables, the document's text but for the patched pieces)
 * follows as bytes, parsed only where needed.
 */
export interface PatchState {
  version: number;
  /** The configuration, PSR-4 roots and route patterns the document was made with. */
  setup: string;
  /** A hash of the files listed up front: a file added or removed is seen by a full run. */
  listed: string;
  files: StateFile[];
  /** The files PSR-4 discovery found (read because something refers to a class in them). */
  discovered: string[];
  /**
   * Names the code refers to that no file declares but that PSR-4 could place: a file that
   * appears for one would join the project.
   */
  unresolved: string[];
  /** The project-wide results but the tables, which are bytes: table → its range there. */
  globals: Omit<Globals, 'tables'>;
  tables: Record<string, Range>;
  /** The keys routes consulted (class names, `short:…`, `*`), referred to by index. */
  keys: string[];
  /** Component `$ref`s, referred to by index, and where each is in the text. */
  refs: string[];
  components: Range[];
  routes: StateRoute[];
  otherWarnings: Finding[];
  operations: number;
  schemas: number;
  /** Lengths of the byte sections after the state's line: routes, tables, the document. */
  sections: [routes: number, tables: number, text: number];
}

/** A file read: its path, size, modification time, content hash, and the classes it declares. */
export type StateFile = [
  rel: string,
  size: number,
  mtimeMs: number,
  hash: string,
  classes: string[],
];

export interface StateRoute {
  deps: number[];
  refs: number[];
  warnings?: Finding[];
  /** Where its operations are in the text: start and end of each, one after the other. */
  at: number[];
}

/**
 * A route as its line holds it: the route (built again from it when a class it consulted
 * changes) and its operations' method, path, operationId as built and as written (made
 * unique), tags as JSON. A patched operation must keep all but the place, so that nothing
 * else in the document changes.
 */
export type RouteLine = [route: Route, ops: OperationLine[]];
export type OperationLine = [
  method: string,
  path: string,
  builtId: string | null,
  writtenId: string | null,
  tags: string,
];

/** What a patched run reads of the last run, and writes for the next (bytes: UTF-8). */
export interface LastRun {
  state: PatchState;
  /** A `RouteLine` of JSON for each route, in the order of `state.routes`. */
  routes: Buffer;
  /** The tables' columns, each a JSON array (see `state.tables`). */
  tables: Buffer;
  /** The document. */
  text: Buffer;
}

/** Where the state of runs with these route patterns lives. */
export function stateFile(run: GenerateRun): string {
  const key = contentHash(JSON.stringify(run.patterns)).slice(0, 16);
  return path.join(run.config.cacheDir, NAMESPACE, 'patch', `${key}.txt`);
}

export function setupOf(run: GenerateRun): string {
  return JSON.stringify({ config: run.config, psr4: run.psr4, patterns: run.patterns });
}

export function listedHash(listed: readonly string[]): string {
  return contentHash(listed.join('\n'));
}

/** The last run's state, sections and document, if there is a usable one. */
export function readState(run: GenerateRun): LastRun | undefined {
  let content: Buffer;
  try {
    content = readFileSync(stateFile(run));
  } catch {
    return undefined;
  }
  // Only the state's line is decoded: the rest stays bytes, spliced and written as it is.
  const newline = content.indexOf(0x0a);
  try {
    const state = JSON.parse(content.toString('utf8', 0, newline)) as PatchState;
    if (state.version !== STATE_VERSION) return undefined;
    const [routes, tables, text] = state.sections;
    const at = newline + 1;
    if (content.length !== at + routes + tables + text) return undefined;
    return {
      state,
      routes: content.subarray(at, at + routes),
      tables: content.subarray(at + routes, at + routes + tables),
      text: content.subarray(at + routes + tables),
    };
  } catch {
    return undefined;
  }
}

/** Each route's line, parsed: only the routes a patched run builds again are asked for. */
export function routeLines(routes: Buffer): (at: number) => RouteLine {
  const lines = routes.toString('utf8').split('\n');
  return (at) => JSON.parse(lines[at]!) as RouteLine;
}

/** The tables of the last run, each parsed when a model first reads it. */
export function lazyTables(state: PatchState, bytes: Buffer): TableLookup {
  const parsed = new Map<string, ReadonlyMap<string, Column>>();
  return {
    get(table) {
      let columns = parsed.get(table);
      const range = state.tables[table];
      if (!columns && range) {
        const list = JSON.parse(bytes.toString('utf8', range[0], range[1])) as Column[];
        parsed.set(table, (columns = new Map(list.map((c) => [c.name, c]))));
      }
      return columns;
    },
  };
}

/** Removes the state of an earlier run: this run's document cannot be patched. */
export function dropState(run: GenerateRun): void {
  rmSync(stateFile(run), { force: true });
}

/** Writes the state, its sections and the document together (one file, renamed into place). */
export function writeState(run: GenerateRun, last: LastRun, problems: string[]): void {
  const sections = [last.routes.length, last.tables.length, last.text.length];
  const state = { ...last.state, sections };
  tryWrite(
    stateFile(run),
    [`${JSON.stringify(state)}\n`, last.routes, last.tables, last.text],
    problems,
  );
}

/**
 * The state of a run that made the whole document; none when a component of the document is
 * not one that some route refers to (a patched run could not tell whether it still belongs).
 */
export function stateOf(
  run: GenerateRun,
  project: LoadedProject,
  made: Patchable,
  document: OpenApiDocument,
  text: Buffer,
): LastRun | undefined {
  const { operations, components } = locatePieces(text, document);
  const keys = new Table();
  const refs = new Table();
  const lines: string[] = [];
  const routes = made.records.map(({ route, entry }): StateRoute => {
    const { at, ops } = placesOf(entry.ops, document, operations);
    lines.push(JSON.stringify([route, ops] satisfies RouteLine));
    return {
      deps: entry.deps.map(([key]) => keys.id(key)),
      refs: Object.keys(entry.components).map((ref) => refs.id(ref)),
      ...(entry.warnings.length > 0 ? { warnings: entry.warnings } : {}),
      at,
    };
  });
  const written = [...components.keys()].filter((ref) => !ref.startsWith(SECURITY));
  if (written.length !== refs.values.length) return undefined;
  const { tables, ...globals } = made.globals;
  const section = tableSection(tables);
  const state: PatchState = {
    version: STATE_VERSION,
    setup: setupOf(run),
    listed: listedHash(project.listed),
    ...filesOf(run, project),
    globals,
    tables: section.ranges,
    keys: keys.values,
    refs: refs.values,
    components: refs.values.map((ref) => components.get(ref)!),
    routes,
    otherWarnings: made.otherWarnings,
    operations: operations.size,
    schemas: Object.keys(document.components?.schemas ?? {}).length,
    sections: [0, 0, 0],
  };
  return { state, routes: Buffer.from(lines.join('\n')), tables: section.bytes, text };
}

/** Where a route's operations are written, and what identifies each. */
function placesOf(
  ops: readonly BuiltOperation[],
  document: OpenApiDocument,
  operations: ReadonlyMap<string, Range>,
): { at: number[]; ops: OperationLine[] } {
  const at: number[] = [];
  const lines = ops.map((op): OperationLine => {
    const written = document.paths?.[op.path]?.[op.method as 'get'];
    const range = operations.get(operationKey(op.method, op.path));
    if (!written || !range) throw new Error(`stateOf: ${op.method} ${op.path} is not written`);
    at.push(...range);
    return [
      op.method,
      op.path,
      op.operation.operationId ?? null,
      written.operationId ?? null,
      JSON.stringify(op.operation.tags ?? null),
    ];
  });
  return { at, ops: lines };
}

/** The files a run read, those PSR-4 discovery found, and the names it could still place. */
function filesOf(
  run: GenerateRun,
  project: LoadedProject,
): Pick<PatchState, 'files' | 'discovered' | 'unresolved'> {
  const declared = new Set<string>();
  const listed = new Set(project.listed);
  const files = [...project.files].map(([rel, facts]): StateFile => {
    const names = facts.classes.map((c) => c.name);
    for (const name of names) declared.add(name);
    const [size, mtimeMs] = project.stamps.get(rel)!;
    return [rel, size, mtimeMs, project.hashes.get(rel)!, names];
  });
  const referenced = new Set([...project.files.values()].flatMap((f) => f.references ?? []));
  return {
    files,
    discovered: files.map(([rel]) => rel).filter((rel) => !listed.has(rel)),
    unresolved: [...referenced]
      .filter((name) => !declared.has(name) && classFileCandidates(run.psr4, name).length > 0)
      .sort(),
  };
}

/** The tables' columns, each a JSON array, one after another, and where each one is. */
function tableSection(tables: Globals['tables']): { bytes: Buffer; ranges: Record<string, Range> } {
  const ranges: Record<string, Range> = {};
  const parts: Buffer[] = [];
  let offset = 0;
  for (const [table, columns] of tables) {
    const bytes = Buffer.from(JSON.stringify(columns));
    ranges[table] = [offset, (offset += bytes.length)];
    parts.push(bytes);
  }
  return { bytes: Buffer.concat(parts), ranges };
}

/**
 * Strings numbered in the order first met, for a state that names them by index; given the
 * last run's list, it grows it and keeps the ids it had.
 */
export class Table {
  readonly values: string[];
  private readonly ids: Map<string, number>;

  constructor(values: readonly string[] = []) {
    this.values = [...values];
    this.ids = new Map(values.map((value, i) => [value, i]));
  }

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.values.push(value) - 1));
    return id;
  }
}
