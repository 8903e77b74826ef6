import type { PhpValue } from '../php/value.js';
import { arrayRecord, arrayValues, isPhpArray } from '../php/value.js';
import type { ChainCall } from '../facts/types.js';
import type { GroupState } from './types.js';
import { lookupTable } from '../php/lookup.js';

type Apply = (state: GroupState, args: PhpValue[]) => GroupState;

const UUID = '[\\da-fA-F]{8}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{12}';
const ULID = '[0-7][0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{25}';

/** `whereNumber('id')` and friends: the regex each one sets. @see https://laravel.com/docs/routing#parameters-regular-expression-constraints */
const WHERE_HELPERS: Record<string, string> = {
  whereNumber: '[0-9]+',
  whereAlpha: '[a-zA-Z]+',
  whereAlphaNumeric: '[a-zA-Z0-9]+',
  whereUuid: UUID,
  whereUlid: ULID,
};

/**
 * What each registrar or route method does to the attributes a route ends up with: prefixes
 * join with `/`, names and namespaces concatenate, middleware accumulates.
 */
const ATTRIBUTES: Record<string, Apply> = lookupTable({
  prefix: (s, [p]) => (typeof p === 'string' ? { ...s, prefix: joinUri(s.prefix, p) } : s),
  middleware: (s, args) => ({ ...s, middleware: [...s.middleware, ...middlewareList(args)] }),
  withoutMiddleware: (s, args) => ({
    ...s,
    withoutMiddleware: [...s.withoutMiddleware, ...middlewareList(args)],
  }),
  name: (s, [n]) => (typeof n === 'string' ? { ...s, name: s.name + n } : s),
  as: (s, [n]) => (typeof n === 'string' ? { ...s, name: s.name + n } : s),
  namespace: (s, [ns]) =>
    typeof ns === 'string' ? { ...s, namespace: joinNamespace(s.namespace, ns) } : s,
  domain: (s, [d]) => (typeof d === 'string' ? { ...s, domain: d } : s),
  controller: (s, [c]) => {
    const name = className(c);
    return name ? { ...s, controller: name } : s;
  },
  where: (s, [name, regex]) => ({ ...s, wheres: { ...s.wheres, ...whereEntries(name, regex) } }),
  whereIn: (s, [names, values]) => {
    const list = arrayValues(values).filter((v) => typeof v === 'string' || typeof v === 'number');
    const regex = list.map((v) => String(v).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    return {
      ...s,
      wheres: { ...s.wheres, ...Object.fromEntries(paramNames(names).map((n) => [n, regex])) },
    };
  },
  ...Object.fromEntries(
    Object.entries(WHERE_HELPERS).map(([method, regex]): [string, Apply] => [
      method,
      (s, [names]) => ({
        ...s,
        wheres: { ...s.wheres, ...Object.fromEntries(paramNames(names).map((n) => [n, regex])) },
      }),
    ]),
  ),
});

export function applyCalls(state: GroupState, calls: readonly ChainCall[]): GroupState {
  return calls.reduce((s, call) => ATTRIBUTES[call.method]?.(s, call.args) ?? s, state);
}

/** `Route::prefix('api')` then `prefix('users')` → `api/users`. */
export function joinUri(prefix: string, uri: string): string {
  return [prefix, uri]
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
}

/** Laravel: a nested namespace is appended unless it starts with `\`. */
function joinNamespace(outer: string | undefined, inner: string): string {
  if (inner.startsWith('\\')) return inner.slice(1);
  return outer ? `${outer}\\${inner.replace(/^\\+/, '')}` : inner;
}

function middlewareList(args: PhpValue[]): string[] {
  return args
    .flatMap((a) => (isPhpArray(a) ? arrayValues(a) : [a]))
    .flatMap((m) => {
      const name = typeof m === 'string' ? m : className(m);
      return name ? [name] : [];
    });
}

function whereEntries(
  name: PhpValue | undefined,
  regex: PhpValue | undefined,
): Record<string, string> {
  if (typeof name === 'string' && typeof regex === 'string') return { [name]: regex };
  return Object.fromEntries(
    Object.entries(arrayRecord(name)).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

function paramNames(value: PhpValue | undefined): string[] {
  if (typeof value === 'string') return [value];
  return arrayValues(value).filter((v): v is string => typeof v === 'string');
}

export function className(value: PhpValue | undefined): string | undefined {
  if (typeof value === 'string') return value.replace(/^\\/, '');
  if (typeof value === 'object' && value !== null && value.kind === 'class') return value.name;
  return undefined;
}
