import type { SchemaObject } from '../../core/types.js';
import { shortName } from '../php/names.js';
import type { Shape } from '../facts/types.js';
import type { Assembly, ResourceLookup } from '../document/context.js';
import { shapeSchema } from '../document/shape-schema.js';
import type { ClassIndex } from '../project/classes.js';

export const JSON_RESOURCE = 'Illuminate\\Http\\Resources\\Json\\JsonResource';
export const RESOURCE_COLLECTION = 'Illuminate\\Http\\Resources\\Json\\ResourceCollection';

/**
 * The project's API resources: which classes are resources, the model behind each, their
 * component schemas, and how Laravel wraps them (`$wrap`, `withoutWrapping()`).
 * @see https://laravel.com/docs/eloquent-resources
 */
export class ResourceCatalog implements ResourceLookup {
  private asm?: Assembly;
  private readonly models = new Map<string, { value: string | undefined; deps: Set<string> }>();

  constructor(
    private readonly classes: ClassIndex,
    /** Classes `withoutWrapping()` was called on. */
    private readonly unwrapped: ReadonlySet<string>,
    /** Resource → models it was seen wrapping in handlers, for resources that name none. */
    private readonly hints: ReadonlyMap<string, string>,
  ) {}

  attach(asm: Assembly): void {
    this.asm = asm;
  }

  isResource(name: string): boolean {
    return this.classes.has(name) && this.classes.isA(name, [JSON_RESOURCE, RESOURCE_COLLECTION]);
  }

  isCollection(name: string): boolean {
    return this.classes.isA(name, [RESOURCE_COLLECTION]);
  }

  collects(name: string): string | undefined {
    const declared = this.classes.property(name, 'collects');
    const explicit =
      typeof declared === 'string'
        ? declared
        : typeof declared === 'object' && declared?.kind === 'class'
          ? declared.name
          : undefined;
    if (explicit) return explicit;
    if (!name.endsWith('Collection')) return undefined;
    const base = name.slice(0, -'Collection'.length);
    return [base, `${base}Resource`].find((c) => this.isResource(c));
  }

  /** The model a resource presents: `@mixin`, else the name (`UserResource` → `User`), else usage. */
  model(name: string): string | undefined {
    return this.classes.tracker.memo(this.models, name, () => this.findModel(name));
  }

  private findModel(name: string): string | undefined {
    const asm = this.asm!;
    const mixin = this.classes.lineage(name).find((c) => c.facts.mixin)?.facts.mixin;
    if (mixin && asm.models.isModel(mixin)) return mixin;
    const base = shortName(name).replace(/(Resource|Collection)$/, '');
    const byName = this.classes.withShortName(base).filter((n) => asm.models.isModel(n));
    const preferred = byName.find((n) => n.startsWith('App\\Models\\')) ?? byName[0];
    return preferred ?? this.hints.get(name);
  }

  /** The JSON key a response wraps this resource in, or null (`$wrap`, `withoutWrapping()`). */
  wrapper(name: string): string | null {
    const declarer = this.wrapDeclarer(name);
    const off = [...this.unwrapped].some((u) => this.wrapDeclarer(u) === declarer);
    if (off) return null;
    if (declarer === JSON_RESOURCE) return 'data';
    const value = this.classes.get(declarer)?.facts.properties.wrap;
    return typeof value === 'string' && value !== '' ? value : null;
  }

  ref(name: string): SchemaObject {
    const asm = this.asm!;
    return asm.components.classRef(name, () => this.schema(name, asm));
  }

  /** The top-level keys of a resource's `toArray()`, when it is an object written out. */
  topLevelKeys(name: string): string[] {
    const fields = this.fields(name);
    return fields?.kind === 'object' ? fields.fields.flatMap((f) => (f.key ? [f.key] : [])) : [];
  }

  /** The fields its `with()` adds to a response, if the project defines one. */
  withFields(name: string): Shape | undefined {
    const found = this.classes.method(name, 'with');
    return found && this.isProjectClass(found.owner.facts.name) ? found.facts.fields : undefined;
  }

  private schema(name: string, asm: Assembly): SchemaObject {
    const collects = this.isCollection(name) ? this.collects(name) : undefined;
    const scope = { model: this.model(collects ?? name), ...(collects ? { collects } : {}) };
    const fields = this.fields(name);
    if (fields) return shapeSchema(fields, scope, asm);
    if (this.isCollection(name))
      return {
        type: 'array',
        items: collects ? this.ref(collects) : { type: 'object', additionalProperties: true },
      };
    return shapeSchema({ kind: 'model' }, scope, asm);
  }

  private fields(name: string): Shape | undefined {
    const found = this.classes.method(name, 'toArray');
    return found && this.isProjectClass(found.owner.facts.name) ? found.facts.fields : undefined;
  }

  private isProjectClass(name: string): boolean {
    return this.classes.has(name);
  }

  private wrapDeclarer(name: string): string {
    if (name === JSON_RESOURCE || name === RESOURCE_COLLECTION) return JSON_RESOURCE;
    return this.classes.declaresProperty(name, 'wrap') ?? JSON_RESOURCE;
  }
}
