import type { ClassFacts, FileFacts, MethodFacts } from '../facts/types.js';
import type { PhpValue } from '../php/value.js';

/**
 * The part of a file's facts that the project-wide steps read: route declarations, migrations,
 * config values, `withRouting`, `withoutWrapping`, parse errors; of each class its name, kind,
 * parents and traits, the `middlewareGroups` property, the methods that declare routes; the
 * resources its methods wrap around a named class (`resourceHints`), its helper functions. Everything else of a class
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
  if (facts.tables) view.tables = facts.tables;
  if (facts.withoutWrapping) view.withoutWrapping = facts.withoutWrapping;
  if (facts.returns !== undefined) view.returns = facts.returns;
  if (facts.warnings) view.warnings = facts.warnings;
  // Helper functions and the files they include are read project-wide (`Globals.functions`).
  if (facts.functions) view.functions = facts.functions;
  if (facts.resourceUses) view.resourceUses = facts.resourceUses;
  if (facts.macros) view.macros = facts.macros;
  if (facts.includes) view.includes = facts.includes;
  return view;
}

function classView(cls: ClassFacts): ClassFacts {
  const methods: Record<string, MethodFacts> = {};
  for (const [name, method] of Object.entries(cls.methods)) {
    const view = methodView(method);
    if (view) methods[name] = view;
  }
  const properties: Record<string, PhpValue> = {};
  if ('middlewareGroups' in cls.properties)
    properties.middlewareGroups = cls.properties.middlewareGroups as PhpValue;
  return {
    name: cls.name,
    kind: cls.kind,
    line: 0,
    ...(cls.extends ? { extends: cls.extends } : {}),
    ...(cls.implements ? { implements: cls.implements } : {}),
    ...(cls.traits ? { traits: cls.traits } : {}),
    ...(cls.abstract ? { abstract: cls.abstract } : {}),
    properties,
    constants: {},
    methods,
  };
}

function methodView(method: MethodFacts): MethodFacts | undefined {
  if (!method.routes) return undefined;
  // Route service providers' methods are read in line order.
  return { line: method.line, visibility: 'public', params: [], routes: method.routes };
}
