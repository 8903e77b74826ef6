import type { PhpValue } from '../php/value.js';
import type { Infer, World } from './api.js';
import { NULL, listOf, union, unknown, type Field, type Type } from './type.js';

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

/**
 * A model as the array Laravel makes of it (`toArray()`, `collect($model)`, `...$model`): its
 * attributes (the class's `$hidden`/`$visible` and the instance's `makeHidden()`/`makeVisible()`
 * applied), its loaded relations under their keys, and the keys set on it.
 */
export function attributesShape(model: Extract<Type, { kind: 'model' }>, world: World): Type {
  const models = world.models;
  const shown = model.shown ?? [];
  const hidden = new Set(model.hidden ?? []);
  const visible = model.visible ?? [];
  const kept = (key: string) => !hidden.has(key) && (visible.length === 0 || visible.includes(key));
  const fields: Field[] = models
    .attributes(model.class, shown)
    .filter((a) => kept(a.name))
    .map((a) => ({
      key: a.name,
      type: { kind: 'attribute', json: a.json },
      ...(a.always ? {} : { optional: true as const }),
    }));
  const relations: Field[] = [];
  for (const name of model.loaded ?? []) {
    const relation = models.relation(model.class, name);
    if (!relation || !models.isModel(relation.related)) continue;
    const key = models.relationKey(model.class, name);
    if (!shown.includes(key) && !models.serialised(model.class, key)) continue;
    const related: Type = { kind: 'model', class: relation.related };
    relations.push({ key, type: relation.many ? listOf(related) : union([related, NULL]) });
  }
  // In the order Laravel writes them: attributes, then relations, then what was set.
  for (const field of [...relations, ...(model.extra ?? [])]) {
    const at = fields.findIndex((f) => f.key === field.key);
    if (at >= 0) fields[at] = field;
    else fields.push(field);
  }
  return { kind: 'shape', fields };
}

/**
 * A key written as an expression (`self::TYPE => ...`, `Step::class => ...`): a constant's
 * value, a class's name; undefined when the engine cannot fold it (the key is then the
 * expression as written, see `arrayKeys`).
 */
function lateKey(key: PhpValue, infer: Infer): string | undefined {
  const type =
    typeof key === 'object' && key?.kind === 'const' && key.value === undefined
      ? infer.constant(key.className, key.name)
      : valueType(key, infer);
  if (type.kind === 'class') return type.class;
  return type.kind === 'literal' && typeof type.value !== 'boolean'
    ? String(type.value)
    : undefined;
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
        fields: value.items.map((i) => {
          const key = (i.lateKey !== undefined && lateKey(i.lateKey, infer)) || String(i.key);
          return { key, type: valueType(i.value, infer) };
        }),
      };
    }
    default:
      return unknown();
  }
}
