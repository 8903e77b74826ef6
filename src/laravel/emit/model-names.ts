import type { SchemaObject } from '../../core/types.js';
import type { ModelCatalog } from '../models/catalog.js';
import { shortName } from '../php/names.js';
import type { ClassIndex } from '../project/classes.js';
import type { NameHint } from './shared-names.js';

/** How much of a schema's properties and a model's attributes must be the same (Jaccard). */
const MIN_OVERLAP = 0.6;
/** Properties in common, at least. */
const MIN_COMMON = 3;

/**
 * A schema named for the model it serialises: the model (with a migration) whose attributes
 * are most nearly the schema's properties (`id`, `uuid`, `name`, ... → `Application`), when
 * they are mostly the same; a list for its items' model (`ApplicationList`).
 */
export function modelNames(classes: ClassIndex, models: ModelCatalog): NameHint {
  let index: { name: string; attributes: Set<string> }[] | undefined;
  const best = (properties: string[]): string | undefined => {
    index ??= classes
      .names()
      .filter((name) => models.isModel(name) && !classes.get(name)?.facts.abstract)
      .filter((name) => models.rowAttributes(models.table(name)).length > 0)
      .sort()
      .map((name) => ({
        name,
        attributes: new Set(models.attributes(name).map((a) => a.name)),
      }));
    let found: { name: string; score: number } | undefined;
    for (const model of index) {
      const shared = properties.filter((p) => model.attributes.has(p)).length;
      const score = shared / (properties.length + model.attributes.size - shared);
      if (shared >= MIN_COMMON && score >= MIN_OVERLAP && (!found || score > found.score))
        found = { name: shortName(model.name), score };
    }
    return found?.name;
  };
  return (schema: SchemaObject) => {
    const items = schema.type === 'array' ? schema.items : undefined;
    const properties = Object.keys((items ?? schema).properties ?? {});
    const name = properties.length >= MIN_COMMON ? best(properties) : undefined;
    return name && items ? `${name}List` : name;
  };
}
