import {
  constantClass,
  type ClassFacts,
  type FileFacts,
  type MethodFacts,
} from '../facts/types.js';
import type { PhpValue } from '../php/value.js';
import { contentHash } from '../hash.js';
import { Tracker } from './tracker.js';

const ALL = '*';
const SHORT = 'short:';

export interface IndexedClass {
  facts: ClassFacts;
  file: string;
}

/** Every class of the project by fully qualified name, with inheritance-aware lookups. */
export class ClassIndex {
  private readonly byName = new Map<string, IndexedClass>();
  /** Classes of a lazy index whose file's facts are not loaded yet: name → file, position. */
  private readonly unloaded = new Map<string, { file: string; at: number }>();
  private load?: (file: string) => FileFacts;
  private sorted?: string[];
  private byShort?: Map<string, string[]>;
  private byParent?: Map<string, string[]>;
  private readonly versions = new Map<string, string>();
  /** Told every class name looked up, for reuse of the assembly's output across runs. */
  readonly tracker = new Tracker();

  constructor(
    files: ReadonlyMap<string, FileFacts>,
    /** File → content hash, when known (else the facts identify the content). */
    private readonly hashes?: ReadonlyMap<string, string>,
  ) {
    for (const [file, facts] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      for (const facts_ of facts.classes) {
        if (!this.byName.has(facts_.name)) this.byName.set(facts_.name, { facts: facts_, file });
      }
    }
  }

  /**
   * An index that loads a file's facts (once) only when one of its classes is looked up:
   * `declared` lists the class names each file declares, in the order of its facts.
   */
  static lazy(
    declared: ReadonlyMap<string, readonly string[]>,
    load: (file: string) => FileFacts,
    hashes: ReadonlyMap<string, string>,
  ): ClassIndex {
    const index = new ClassIndex(new Map(), hashes);
    const loaded = new Map<string, FileFacts>();
    index.load = (file) => {
      let facts = loaded.get(file);
      if (!facts) loaded.set(file, (facts = load(file)));
      return facts;
    };
    for (const file of [...declared.keys()].sort()) {
      declared.get(file)!.forEach((name, at) => {
        if (!index.unloaded.has(name)) index.unloaded.set(name, { file, at });
      });
    }
    return index;
  }

  get(name: string): IndexedClass | undefined {
    return this.lookup(name);
  }

  has(name: string): boolean {
    return this.lookup(name) !== undefined;
  }

  /** A global constant's value as written (`const MAX = 10;`, `define('MAX', 10)`). */
  globalConstant(name: string): PhpValue | undefined {
    return this.lookup(constantClass(name))?.facts.constants[name];
  }

  /** Every class name, sorted (computed once). */
  names(): readonly string[] {
    this.tracker.consult(ALL);
    return (this.sorted ??= [...this.byName.keys(), ...this.unloaded.keys()].sort());
  }

  /**
   * What a tracked key stands for now: a class's file content (or its absence), the classes
   * with a short name, the whole set of classes.
   */
  version(key: string): string {
    let known = this.versions.get(key);
    if (known === undefined) this.versions.set(key, (known = this.computeVersion(key)));
    return known;
  }

  private computeVersion(key: string): string {
    // The whole list would be stored by every route that consulted it: a hash keeps it small.
    if (key === ALL) return contentHash(this.names().join(','));
    if (key.startsWith(SHORT)) return this.withShortName(key.slice(SHORT.length)).join(',');
    const found = this.byName.get(key) ?? this.unloaded.get(key);
    if (!found) return '-';
    // A lazy index always has the hashes.
    return this.hashes?.get(found.file) ?? JSON.stringify(this.byName.get(key)?.facts);
  }

  private lookup(name: string): IndexedClass | undefined {
    this.tracker.consult(name);
    const found = this.byName.get(name);
    if (found || !this.load) return found;
    const unloaded = this.unloaded.get(name);
    if (!unloaded) return undefined;
    const loaded = { facts: this.load(unloaded.file).classes[unloaded.at]!, file: unloaded.file };
    this.byName.set(name, loaded);
    this.unloaded.delete(name);
    return loaded;
  }

  /** The classes with this short name (`User` → `App\\Models\\User`, ...), sorted. */
  withShortName(short: string): readonly string[] {
    this.tracker.consult(SHORT + short);
    if (!this.byShort) {
      this.byShort = new Map();
      for (const name of this.names()) {
        const key = name.slice(name.lastIndexOf('\\') + 1);
        const list = this.byShort.get(key) ?? [];
        list.push(name);
        this.byShort.set(key, list);
      }
    }
    return this.byShort.get(short) ?? [];
  }

  /**
   * The concrete classes that implement an interface or extend a class (directly or through
   * others), sorted: where a call on an interface (`$this->repository->find($id)`) lands.
   */
  implementers(name: string): readonly string[] {
    this.tracker.consult(ALL);
    if (!this.byParent) {
      this.byParent = new Map();
      for (const candidate of this.names()) {
        const facts = this.lookup(candidate)?.facts;
        if (facts?.kind !== 'class' || facts.abstract) continue;
        for (const parent of this.supertypes(candidate)) {
          const list = this.byParent.get(parent) ?? [];
          list.push(candidate);
          this.byParent.set(parent, list);
        }
      }
    }
    return this.byParent.get(name) ?? [];
  }

  /** A class's ancestors and the interfaces it implements, with the interfaces they extend. */
  supertypes(name: string): Set<string> {
    const out = new Set<string>(this.ancestors(name));
    const pending = this.interfaces(name);
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (out.has(next)) continue;
      out.add(next);
      const facts = this.lookup(next)?.facts;
      if (facts?.extends) pending.push(facts.extends);
      pending.push(...(facts?.implements ?? []));
    }
    return out;
  }

  /**
   * Parents, nearest first; the last may be a framework class the project does not contain.
   * A class of a `Models` namespace (or whose package parent's is one) whose parent is a
   * package's (not in the project) and that uses one of Eloquent's own traits (`HasFactory`,
   * `SoftDeletes`, `HasUuids`, ...) extends a package's model (`class Team extends
   * JetstreamTeam { use HasFactory; }`): Eloquent's `Model` ends its line.
   */
  ancestors(name: string): string[] {
    const out: string[] = [];
    let current = this.lookup(name)?.facts.extends ?? FRAMEWORK_PARENTS[name];
    while (current && !out.includes(current)) {
      out.push(current);
      current = this.lookup(current)?.facts.extends ?? FRAMEWORK_PARENTS[current];
    }
    if (this.extendsPackageModel(name, out)) out.push(ELOQUENT_MODEL);
    return out;
  }

  /** See `ancestors()`: the line ends at a package's class, and the rest says it is a model. */
  private extendsPackageModel(name: string, line: readonly string[]): boolean {
    const last = line.at(-1);
    if (!last || last.startsWith('Illuminate\\') || FRAMEWORK_PARENTS[last]) return false;
    if (this.lookup(last) || !(inModels(name) || inModels(last))) return false;
    return [name, ...line].some((c) =>
      this.lookup(c)?.facts.traits?.some((t) => t.startsWith('Illuminate\\Database\\Eloquent\\')),
    );
  }

  /**
   * The interfaces the class and its ancestors declare they implement (not those they extend),
   * the framework's among them.
   */
  interfaces(name: string): string[] {
    const out = new Set<string>();
    for (const c of this.lineage(name)) for (const i of c.facts.implements ?? []) out.add(i);
    for (const c of [name, ...this.ancestors(name)])
      for (const i of FRAMEWORK_INTERFACES[c] ?? []) out.add(i);
    return [...out];
  }

  /** Whether the class is, or descends from, one of `bases` (fully qualified). */
  isA(name: string, bases: readonly string[]): boolean {
    return [name, ...this.ancestors(name)].some((n) => bases.includes(n));
  }

  /** The class itself and its ancestors that the project declares, nearest first. */
  lineage(name: string): IndexedClass[] {
    return [name, ...this.ancestors(name)]
      .map((n) => this.lookup(n))
      .filter((c): c is IndexedClass => !!c);
  }

  /** Traits used by the class or its ancestors (and by those traits), by name. */
  traits(name: string): string[] {
    const out = new Set<string>();
    const visit = (traits: readonly string[] | undefined) => {
      for (const t of traits ?? []) {
        if (out.has(t)) continue;
        out.add(t);
        visit(this.lookup(t)?.facts.traits);
      }
    };
    for (const c of this.lineage(name)) visit(c.facts.traits);
    return [...out];
  }

  /**
   * A method as PHP would find it: the class, its traits (and the traits they use), then its
   * ancestors.
   */
  method(name: string, method: string): { facts: MethodFacts; owner: IndexedClass } | undefined {
    const lineage = this.lineage(name);
    for (const c of lineage) {
      const own = c.facts.methods[method];
      if (own) return { facts: own, owner: c };
      const trait = this.inTraits(c, (t) => method in t.facts.methods);
      if (trait) return { facts: trait.facts.methods[method]!, owner: trait };
    }
    // Declared only by an interface it implements (or, for an interface, one it extends).
    if (!lineage.some((c) => c.facts.implements)) return undefined;
    for (const parent of this.supertypes(name)) {
      const declared = this.lookup(parent);
      if (declared?.facts.kind === 'interface' && declared.facts.methods[method])
        return { facts: declared.facts.methods[method], owner: declared };
    }
    return undefined;
  }

  /** A property default, from the nearest class (or trait) that declares it. */
  property(name: string, property: string): PhpValue | undefined {
    for (const c of this.lineage(name)) {
      if (property in c.facts.properties) return c.facts.properties[property];
      const trait = this.inTraits(c, (t) => property in t.facts.properties);
      if (trait) return trait.facts.properties[property];
    }
    return undefined;
  }

  /** The first trait of a class, or of the traits it uses, in the order written, that has it. */
  inTraits(
    from: IndexedClass,
    has: (trait: IndexedClass) => boolean,
    seen = new Set<string>(),
  ): IndexedClass | undefined {
    for (const t of from.facts.traits ?? []) {
      const trait = this.lookup(t);
      if (!trait || seen.has(trait.facts.name)) continue;
      seen.add(trait.facts.name);
      if (has(trait)) return trait;
      const inner = this.inTraits(trait, has, seen);
      if (inner) return inner;
    }
    return undefined;
  }

  /** The class that declares a property, if the project does. */
  declaresProperty(name: string, property: string): string | undefined {
    return this.lineage(name).find((c) => property in c.facts.properties)?.facts.name;
  }
}

const ELOQUENT_MODEL = 'Illuminate\\Database\\Eloquent\\Model';

/** In a `Models` namespace (`App\\Models\\Team`, `Laravel\\Jetstream\\Models\\...`). */
function inModels(name: string): boolean {
  return /(^|\\)Models\\/.test(name);
}

/**
 * Parents of framework classes that projects extend and whose source is not in the project
 * (no `vendor/`), where what a subclass inherits matters to the document.
 */
const HTTP_EXCEPTION = 'Symfony\\Component\\HttpKernel\\Exception\\HttpException';

const FRAMEWORK_PARENTS: Record<string, string> = {
  // What `::collection()` makes: a resource collection of the class it is given.
  'Illuminate\\Http\\Resources\\Json\\AnonymousResourceCollection':
    'Illuminate\\Http\\Resources\\Json\\ResourceCollection',
  // Laravel 12's JSON:API resources are resources.
  'Illuminate\\Http\\Resources\\JsonApi\\JsonApiResource':
    'Illuminate\\Http\\Resources\\Json\\JsonResource',
  // The exceptions Laravel raises for the errors a route documents, as an exception handler
  // tests them (`$e instanceof HttpException`, `RuntimeException`, `Throwable`).
  'Illuminate\\Database\\Eloquent\\ModelNotFoundException':
    'Illuminate\\Database\\RecordsNotFoundException',
  'Illuminate\\Database\\RecordsNotFoundException': 'RuntimeException',
  'Illuminate\\Auth\\AuthenticationException': 'Exception',
  'Illuminate\\Auth\\Access\\AuthorizationException': 'Exception',
  'Illuminate\\Validation\\ValidationException': 'Exception',
  'Illuminate\\Http\\Exceptions\\ThrottleRequestsException':
    'Symfony\\Component\\HttpKernel\\Exception\\TooManyRequestsHttpException',
  'Symfony\\Component\\HttpKernel\\Exception\\TooManyRequestsHttpException': HTTP_EXCEPTION,
  'Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException': HTTP_EXCEPTION,
  'Symfony\\Component\\HttpKernel\\Exception\\AccessDeniedHttpException': HTTP_EXCEPTION,
  'Symfony\\Component\\HttpKernel\\Exception\\UnauthorizedHttpException': HTTP_EXCEPTION,
  [HTTP_EXCEPTION]: 'RuntimeException',
  // PHP's own.
  RuntimeException: 'Exception',
  UnexpectedValueException: 'RuntimeException',
  LogicException: 'Exception',
  InvalidArgumentException: 'LogicException',
  DomainException: 'LogicException',
};

/** Interfaces of the framework classes above (and PHP's), by class. */
const FRAMEWORK_INTERFACES: Readonly<Record<string, readonly string[]>> = {
  Exception: ['Throwable'],
  Error: ['Throwable'],
  [HTTP_EXCEPTION]: ['Symfony\\Component\\HttpKernel\\Exception\\HttpExceptionInterface'],
};
