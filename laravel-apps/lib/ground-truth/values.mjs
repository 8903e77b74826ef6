// The values the interpreter knows. PHP strings are JS strings; a part of a string that is not
// known (an id from a factory) is UNKNOWN_PART, so a URL keeps its known segments. Everything
// else the tests compute (models, mocks) is UNKNOWN.
export const UNKNOWN = Object.freeze({ t: '?' });
export const UNKNOWN_PART = '\u0000';
export const THIS = Object.freeze({ t: 'this' });

export const arr = (entries = []) => ({ t: 'arr', entries });
export const isArr = (v) => v?.t === 'arr';

/** A value as a string (a URL part): known scalars, else UNKNOWN_PART. */
export function asString(v) {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (v === true) return '1';
  if (v === false || v === null) return '';
  return UNKNOWN_PART;
}

/** The entry of a PHP array for a key (numeric keys by number). */
export function lookup(array, key) {
  const k = normaliseKey(key);
  for (let i = array.entries.length - 1; i >= 0; i--)
    if (normaliseKey(array.entries[i].key) === k) return array.entries[i].value;
  return undefined;
}

function normaliseKey(key) {
  if (typeof key === 'number') return String(key);
  if (typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key)) return key;
  return typeof key === 'string' ? `s:${key}` : undefined;
}

/** Assigns keys to entries written without one, as PHP does. */
export function withKeys(entries) {
  let next = 0;
  return entries.map((e) => {
    if (e.key === undefined) return { key: next++, value: e.value };
    if (typeof e.key === 'number' && e.key >= next) next = e.key + 1;
    return e;
  });
}

export const isList = (v) =>
  isArr(v) && v.entries.every((e, i) => typeof e.key === 'number' && e.key === i);
