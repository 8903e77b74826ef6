import type { Finding } from '../../core/errors.js';
import type { ApidocConfig } from '../config.js';
import type { FileFacts } from '../facts/types.js';
import { ModelCatalog } from '../models/catalog.js';
import { replayMigrations } from '../models/tables.js';
import { arrayGet, type PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { authModel, resourceHints, unwrappedResources } from '../project/facts.js';
import { throttledGroups } from '../project/throttle.js';
import { CompiledRules } from '../requests/compiled.js';
import { ResourceCatalog } from '../resources/catalog.js';
import { ambiguousNames, Components } from './components.js';
import type { Assembly } from './context.js';

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
  const tables = replayMigrations(files);
  const models = new ModelCatalog(classes, tables);
  const unwrapped = unwrappedResources(files);
  const hints = resourceHints(files, classes);
  const ambiguous = ambiguousNames(classes.names());
  const resources = new ResourceCatalog(classes, unwrapped, hints);
  const auth = authModel(files, classes, models);
  const throttled = throttledGroups(files, classes);
  const asm: Assembly = {
    config,
    classes,
    models,
    components: new Components(ambiguous, classes.tracker),
    resources,
    warnings,
    rules: new CompiledRules((c) => models.enumValues(c)?.values, warnings, classes.tracker),
    configValue: (key) => configLookup(files, key),
    throttledGroups: throttled,
    ...(auth ? { authModel: auth } : {}),
  };
  resources.attach(asm);
  const globalKey = JSON.stringify({
    config: { ...config, cacheDir: '', watchPaths: [] },
    tables: [...tables].map(([t, c]) => [t, [...c.values()]]),
    unwrapped: [...unwrapped],
    hints: [...hints],
    auth,
    ambiguous: [...ambiguous],
    throttled: [...throttled].sort(),
    configs: [...files]
      .filter(([f]) => f.startsWith('config/'))
      .map(([f, facts]) => [f, facts.returns]),
  });
  return { asm, resources, globalKey };
}

/** `config('app.name')`: `name` in `config/app.php`, as written (env() calls left as calls). */
function configLookup(files: ReadonlyMap<string, FileFacts>, key: string): PhpValue | undefined {
  const [file, ...path] = key.split('.');
  let value: PhpValue | undefined = files.get(`config/${file}.php`)?.returns;
  for (const segment of path) value = arrayGet(value, segment);
  return value;
}
