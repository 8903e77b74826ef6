import type { SchemaObject } from '../../core/types.js';
import type { Shape } from '../facts/types.js';
import type { Assembly } from '../document/context.js';
import { resourceEnvelope } from '../document/pagination.js';
import { shapeSchema } from '../document/shape-schema.js';
import type { ResourceCatalog } from './catalog.js';

type ResourceShape = Extract<Shape, { kind: 'resource' }>;

/**
 * The body Laravel sends when a handler returns a resource: wrapped in `$wrap` (unless the
 * data has that key already), `with()` and `additional()` merged at the top, paginators as
 * the `data`/`links`/`meta` envelope.
 * @see https://laravel.com/docs/eloquent-resources#data-wrapping
 */
export function resourceBody(
  shape: ResourceShape,
  catalog: ResourceCatalog,
  asm: Assembly,
): SchemaObject {
  const { className } = shape;
  const isList = shape.collection || catalog.isCollection(className);
  const extra = {
    ...propertiesOf(shape.additional, asm),
    ...(isList && shape.collection
      ? {}
      : propertiesOf(catalog.withFields(className), asm, catalog.model(className))),
  };
  const ref = catalog.ref(className);
  const data: SchemaObject = shape.collection ? { type: 'array', items: ref } : ref;
  const paginated = shape.source?.paginated;
  if (paginated && isList) {
    const items = shape.collection ? ref : itemsOf(className, catalog, asm);
    return resourceEnvelope(paginated, items, asm.components, extra);
  }
  // AnonymousResourceCollection wraps as JsonResource does; a resource class as it declares.
  const wrapper = shape.collection
    ? catalog.wrapper('Illuminate\\Http\\Resources\\Json\\JsonResource')
    : catalog.wrapper(className);
  const hasKey =
    !shape.collection && wrapper !== null && catalog.topLevelKeys(className).includes(wrapper);
  const hasExtra = Object.keys(extra).length > 0;
  if (hasKey) return hasExtra ? { allOf: [data, object(extra)] } : data;
  if (wrapper === null && !hasExtra) return data;
  return object({ [wrapper ?? 'data']: data, ...extra });
}

function itemsOf(collection: string, catalog: ResourceCatalog, asm: Assembly): SchemaObject {
  const collects = catalog.collects(collection);
  void asm;
  return collects ? catalog.ref(collects) : { type: 'object', additionalProperties: true };
}

function propertiesOf(
  shape: Shape | undefined,
  asm: Assembly,
  model?: string,
): Record<string, SchemaObject> {
  if (!shape) return {};
  const schema = shapeSchema(shape, model ? { model } : {}, asm);
  return schema.properties ?? {};
}

function object(properties: Record<string, SchemaObject>): SchemaObject {
  return { type: 'object', required: Object.keys(properties), properties };
}
