import type { Shape } from '../facts/types.js';
import { type } from './context.js';

/** Helper functions whose result type is known. @see https://laravel.com/docs/helpers */
export const FUNCTION_SHAPES: Record<string, Shape> = {
  now: type('string', 'date-time'),
  today: type('string', 'date-time'),
  count: type('integer'),
  strlen: type('integer'),
  route: type('string', 'uri'),
  url: type('string', 'uri'),
  asset: type('string', 'uri'),
  secure_url: type('string', 'uri'),
  __: type('string'),
  trans: type('string'),
  trans_choice: type('string'),
  sprintf: type('string'),
  number_format: type('string'),
  ucfirst: type('string'),
  strtoupper: type('string'),
  strtolower: type('string'),
  implode: type('string'),
  md5: type('string'),
  intval: type('integer'),
  floatval: type('number'),
  boolval: type('boolean'),
  is_null: type('boolean'),
  in_array: type('boolean'),
  round: type('number'),
};

/** Methods whose result type does not depend on what they are called on (Carbon, collections). */
export const VALUE_METHODS: Record<string, Shape> = {
  toIso8601String: type('string', 'date-time'),
  toISOString: type('string', 'date-time'),
  toJSON: type('string', 'date-time'),
  toAtomString: type('string', 'date-time'),
  toRfc3339String: type('string', 'date-time'),
  toDateString: type('string', 'date'),
  toDateTimeString: type('string'),
  toTimeString: type('string'),
  toFormattedDateString: type('string'),
  format: type('string'),
  diffForHumans: type('string'),
  count: type('integer'),
  sum: type('number'),
  avg: type('number'),
  exists: type('boolean'),
  isEmpty: type('boolean'),
  isNotEmpty: type('boolean'),
  toString: type('string'),
  getKey: type('integer'),
  timestamp: type('integer'),
  implode: type('string'),
  pluck: type('array'),
  keys: type('array'),
  values: type('array'),
  url: type('string', 'uri'),
  temporaryUrl: type('string', 'uri'),
  can: type('boolean'),
  cannot: type('boolean'),
  isNot: type('boolean'),
  trashed: type('boolean'),
  hasVerifiedEmail: type('boolean'),
};

/** Properties whose type is known whatever they are read on (Sanctum's new token). */
export const VALUE_PROPERTIES: Record<string, Shape> = {
  plainTextToken: type('string'),
};

/** Static helpers whose result type is known: `Str::limit(...)` is a string. */
export function staticShape(className: string, method: string): Shape | undefined {
  const short = className.slice(className.lastIndexOf('\\') + 1);
  if (short === 'Str') {
    if (/^(is|contains|startsWith|endsWith|isUuid|isUlid|isJson|isAscii|isUrl)/.test(method))
      return type('boolean');
    if (/^(length|wordCount|position|substrCount)$/.test(method)) return type('integer');
    if (method === 'uuid' || method === 'orderedUuid') return type('string', 'uuid');
    return type('string');
  }
  if (short === 'Carbon' || short === 'CarbonImmutable' || short === 'Date')
    return type('string', 'date-time');
  if (short === 'Hash' || short === 'Crypt') return type('string');
  // Aggregates, on a model or a facade: `User::count()`, `Order::sum('total')`.
  return AGGREGATES[method];
}

const AGGREGATES: Record<string, Shape> = {
  count: type('integer'),
  exists: type('boolean'),
  doesntExist: type('boolean'),
  sum: type('number'),
  avg: type('number'),
  average: type('number'),
};
