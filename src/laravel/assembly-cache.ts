import path from 'node:path';
import type { Finding } from '../core/errors.js';
import { contentHash } from './hash.js';
import { NAMESPACE, readJson, tryWrite, type CacheMemory } from './cache.js';
import type { StoredComponent } from './emit/components.js';
import type { BuiltOperation } from './emit/operation.js';

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

/** What `CacheMemory` keeps of a run's assembly: its routes and components, and what is on disk. */
export interface AssemblyMemory {
  routes: Map<string, NextRoute>;
  components: Map<string, string | StoredComponent>;
  /** Routes the pack on disk has. */
  inPack: Set<string>;
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
  /** The last run's routes, when a `CacheMemory` has them (then the pack is not read). */
  private readonly kept?: AssemblyMemory;
  private readonly inPack: Set<string>;
  /** Why the cache could not be written, if it could not. */
  readonly problems: string[] = [];

  constructor(
    dir: string,
    globalKey: string,
    private readonly mode: { read: boolean; write: boolean },
    private readonly memory?: CacheMemory,
  ) {
    this.root = path.join(
      dir,
      NAMESPACE,
      'assembly',
      contentHash(`${ASSEMBLY_VERSION}:${globalKey}`).slice(0, 16),
    );
    const kept =
      mode.read && memory?.assembly?.root === this.root
        ? (memory.assembly.state as AssemblyMemory)
        : undefined;
    const read =
      mode.read && !kept ? readJson<Partial<Pack>>(path.join(this.root, 'pack.json')) : undefined;
    this.pack = {
      versions: read?.versions ?? {},
      components: read?.components ?? {},
      routes: read?.routes ?? {},
    };
    if (kept) this.kept = kept;
    this.inPack = kept ? kept.inPack : new Set(Object.keys(this.pack.routes));
  }

  get(routeKey: string): RouteEntry | undefined {
    if (!this.mode.read) return undefined;
    if (this.kept) return this.fromMemory(this.kept, routeKey);
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
    if (this.memory && this.mode.read)
      this.memory.assembly = {
        root: this.root,
        state: { routes: this.next, components: this.components, inPack: this.inPack },
      };
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
      this.inPack.clear();
      for (const key of this.next.keys()) this.inPack.add(key);
      return;
    }
    for (const [key, { deps, body, refs }] of this.next) {
      if (typeof body !== 'string' || this.inPack.has(key)) continue;
      const components = refs.map((ref) => this.componentJson(ref));
      const head = `{"deps":${JSON.stringify(deps)},"components":{${components.join(',')}}`;
      if (!tryWrite(this.file(key), `${head},${body.slice(1)}`, this.problems)) return;
    }
  }

  /** A route as the last run left it in memory (parsed now if that run built it). */
  private fromMemory(kept: AssemblyMemory, routeKey: string): RouteEntry | undefined {
    const route = kept.routes.get(routeKey);
    if (!route) return undefined;
    const { ops, warnings } =
      typeof route.body === 'string'
        ? (JSON.parse(route.body) as Pick<RouteEntry, 'ops' | 'warnings'>)
        : route.body;
    const components: Record<string, StoredComponent> = {};
    for (const ref of route.refs) {
      let component = kept.components.get(ref);
      if (component === undefined) return undefined;
      if (typeof component === 'string') {
        component = JSON.parse(component) as StoredComponent;
        kept.components.set(ref, component);
      }
      components[ref] = component;
    }
    return { deps: route.deps, ops, warnings, components };
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
    if (!this.inPack.has(routeKey)) this.missing += 1;
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
