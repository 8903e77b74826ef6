import { members, type Field, type Type } from '../infer/type.js';
import type { PhpValue } from '../php/value.js';

/** Where a validated field's value comes from. */
type Source =
  /** The request's field of this name (the same, or renamed). */
  | { field: string }
  /** Set by the server (`$this->user()->id`, a constant): no field of the request. */
  | { server: true };

/**
 * Rules validated against what a FormRequest's `validationData()` gives, as the type engine
 * computes it (`$this` carrying what the client sent), as rules on the request's own fields:
 * - the input `user` (`$this->input('user')`, `Arr::wrap($this->input('user'))`,
 *   `$this->json('user')`, `Arr::get($this->all(), 'user')`) puts every field under `user`;
 * - `array_merge($this->all(), ['user_id' => $this->user()->id])` keeps the request's fields,
 *   less what the server sets;
 * - an array built of inputs (`['name' => $this->input('title')]`, `$this->only([...])`)
 *   validates each input under its key.
 * Data that is the whole input, or that the engine cannot read, leaves the rules as they are.
 * @see https://laravel.com/docs/validation#form-request-validation
 */
export function rulesOnSent(rules: Record<string, PhpValue>, data: Type): Record<string, PhpValue> {
  const envelope = envelopeOf(data);
  if (envelope !== undefined)
    return Object.fromEntries(Object.entries(rules).map(([f, r]) => [`${envelope}.${f}`, r]));
  const sourceOf = sources(data);
  if (!sourceOf) return rules;
  const out: Record<string, PhpValue> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const [top = '', ...rest] = field.split('.');
    const source = sourceOf(top);
    if (source && 'field' in source) out[[source.field, ...rest].join('.')] = rule;
  }
  return out;
}

/**
 * The one value the data is, the defaults an absent input gives aside (`$this->input('data',
 * [])`, `Arr::wrap(...)` of a missing input): undefined when it may be several.
 */
function present(data: Type): Type | undefined {
  const kept = members(data).filter((t) => !isEmpty(t));
  return kept.length === 1 ? kept[0] : undefined;
}

function isEmpty(t: Type): boolean {
  return (
    t.kind === 'null' ||
    (t.kind === 'list' && t.items.kind === 'unknown' && !t.tuple?.length) ||
    (t.kind === 'shape' && t.fields.length === 0)
  );
}

/** `$this->input('data')`: the one input the data is, whose fields are validated. */
function envelopeOf(data: Type): string | undefined {
  const one = present(data);
  return one?.kind === 'sent' && !one.fields ? one.name : undefined;
}

/** Each top-level key's source, or undefined when every validated field is the request's own. */
function sources(data: Type): ((key: string) => Source | undefined) | undefined {
  const over = overInput(data);
  if (over)
    // A key set on some paths only (`if (!isset($input['x'])) $input['x'] = 'all';`) is the
    // client's where another path keeps what the client sent.
    return (key) => {
      const found = over.map((fields): Source => {
        const set = fields.find((f) => f.key === key);
        // Set on some paths only (`if (isset($input['a'])) $input['b'] = $input['a'];`): the
        // client's own field on the others.
        return !set || set.optional ? { field: key } : sourceOf(set.type, key);
      });
      return found.find((s) => 'field' in s) ?? found[0];
    };
  const one = present(data);
  if (one?.kind === 'shape')
    return (key) => {
      const set = one.fields.find((f) => f.key === key);
      return set ? sourceOf(set.type, key) : undefined;
    };
  return undefined;
}

/**
 * The keys set over the whole input on each path (`array_merge($this->all(), [...])`, a
 * `prepareForValidation()` `merge()`): undefined unless every path is the whole input so.
 */
function overInput(data: Type): (readonly Field[])[] | undefined {
  const paths = members(data).filter((t) => t.kind !== 'null');
  const over = paths.flatMap((t) =>
    t.kind === 'sent' && t.name === undefined ? [t.fields ?? []] : [],
  );
  return over.length === paths.length && over.some((f) => f.length > 0) ? over : undefined;
}

/** An entry's source: an input under its name, a value the server sets, else the key's own field. */
function sourceOf(type: Type, key: string): Source {
  const one = present(type);
  if (one?.kind === 'sent' && one.name !== undefined && !one.fields) return { field: one.name };
  return isServerValue(type) ? { server: true } : { field: key };
}

/**
 * Whether a value is the server's: a literal, config, a model or its attribute (the signed-in
 * user's id), a route parameter. A value made from anything else
 * (an input, a string built from one, what the engine cannot read) is taken for the client's
 * own field.
 */
function isServerValue(type: Type, depth = 0): boolean {
  if (depth > 6) return true;
  return members(type).every((t) => {
    switch (t.kind) {
      case 'literal':
      case 'null':
      case 'enum':
      case 'model':
      case 'attribute':
      case 'class':
      case 'object':
        return true;
      // A number or string a method made (`$this->decode($input['client_id'])`) may be the
      // client's value reworked: the engine does not say where it came from.
      case 'scalar':
        return t.written !== undefined;
      case 'shape':
        return t.fields.every((f) => isServerValue(f.type, depth + 1));
      case 'unknown':
        return t.reason === 'route parameter' || t.reason === 'authenticated user';
      default:
        return false;
    }
  });
}
