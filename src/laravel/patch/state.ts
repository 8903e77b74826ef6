import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../../core/errors.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { Patchable } from '../build-document.js';
import { contentHash, NAMESPACE, tryWrite } from '../cache.js';
import type { Globals } from '../document/assembly.js';
import type { GenerateRun } from '../generate.js';
import { classFileCandidates } from '../php/psr4.js';
import type { LoadedProject } from '../project/load.js';
import { locatePieces, operationKey, type Range } from './pieces.js';

/** Bump when what the state holds, or how a patched run reads it, changes. */
const STATE_VERSION = 1;
/** Security schemes follow from the routes' middleware alone: no route refers to them. */
export const SECURITY = '#/components/securitySchemes/';

/**
 * What a run leaves for the next `--incremental` run to patch its document instead of making
 * it again (`patch/apply.ts`): the files it read, the project-wide results, and for every
 * route its operations' places in the document's text and what they were built from.
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
  globals: Globals;
  /** The keys routes consulted (class names, `short:…`, `*`), referred to by index. */
  keys: string[];
  /** Component `$ref`s, referred to by index, and where each is in the text. */
  refs: string[];
  components: Range[];
  routes: StateRoute[];
  /** Length of the routes' lines after the state's. */
  routesLength: number;
  otherWarnings: Finding[];
  operations: number;
  schemas: number;
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
  warnings: Finding[];
  ops: StateOperation[];
}

/**
 * An operation: where it is, its operationId as built and as written (made unique), its tags
 * as JSON. A patched operation must keep the first and the tags, so that nothing else changes.
 */
export type StateOperation = [
  method: string,
  path: string,
  start: number,
  end: number,
  builtId: string | null,
  writtenId: string | null,
  tags: string,
];

/**
 * Where the state of runs with these route patterns lives: the state's line; each route as a
 * line of JSON (built again from it when a class it consulted changes; parsed only then); the
 * document's text.
 */
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

/** What a patched run reads of the last run, and writes for the next (bytes: UTF-8). */
export interface LastRun {
  state: PatchState;
  /** Each route's JSON and a newline, in the order of `state.routes`. */
  routes: Buffer;
  /** The document. */
  text: Buffer;
}

/** The last run's state, routes and document, if there is a usable one. */
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
    const end = newline + 1 + state.routesLength;
    return { state, routes: content.subarray(newline + 1, end), text: content.subarray(end) };
  } catch {
    return undefined;
  }
}

/** The route JSON of each route, from `LastRun.routes`. */
export function routeTexts(routes: Buffer): string[] {
  return routes.toString('utf8').split('\n');
}

/** Removes the state of an earlier run: this run's document cannot be patched. */
export function dropState(run: GenerateRun): void {
  rmSync(stateFile(run), { force: true });
}

/** Writes the state, routes and document together (one file, renamed into place). */
export function writeState(run: GenerateRun, last: LastRun, problems: string[]): void {
  tryWrite(stateFile(run), [`${JSON.stringify(last.state)}\n`, last.routes, last.text], problems);
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
  const routes = made.records.map(({ entry }): StateRoute => {
    const ops = entry.ops.map((op): StateOperation => {
      const written = document.paths?.[op.path]?.[op.method as 'get'];
      const range = operations.get(operationKey(op.method, op.path));
      if (!written || !range) throw new Error(`stateOf: ${op.method} ${op.path} is not written`);
      return [
        op.method,
        op.path,
        range[0],
        range[1],
        op.operation.operationId ?? null,
        written.operationId ?? null,
        JSON.stringify(op.operation.tags ?? null),
      ];
    });
    return {
      deps: entry.deps.map(([key]) => keys.id(key)),
      refs: Object.keys(entry.components).map((ref) => refs.id(ref)),
      warnings: entry.warnings,
      ops,
    };
  });
  const declared = new Set<string>();
  const listed = new Set(project.listed);
  const files = [...project.files].map(([rel, facts]): StateFile => {
    const names = facts.classes.map((c) => c.name);
    for (const name of names) declared.add(name);
    const [size, mtimeMs] = project.stamps.get(rel)!;
    return [rel, size, mtimeMs, project.hashes.get(rel)!, names];
  });
  const written = [...components.keys()].filter((ref) => !ref.startsWith(SECURITY));
  if (written.length !== refs.values.length) return undefined;
  const referenced = new Set([...project.files.values()].flatMap((f) => f.references ?? []));
  const routeLines = Buffer.from(
    made.records.map(({ route }) => `${JSON.stringify(route)}\n`).join(''),
  );
  const state: PatchState = {
    version: STATE_VERSION,
    setup: setupOf(run),
    listed: listedHash(project.listed),
    files,
    discovered: files.map(([rel]) => rel).filter((rel) => !listed.has(rel)),
    unresolved: [...referenced]
      .filter((name) => !declared.has(name) && classFileCandidates(run.psr4, name).length > 0)
      .sort(),
    globals: made.globals,
    keys: keys.values,
    refs: refs.values,
    components: refs.values.map((ref) => {
      const range = components.get(ref);
      if (!range) throw new Error(`stateOf: ${ref} is not written`);
      return range;
    }),
    routes,
    routesLength: routeLines.length,
    otherWarnings: made.otherWarnings,
    operations: operations.size,
    schemas: Object.keys(document.components?.schemas ?? {}).length,
  };
  return { state, routes: routeLines, text };
}

/** Strings numbered in the order first met. */
class Table {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.values.push(value) - 1));
    return id;
  }
}
