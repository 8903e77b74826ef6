import type { Finding } from '../../core/errors.js';
import type { SchemaObject } from '../../core/types.js';
import type { ApidocConfig } from '../config.js';
import type { DataSource } from '../facts/types.js';
import type { PhpValue } from '../php/value.js';
import type { ModelCatalog } from '../models/catalog.js';
import type { ClassIndex } from '../project/classes.js';
import type { Components } from './components.js';
import type { CompiledRules } from '../requests/compiled.js';
import type { MiddlewareMap } from '../security/middleware-map.js';

/** The resource side, as the schema writer needs it (implemented in `resources/catalog.ts`). */
export interface ResourceLookup {
  isResource(className: string): boolean;
  /** Whether it is a `ResourceCollection` (a list when serialised). */
  isCollection(className: string): boolean;
  /** The resource a collection class collects. */
  collects(className: string): string | undefined;
  /** `$ref` to the resource's component schema. */
  ref(className: string): SchemaObject;
}

/** Everything the global assembly shares while writing the document. */
export interface Assembly {
  config: ApidocConfig;
  classes: ClassIndex;
  models: ModelCatalog;
  components: Components;
  resources: ResourceLookup;
  /** Validation rules compiled once per rule set. */
  rules: CompiledRules;
  /** A value of the project's config files by dotted key (`app.name`), as written. */
  configValue(key: string): PhpValue | undefined;
  /** The authenticated user's model, when the project has one. */
  authModel?: string;
  /** Middleware groups that rate-limit their routes (`api`, usually). */
  throttledGroups: ReadonlySet<string>;
  /** The application's middleware groups and aliases (security). */
  middleware?: MiddlewareMap;
  /** `Passport::tokensCan([...])`, as written. */
  passportScopes?: PhpValue;
  warnings: Finding[];
}

/** What `$this` means while a resource's fields are written. */
export interface ShapeScope {
  /** The model behind `$this->name`. */
  model?: string;
  /** Inside a ResourceCollection: what `$this->collection` holds. */
  collects?: string;
  /** The operation's validation rules, which type the inputs a handler echoes back. */
  rules?: Record<string, PhpValue>;
}

/**
 * The model a data source yields, relations and the authenticated user resolved. A "relation"
 * the model does not declare is an attribute read (`$order->reference`).
 */
export function sourceModel(
  source: DataSource,
  asm: Assembly,
): { model?: string; many: boolean; attribute?: string } {
  let model = source.model === '{{auth}}' ? asm.authModel : source.model;
  let many = source.many === true;
  if (source.relation && model) {
    const relation = asm.models.relation(model, source.relation);
    if (!relation && source.many === undefined && asm.models.isModel(model))
      return { model, many: false, attribute: source.relation };
    model = relation?.related;
    if (source.many === undefined && relation) many = relation.many;
  }
  return { model: asm.models.isModel(model) ? model : undefined, many };
}
