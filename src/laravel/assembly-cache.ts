import path from 'node:path';
import type { Finding } from '../core/errors.js';
import { contentHash, NAMESPACE, readJson, tryWrite } from './cache.js';
import type { StoredComponent } from './document/components.js';
import type { BuiltOperation } from './document/operation.js';

/** Bump when the assembly changes what it writes for the same facts. */
const ASSEMBLY_VERSION = 2;

/** Rewrite the pack when more than this share of a run's routes is missing from it. */
const PACK_STALE = 0.05;

/** What one route contributed to the document, and what it was built from. */
export interface RouteEntry {
  /** Tracked key → its version when the entry was built (see `ClassIndex.version`). */
  deps: [string, string][];
  ops: BuiltOperation[];
  /** `$ref` → the component, for every component the operations refer to. */
  components: Record<string, StoredComponent>;
  warnings: Finding[];
}

export interface AssemblyStore {
  get(routeKey: string): RouteEntry | undefined;
  /** A route built in this run. */
  put(routeKey: string, entry: RouteEntry): void;
  /** A route reused from the store in this run. */
  keep(routeKey: string, entry: RouteEntry): void;
  flush(): void;
}

/**
 * A route in the pack: its components by `$ref` and its dependencies by key only, as the pack
 * holds each component and each key's version once (a pack is written in one run, when every
 * entry's dependencies have the versions they have in that run).
 */
interface PackedRoute {
  deps: string[];
  ops: BuiltOperation[];
  warnings: Finding[];
  refs: string[];
}

interface Pack {
  versions: Record<string, string>;
  components: Record<string, StoredComponent>;
  routes: Record<string, PackedRoute>;
}

/** A route of this run: what it depends on, its output, the `$ref`s it uses. */
interface NextRoute {
  deps: [string, string][];
  /**
   * A built route: `{"ops":…,"warnings":…}`, taken before anything can change the objects. A
   * reused one: the entry read from the store, serialised only if a pack is written.
   */
  body: string | RouteEntry;
  refs: string[];
}

/**
 * The assembly's output per route, under `<cache dir>/<version>/assembly/<key>/`, where the key
 * covers everything global (configuration, migrations, ...): a later run reuses a route's
 * operations when the route is the same and no class it consulted has changed, so changing one
 * file re-assembles only the routes that depend on it. Entries live in one pack (read in one go;
 * each component once, however many routes refer to it) plus one file per route built since the
 * pack was written.
 */
export class AssemblyCache implements AssemblyStore {
  private readonly root: string;
  private readonly pack: Pack;
  /** This run's routes, in the order met. */
  private readonly next = new Map<string, NextRoute>();
  /** This run's components: as JSON when a built route brought them first, else as read. */
  private readonly components = new Map<string, string | StoredComponent>();
  private missing = 0;
  /** Why the cache could not be written, if it could not. */
  readonly problems: string[] = [];

  constructor(
    dir: string,
    globalKey: string,
    private readonly mode: { read: boolean; write: boolean },
  ) {
    this.root = path.join(
      dir,
      NAMESPACE,
      'assembly',
      contentHash(`${ASSEMBLY_VERSION}:${globalKey}`).slice(0, 16),
    );
    const read = mode.read ? readJson<Partial<Pack>>(path.join(this.root, 'pack.json')) : undefined;
    this.pack = {
      versions: read?.versions ?? {},
      components: read?.components ?? {},
      routes: read?.routes ?? {},
    };
  }

  get(routeKey: string): RouteEntry | undefined {
    if (!this.mode.read) return undefined;
    const packed = this.pack.routes[routeKey];
    if (!packed) return readJson<RouteEntry>(this.file(routeKey));
    const { versions, components: stored } = this.pack;
    const components: Record<string, StoredComponent> = {};
    for (const ref of packed.refs) {
      const component = stored[ref];
      if (!component) return undefined;
      components[ref] = component;
    }
    const deps = packed.deps.map((key): [string, string] => [key, versions[key] ?? '']);
    return { deps, ops: packed.ops, warnings: packed.warnings, components };
  }

  put(routeKey: string, entry: RouteEntry): void {
    this.add(routeKey, entry, true);
  }

  keep(routeKey: string, entry: RouteEntry): void {
    this.add(routeKey, entry, false);
  }

  flush(): void {
    if (!this.mode.write || this.next.size === 0) return;
    if (this.missing / this.next.size > PACK_STALE) {
      const versions: Record<string, string> = {};
      const routes = [...this.next].map(([key, { deps, body, refs }]) => {
        for (const [dep, version] of deps) versions[dep] = version;
        const head = JSON.stringify({ deps: deps.map(([dep]) => dep), refs });
        return `${JSON.stringify(key)}:${head.slice(0, -1)},${bodyJson(body).slice(1)}`;
      });
      const components = [...this.components.keys()].map((ref) => this.componentJson(ref));
      tryWrite(
        path.join(this.root, 'pack.json'),
        `{"versions":${JSON.stringify(versions)},"components":{${components.join(',')}},` +
          `"routes":{${routes.join(',')}}}`,
        this.problems,
      );
      return;
    }
    for (const [key, { deps, body, refs }] of this.next) {
      if (typeof body !== 'string' || key in this.pack.routes) continue;
      const components = refs.map((ref) => this.componentJson(ref));
      const head = `{"deps":${JSON.stringify(deps)},"components":{${components.join(',')}}`;
      if (!tryWrite(this.file(key), `${head},${body.slice(1)}`, this.problems)) return;
    }
  }

  private add(routeKey: string, entry: RouteEntry, built: boolean): void {
    const refs = Object.keys(entry.components);
    const { deps, ops, warnings } = entry;
    this.next.set(routeKey, {
      deps,
      body: built ? JSON.stringify({ ops, warnings }) : entry,
      refs,
    });
    for (const ref of refs) {
      const component = entry.components[ref]!;
      if (!this.components.has(ref))
        this.components.set(ref, built ? JSON.stringify(component) : component);
    }
    if (!(routeKey in this.pack.routes)) this.missing += 1;
  }

  /** `"<ref>":<component>`, for the pack or a route's file. */
  private componentJson(ref: string): string {
    const value = this.components.get(ref);
    return `${JSON.stringify(ref)}:${typeof value === 'string' ? value : JSON.stringify(value)}`;
  }

  private file(routeKey: string): string {
    return path.join(this.root, 'routes', `${routeKey}.json`);
  }
}

/** `{"ops":…,"warnings":…}` of a route. */
function bodyJson(body: string | RouteEntry): string {
  if (typeof body === 'string') return body;
  return JSON.stringify({ ops: body.ops, warnings: body.warnings });
}
