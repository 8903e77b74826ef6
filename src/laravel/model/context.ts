import type { Finding } from '../../core/errors.js';
import type { ApidocConfig } from '../config.js';
import type { SchemaEmitter } from '../emit/schema.js';
import type { TypeEngine } from '../infer/engine.js';
import type { PhpValue } from '../php/value.js';
import type { ModelCatalog } from '../models/catalog.js';
import type { ClassIndex } from '../project/classes.js';
import type { ResourceCatalog } from '../resources/catalog.js';
import type { Components } from '../emit/components.js';
import type { CompiledRules } from '../rules/compiled.js';
import type { MiddlewareMap } from '../security/middleware-map.js';

/** Everything the global assembly shares while writing the document. */
export interface Assembly {
  config: ApidocConfig;
  classes: ClassIndex;
  models: ModelCatalog;
  components: Components;
  resources: ResourceCatalog;
  /** What handlers return, typed (`infer/`). */
  engine: TypeEngine;
  /** Types → schemas, with the components they need. */
  emitter: SchemaEmitter;
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
