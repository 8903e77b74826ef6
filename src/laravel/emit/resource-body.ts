import type { SchemaObject } from '../../core/types.js';
import type { Components } from './components.js';
import { resourceEnvelope } from './pagination.js';
import type { SchemaEmitter } from './schema.js';
import { members, type Type } from '../infer/type.js';
import { JSON_RESOURCE, type ResourceCatalog } from '../resources/catalog.js';

type Resource = Extract<Type, { kind: 'resource' }>;

/**
 * The body Laravel sends when a handler returns a resource (or its `->response()`): wrapped in
 * `$wrap` (unless the data has that key already), `with()` and `additional()` merged at the top,
 * paginators as the `data`/`links`/`meta` envelope.
 * @see https://laravel.com/docs/eloquent-resources#data-wrapping
 */
export function resourceBody(
  resource: Resource,
  catalog: ResourceCatalog,
  emitter: SchemaEmitter,
  components: Components,
): SchemaObject {
  const name = resource.class;
  const isList = resource.collection === true || catalog.isCollection(name);
  const extra = {
    ...propertiesOf(resource.additional, emitter),
    ...(resource.collection ? {} : propertiesOf(catalog.withFields(name, resource.data), emitter)),
  };
  // Components are made only where the body refers to them (a reused route restores those).
  const ref = () => emitter.resourceRef(name);
  const paginator = members(resource.data).find((t) => t.kind === 'paginator');
  if (paginator?.kind === 'paginator' && isList) {
    const items = resource.collection ? ref() : itemsOf(name, catalog, emitter);
    return resourceEnvelope(paginator.style, items, components, extra);
  }
  const data: SchemaObject = resource.collection ? { type: 'array', items: ref() } : ref();
  // AnonymousResourceCollection wraps as JsonResource does; a resource class as it declares.
  const wrapper = resource.collection ? catalog.wrapper(JSON_RESOURCE) : catalog.wrapper(name);
  const hasKey =
    !resource.collection && wrapper !== null && catalog.topLevelKeys(name).includes(wrapper);
  const hasExtra = Object.keys(extra).length > 0;
  if (hasKey) return hasExtra ? { allOf: [data, object(extra)] } : data;
  if (wrapper === null && !hasExtra) return data;
  return object({ [wrapper ?? 'data']: data, ...extra });
}

function itemsOf(
  collection: string,
  catalog: ResourceCatalog,
  emitter: SchemaEmitter,
): SchemaObject {
  const collects = catalog.collects(collection);
  return collects ? emitter.resourceRef(collects) : { type: 'object', additionalProperties: true };
}

function propertiesOf(
  type: Type | undefined,
  emitter: SchemaEmitter,
): Record<string, SchemaObject> {
  if (!type) return {};
  return emitter.schema(type).properties ?? {};
}

function object(properties: Record<string, SchemaObject>): SchemaObject {
  return { type: 'object', required: Object.keys(properties), properties };
}
