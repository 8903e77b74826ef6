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
    return withIncluded(
      resourceEnvelope(paginator.style, items, components, extra),
      resource,
      catalog,
      components,
    );
  }
  const data: SchemaObject = resource.collection ? { type: 'array', items: ref() } : ref();
  // AnonymousResourceCollection wraps as JsonResource does; a resource class as it declares.
  const wrapper = resource.collection ? catalog.wrapper(JSON_RESOURCE) : catalog.wrapper(name);
  const hasKey =
    !resource.collection && wrapper !== null && catalog.topLevelKeys(name).includes(wrapper);
  const hasExtra = Object.keys(extra).length > 0;
  if (hasKey) return hasExtra ? { allOf: [data, object(extra)] } : data;
  if (wrapper === null && !hasExtra) return data;
  return withIncluded(
    object({ [wrapper ?? 'data']: data, ...extra }),
    resource,
    catalog,
    components,
  );
}

/**
 * A JSON:API document's `included`: the related resource objects a client asks for with
 * `?include=`, present only then.
 * @see https://jsonapi.org/format/#document-compound-documents
 */
function withIncluded(
  schema: SchemaObject,
  resource: Resource,
  catalog: ResourceCatalog,
  components: Components,
): SchemaObject {
  const item =
    resource.collection || !catalog.isCollection(resource.class)
      ? resource.class
      : catalog.collects(resource.class);
  if (!item || !catalog.includes(item) || !schema.properties) return schema;
  const included = components.fixed('JsonApiResourceObject', () => ({
    type: 'object',
    required: ['id', 'type'],
    properties: {
      id: { type: 'string' },
      type: { type: 'string' },
      attributes: { type: 'object', additionalProperties: true },
      relationships: { type: 'object', additionalProperties: true },
    },
  }));
  return {
    ...schema,
    properties: { ...schema.properties, included: { type: 'array', items: included } },
  };
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
