import type { ClassFacts, FileFacts, MethodFacts } from '../facts/types.js';
import type { PhpValue } from '../php/value.js';

/**
 * The part of a file's facts that the project-wide steps read: route declarations, migrations,
 * config values, `withRouting`, `withoutWrapping`, parse errors; of each class its name, kind,
 * parents and traits, the `middlewareGroups` property, the methods that declare routes; the
 * resources its methods wrap around a named class (`resourceUses`), the macros it registers. Everything else of a class
 * (docblocks, rules, resource fields, casts, handlers' bodies) is read only through the
 * `ClassIndex`, which tracks it per operation.
 *
 * When an edit leaves a file's view as it was, the project-wide results (`projectGlobals`, the
 * routes) cannot have changed, and only the operations that consulted the file's classes need
 * writing again. test/unit/laravel/view.test.ts checks on every fixture that these steps give
 * the same results from the views alone.
 */
export function globalView(facts: FileFacts): FileFacts {
  const view: FileFacts = { classes: facts.classes.map(classView) };
  if (facts.error) view.error = facts.error;
  if (facts.routes) view.routes = facts.routes;
  if (facts.withRouting) view.withRouting = facts.withRouting;
  if (facts.throttlesApi) view.throttlesApi = facts.throttlesApi;
  if (facts.middleware) view.middleware = facts.middleware;
  if (facts.passportScopes !== undefined) view.passportScopes = facts.passportScopes;
  if (facts.customRules) view.customRules = facts.customRules;
  if (facts.tables) view.tables = facts.tables;
  if (facts.withoutWrapping) view.withoutWrapping = facts.withoutWrapping;
  if (facts.returns !== undefined) view.returns = facts.returns;
  if (facts.includes) view.includes = facts.includes;
  if (facts.warnings) view.warnings = facts.warnings;
  if (facts.resourceUses) view.resourceUses = facts.resourceUses;
  if (facts.macros) view.macros = facts.macros;
  return view;
}

/**
 * Properties the project-wide steps read: the HTTP kernel's middleware groups and aliases
 * (security, throttling), a Laravel 5 route class's `$browser` (pages, not the API), a route
 * service provider's `$namespace` (controller names in its routes).
 */
const GLOBAL_PROPERTIES = [
  'middlewareGroups',
  'middlewareAliases',
  'routeMiddleware',
  'browser',
  'namespace',
];

function classView(cls: ClassFacts): ClassFacts {
  // A class that declares routes is read whole by the route step (its values fold into the
  // routes: `$this->namespace`, a helper method's returned path, a constant).
  const routing = Object.values(cls.methods).some((m) => m.routes);
  const methods: Record<string, MethodFacts> = {};
  for (const [name, method] of Object.entries(cls.methods)) {
    const view = methodView(method, routing);
    if (view) methods[name] = view;
  }
  const properties: Record<string, PhpValue> = {};
  for (const name of routing ? Object.keys(cls.properties) : GLOBAL_PROPERTIES)
    if (name in cls.properties) properties[name] = cls.properties[name] as PhpValue;
  return {
    name: cls.name,
    kind: cls.kind,
    line: 0,
    ...(cls.extends ? { extends: cls.extends } : {}),
    ...(cls.implements ? { implements: cls.implements } : {}),
    ...(cls.traits ? { traits: cls.traits } : {}),
    ...(cls.abstract ? { abstract: cls.abstract } : {}),
    properties,
    // Routes may name any class's constant (`Routes::PREFIX`).
    constants: cls.constants,
    methods,
  };
}

function methodView(method: MethodFacts, routing: boolean): MethodFacts | undefined {
  const value = routing && method.returns !== undefined;
  if (!method.routes && !value) return undefined;
  return {
    // Route service providers' methods are read in line order.
    line: method.routes ? method.line : 0,
    visibility: 'public',
    params: value || method.routes ? method.params : [],
    ...(method.routes ? { routes: method.routes } : {}),
    ...(value ? { returns: method.returns } : {}),
  };
}
