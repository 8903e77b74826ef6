import type { ResponseObject, SchemaObject } from '../../core/types.js';
import { shortName } from '../php/names.js';
import { Tracker } from '../project/tracker.js';

const SCHEMAS = '#/components/schemas/';
const RESPONSES = '#/components/responses/';

/** A component as stored between runs: its content and what it was built from. */
export interface StoredComponent {
  value: SchemaObject | ResponseObject;
  deps: string[];
}

/**
 * `components.schemas` and `components.responses` under construction. A class's schema gets its
 * short name (`UserResource`) unless another class of the project shares it, then its dotted
 * full name; names are decided from the whole project, never from the order classes are met,
 * so output stays stable. What each component was built from is tracked, so a later run can
 * reuse it.
 */
export class Components {
  readonly schemas = new Map<string, SchemaObject>();
  readonly responses = new Map<string, ResponseObject>();
  private readonly deps = new Map<string, Set<string>>();

  constructor(
    private readonly ambiguous: ReadonlySet<string>,
    private readonly tracker: Tracker = new Tracker(),
  ) {}

  /** A `$ref` to the schema of `className`, built on first use (recursion-safe). */
  classRef(className: string, build: () => SchemaObject): SchemaObject {
    const short = shortName(className);
    const name = this.ambiguous.has(short) ? className.replace(/\\/g, '.') : short;
    if (this.schemas.has(name)) this.tracker.merge(this.deps.get(name) ?? []);
    else {
      this.schemas.set(name, {});
      const { value, deps } = this.tracker.run(build);
      this.schemas.set(name, value);
      this.deps.set(name, deps);
    }
    return { $ref: SCHEMAS + name };
  }

  /** A `$ref` to a fixed schema (validation errors, pagination parts). */
  fixed(name: string, build: () => SchemaObject): SchemaObject {
    if (!this.schemas.has(name)) this.schemas.set(name, build());
    return { $ref: SCHEMAS + name };
  }

  response(name: string, build: () => ResponseObject): { $ref: string } {
    if (!this.responses.has(name)) this.responses.set(name, build());
    return { $ref: RESPONSES + name };
  }

  /** The components `value` refers to, directly or through other components, by `$ref`. */
  referenced(value: unknown): string[] {
    const found = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (typeof node === 'object' && node !== null) {
        for (const [key, child] of Object.entries(node)) {
          if (key === '$ref' && typeof child === 'string') {
            const ref = child.startsWith(SCHEMAS)
              ? child
              : child.startsWith(RESPONSES)
                ? child
                : undefined;
            if (ref && !found.has(ref)) {
              found.add(ref);
              visit(this.get(ref));
            }
          } else visit(child);
        }
      }
    };
    visit(value);
    return [...found].sort();
  }

  /** The schemas and responses `value` refers to, directly or through other components. */
  usedBy(value: unknown): {
    schemas: Map<string, SchemaObject>;
    responses: Map<string, ResponseObject>;
  } {
    const used = new Set(this.referenced(value));
    return {
      schemas: new Map([...this.schemas].filter(([name]) => used.has(SCHEMAS + name))),
      responses: new Map([...this.responses].filter(([name]) => used.has(RESPONSES + name))),
    };
  }

  /** A component as stored between runs. */
  stored(ref: string): StoredComponent | undefined {
    const value = this.get(ref);
    if (value === undefined) return undefined;
    return { value, deps: [...(this.deps.get(ref.slice(SCHEMAS.length)) ?? [])].sort() };
  }

  /** Puts back a component a reused operation refers to (unless this run built it already). */
  restore(ref: string, component: StoredComponent): void {
    if (ref.startsWith(RESPONSES)) {
      const name = ref.slice(RESPONSES.length);
      if (!this.responses.has(name)) this.responses.set(name, component.value as ResponseObject);
      return;
    }
    const name = ref.slice(SCHEMAS.length);
    if (this.schemas.has(name)) return;
    this.schemas.set(name, component.value as SchemaObject);
    this.deps.set(name, new Set(component.deps));
  }

  private get(ref: string): SchemaObject | ResponseObject | undefined {
    if (ref.startsWith(SCHEMAS)) return this.schemas.get(ref.slice(SCHEMAS.length));
    if (ref.startsWith(RESPONSES)) return this.responses.get(ref.slice(RESPONSES.length));
    return undefined;
  }
}

/** Short names that more than one class of the list has. */
export function ambiguousNames(classNames: readonly string[]): Set<string> {
  const seen = new Map<string, number>();
  for (const name of classNames) seen.set(shortName(name), (seen.get(shortName(name)) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([s]) => s));
}
