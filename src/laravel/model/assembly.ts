import type { Finding } from '../../core/errors.js';
import type { ApidocConfig } from '../config.js';
import type { ExceptionRenderer, FileFacts, MacroFacts } from '../facts/types.js';
import { SchemaEmitter } from '../emit/schema.js';
import { TypeEngine } from '../infer/engine.js';
import { ModelCatalog } from '../models/catalog.js';
import type { Column } from '../models/columns.js';
import { replayMigrations, type TableLookup, type Tables } from '../models/tables.js';
import type { PhpValue } from '../php/value.js';
import { configFiles, configValues } from '../project/config-values.js';
import type { ClassIndex } from '../project/classes.js';
import { authModel, resourceHints, unwrappedResources } from '../project/facts.js';
import { throttledGroups } from '../project/throttle.js';
import { middlewareMap, type MiddlewareMap } from '../security/middleware-map.js';
import { CompiledRules } from '../rules/compiled.js';
import { ResourceCatalog } from '../resources/catalog.js';
import { ambiguousNames, Components } from '../emit/components.js';
import type { Assembly } from './context.js';

/**
 * What the project-wide steps decide before any operation is written, as plain JSON: tables
 * from the migrations, resource hints, the authenticated user's model, ambiguous class names,
 * throttled middleware groups and the config files' values.
 */
export interface Globals {
  tables: [string, Column[]][];
  unwrapped: string[];
  hints: [string, string][];
  auth?: string;
  ambiguous: string[];
  throttled: string[];
  /** Each config file's top-level `return` value (`config('app.name')`). */
  configs: [string, PhpValue][];
  /** Macros the project registers (`Response::macro(...)`). */
  macros: MacroFacts[];
  /** Closures rendering exceptions (`bootstrap/app.php`'s `withExceptions`), in file order. */
  renderers?: ExceptionRenderer[];
  /** The middleware groups and aliases (kernel, `bootstrap/app.php`). */
  middleware?: MiddlewareMap;
  /** `Passport::tokensCan([...])`, as written. */
  passportScopes?: PhpValue;
  /** Validation rules the application defines itself, by name. */
  customRules: string[];
}

export function projectGlobals(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): Globals {
  const tables = replayMigrations(files);
  const auth = authModel(files, classes, new ModelCatalog(classes, tables));
  return {
    tables: [...tables].map(([table, columns]) => [table, [...columns.values()]]),
    unwrapped: [...unwrappedResources(files)],
    hints: [...resourceHints(files, classes)],
    ...(auth ? { auth } : {}),
    ambiguous: [...ambiguousNames(classes.names())],
    throttled: [...throttledGroups(files, classes)].sort(),
    configs: configFiles(files),
    macros: [...files.keys()].sort().flatMap((file) => files.get(file)!.macros ?? []),
    ...renderersOf(files),
    middleware: middlewareMap(files, classes),
    ...passportScopesOf(files),
    customRules: [...new Set([...files.values()].flatMap((f) => f.customRules ?? []))].sort(),
  };
}

/**
 * Everything the operations are written with, decided once for the whole project (models,
 * migrations, resources, the authenticated user's model, component names), and a key that
 * changes whenever any of it does: operations stored under another key are never reused.
 */
export function createAssembly(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
  config: ApidocConfig,
  warnings: Finding[],
): { asm: Assembly; resources: ResourceCatalog; globalKey: string } {
  const json = JSON.stringify(projectGlobals(files, classes));
  // As a later run reads them back: the same values whichever way they came.
  const globals = JSON.parse(json) as Globals;
  const tables: Tables = new Map(
    globals.tables.map(([table, columns]) => [table, new Map(columns.map((c) => [c.name, c]))]),
  );
  const configKey = JSON.stringify({ ...config, cacheDir: '', watchPaths: [] });
  const globalKey = `{"config":${configKey},"globals":${json}}`;
  return { ...assemble(globals, tables, classes, config, warnings), globalKey };
}

/** The assembly from the project's globals (`tables` stands for `globals.tables`). */
function assemble(
  globals: Omit<Globals, 'tables'>,
  tables: TableLookup,
  classes: ClassIndex,
  config: ApidocConfig,
  warnings: Finding[],
): { asm: Assembly; resources: ResourceCatalog } {
  const models = new ModelCatalog(classes, tables);
  const resources = new ResourceCatalog(
    classes,
    models,
    new Set(globals.unwrapped),
    new Map(globals.hints),
  );
  const configValue = configValues(globals.configs);
  const engine = new TypeEngine({
    classes,
    models,
    macros: globals.macros,
    ...(globals.renderers ? { renderers: globals.renderers } : {}),
    configValue,
    ...(globals.auth ? { authModel: globals.auth } : {}),
    resourceModel: (name) => resources.model(name),
  });
  resources.attach(engine);
  const components = new Components(new Set(globals.ambiguous), classes.tracker);
  const asm: Assembly = {
    config,
    classes,
    models,
    components,
    resources,
    engine,
    emitter: new SchemaEmitter(engine, models, resources, components, classes.tracker),
    warnings,
    rules: new CompiledRules(
      (c) => models.enumValues(c)?.values,
      warnings,
      classes.tracker,
      new Set(globals.customRules),
    ),
    configValue,
    throttledGroups: new Set(globals.throttled),
    ...(globals.middleware ? { middleware: globals.middleware } : {}),
    ...(globals.passportScopes !== undefined ? { passportScopes: globals.passportScopes } : {}),
    ...(globals.auth ? { authModel: globals.auth } : {}),
  };
  return { asm, resources };
}

function renderersOf(files: ReadonlyMap<string, FileFacts>): { renderers?: ExceptionRenderer[] } {
  const all = [...files.keys()].sort().flatMap((f) => files.get(f)!.exceptionRenderers ?? []);
  return all.length > 0 ? { renderers: all } : {};
}

/** The first file's `Passport::tokensCan([...])`, in file order. */
function passportScopesOf(files: ReadonlyMap<string, FileFacts>): { passportScopes?: PhpValue } {
  const file = [...files.keys()].sort().find((f) => files.get(f)!.passportScopes !== undefined);
  return file ? { passportScopes: files.get(file)!.passportScopes! } : {};
}
