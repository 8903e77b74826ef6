import path from 'node:path';
import type { Finding } from '../core/errors.js';
import { contentHash, NAMESPACE, readJson, tryWrite } from './cache.js';
import type { StoredComponent } from './document/components.js';
import type { BuiltOperation } from './document/operation.js';

/** Bump when the assembly changes what it writes for the same facts. */
const ASSEMBLY_VERSION = 1;

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
 * The assembly's output per route, under `<cache dir>/<version>/assembly/<key>/`, where the key
 * covers everything global (configuration, migrations, ...): a later run reuses a route's
 * operations when the route is the same and no class it consulted has changed, so changing one
 * file re-assembles only the routes that depend on it. Entries live in one pack (read in one go)
 * plus one file per route built since the pack was written.
 */
export class AssemblyCache implements AssemblyStore {
  private readonly root: string;
  private readonly pack: Record<string, RouteEntry>;
  /** This run's routes: the JSON of built ones (taken before anything can change them), or the entry. */
  private readonly next = new Map<string, string | RouteEntry>();
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
    this.pack = mode.read
      ? (readJson<Record<string, RouteEntry>>(path.join(this.root, 'pack.json')) ?? {})
      : {};
  }

  get(routeKey: string): RouteEntry | undefined {
    if (!this.mode.read) return undefined;
    return this.pack[routeKey] ?? readJson<RouteEntry>(this.file(routeKey));
  }

  put(routeKey: string, entry: RouteEntry): void {
    this.next.set(routeKey, JSON.stringify(entry));
    if (!(routeKey in this.pack)) this.missing += 1;
  }

  keep(routeKey: string, entry: RouteEntry): void {
    this.next.set(routeKey, entry);
    if (!(routeKey in this.pack)) this.missing += 1;
  }

  flush(): void {
    if (!this.mode.write || this.next.size === 0) return;
    if (this.missing / this.next.size > PACK_STALE) {
      const parts = [...this.next].map(
        ([key, value]) =>
          `${JSON.stringify(key)}:${typeof value === 'string' ? value : JSON.stringify(value)}`,
      );
      tryWrite(path.join(this.root, 'pack.json'), `{${parts.join(',')}}`, this.problems);
      return;
    }
    for (const [key, value] of this.next) {
      if (
        typeof value === 'string' &&
        !(key in this.pack) &&
        !tryWrite(this.file(key), value, this.problems)
      )
        return;
    }
  }

  private file(routeKey: string): string {
    return path.join(this.root, 'routes', `${routeKey}.json`);
  }
}
