import type { TypeEngine } from '../infer/engine.js';
import { frameOf } from '../infer/frame.js';
import { listOf, members, unknown, type Type } from '../infer/type.js';
import { shortName } from '../php/names.js';
import type { ModelCatalog } from '../models/catalog.js';
import type { ClassIndex } from '../project/classes.js';

export const JSON_RESOURCE = 'Illuminate\\Http\\Resources\\Json\\JsonResource';
export const RESOURCE_COLLECTION = 'Illuminate\\Http\\Resources\\Json\\ResourceCollection';
const JSON_API_RESOURCE = 'Illuminate\\Http\\Resources\\JsonApi\\JsonApiResource';
const REQUEST: Type = { kind: 'object', class: 'Illuminate\\Http\\Request' };
const EMPTY_BODY = { defs: [], returns: [] };

/**
 * The project's API resources: which classes are resources, the model behind each, what their
 * `toArray()` and `with()` give (through the type engine), and how Laravel wraps them (`$wrap`,
 * `withoutWrapping()`).
 * @see https://laravel.com/docs/eloquent-resources
 */
export class ResourceCatalog {
  private engine?: TypeEngine;
  private readonly models_ = new Map<string, { value: string | undefined; deps: Set<string> }>();
  private readonly fieldTypes = new Map<string, { value: Type; deps: Set<string> }>();

  constructor(
    private readonly classes: ClassIndex,
    private readonly models: ModelCatalog,
    /** Classes `withoutWrapping()` was called on. */
    private readonly unwrapped: ReadonlySet<string>,
    /** Resource → models it was seen wrapping in handlers, for resources that name none. */
    private readonly hints: ReadonlyMap<string, string>,
  ) {}

  attach(engine: TypeEngine): void {
    this.engine = engine;
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
    return this.classes.tracker.memo(this.models_, name, () => this.findModel(name));
  }

  private findModel(name: string): string | undefined {
    const mixin = this.classes.lineage(name).find((c) => c.facts.mixin)?.facts.mixin;
    if (mixin && this.models.isModel(mixin)) return mixin;
    const base = shortName(name).replace(/(Resource|Collection)$/, '');
    const byName = this.classes.withShortName(base).filter((n) => this.models.isModel(n));
    const preferred = byName.find((n) => n.startsWith('App\\Models\\')) ?? byName[0];
    return preferred ?? this.hints.get(name);
  }

  /** The data a resource class is written for: its model, or a list of the collected resource's. */
  data(name: string): Type {
    if (this.isCollection(name)) {
      const collects = this.collects(name);
      const model = collects ? this.model(collects) : this.model(name);
      return listOf(model ? { kind: 'model', class: model } : unknown('collected data'), true);
    }
    const model = this.model(name);
    return model ? { kind: 'model', class: model } : unknown('resource data');
  }

  /** What the resource's `toArray()` gives for the data it is written for. */
  fields(name: string): Type {
    return this.classes.tracker.memo(this.fieldTypes, name, () =>
      this.engine!.call(
        { kind: 'resource', class: name, data: this.data(name) },
        'toArray',
        [REQUEST],
        frameOf(EMPTY_BODY, {}),
      ),
    );
  }

  /** What its `with()` adds to a response, if the project defines one. */
  withFields(name: string, data: Type): Type | undefined {
    const found = this.classes.method(name, 'with');
    if (!found || !this.classes.has(found.owner.facts.name)) return undefined;
    return this.engine!.call(
      { kind: 'resource', class: name, data },
      'with',
      [REQUEST],
      frameOf(EMPTY_BODY, {}),
    );
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

  /**
   * A JSON:API resource with relationships (`toRelationships()`): its responses carry the
   * related resources under `included` when the client asks for them (`?include=`).
   */
  includes(name: string): boolean {
    return (
      this.classes.isA(name, [JSON_API_RESOURCE]) && !!this.classes.method(name, 'toRelationships')
    );
  }

  /** The top-level keys of a resource's `toArray()`, when it is an array written out. */
  topLevelKeys(name: string): string[] {
    return members(this.fields(name)).flatMap((t) =>
      t.kind === 'shape' ? t.fields.map((f) => f.key) : [],
    );
  }

  private wrapDeclarer(name: string): string {
    if (name === JSON_RESOURCE || name === RESOURCE_COLLECTION) return JSON_RESOURCE;
    return this.classes.declaresProperty(name, 'wrap') ?? JSON_RESOURCE;
  }
}
