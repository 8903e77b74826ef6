import type { PhpValue } from '../php/value.js';
import type { Infer, World } from './api.js';
import { NULL, union, unknown, type Type } from './type.js';

/** The class of a value that has one (a builder is Eloquent's, a paginator Laravel's, ...). */
export function classOf(type: Type): string | undefined {
  switch (type.kind) {
    case 'model':
    case 'object':
    case 'resource':
    case 'enum':
      return type.class;
    case 'builder':
      return 'Illuminate\\Database\\Eloquent\\Builder';
    case 'paginator':
      return 'Illuminate\\Pagination\\LengthAwarePaginator';
    case 'response':
      return 'Illuminate\\Http\\JsonResponse';
    default:
      return undefined;
  }
}

/** A model's attributes as a shape (what `toArray()` gives, to merge into another array). */
export function attributesShape(model: string, world: World): Type {
  return {
    kind: 'shape',
    fields: world.models.attributes(model).map((a) => ({
      key: a.name,
      type: { kind: 'schema', schema: a.schema },
      ...(a.always ? {} : { optional: true as const }),
    })),
  };
}

/** A property default or constant, as written (`'data'`, `UserTransformer::class`, `[...]`). */
export function valueType(value: PhpValue, infer: Infer): Type {
  if (value === null) return NULL;
  if (typeof value !== 'object') return { kind: 'literal', value };
  switch (value.kind) {
    case 'class':
      return { kind: 'class', class: value.name };
    case 'const':
      return value.value !== undefined
        ? { kind: 'literal', value: value.value }
        : infer.instance(value.className);
    case 'array': {
      if (value.items.length === 0) return { kind: 'list', items: unknown('empty array') };
      if (value.items.every((i) => i.key === undefined))
        return { kind: 'list', items: union(value.items.map((i) => valueType(i.value, infer))) };
      return {
        kind: 'shape',
        fields: value.items.map((i) => ({ key: String(i.key), type: valueType(i.value, infer) })),
      };
    }
    default:
      return unknown();
  }
}
