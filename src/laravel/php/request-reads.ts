import type { InputType } from './value.js';
import { lookupTable } from './lookup.js';

/** How a request accessor reads one named input: where from, and the type it returns. */
export interface Reader {
  /** `query`, `input`, `header`, ... */
  via: string;
  type?: InputType;
}

/**
 * Request accessors that read one named input, and what they return.
 * @see https://laravel.com/docs/requests#retrieving-input
 */
export const READERS: Record<string, Reader> = lookupTable({
  query: { via: 'query' },
  input: { via: 'input' },
  get: { via: 'input' },
  post: { via: 'input' },
  json: { via: 'input' },
  integer: { via: 'input', type: 'integer' },
  int: { via: 'input', type: 'integer' },
  boolean: { via: 'input', type: 'boolean' },
  bool: { via: 'input', type: 'boolean' },
  float: { via: 'input', type: 'number' },
  string: { via: 'input', type: 'string' },
  str: { via: 'input', type: 'string' },
  date: { via: 'input', type: 'string' },
  enum: { via: 'input', type: 'string' },
  array: { via: 'input', type: 'array' },
  collect: { via: 'input', type: 'array' },
  has: { via: 'input' },
  hasAny: { via: 'input' },
  filled: { via: 'input' },
  anyFilled: { via: 'input' },
  isNotFilled: { via: 'input' },
  missing: { via: 'input' },
  exists: { via: 'input' },
  whenHas: { via: 'input' },
  whenFilled: { via: 'input' },
  whenMissing: { via: 'input' },
  file: { via: 'file' },
  hasFile: { via: 'file' },
  header: { via: 'header' },
  hasHeader: { via: 'header' },
  bearerToken: { via: 'header' },
});

/** Accessors that return every input, or a chosen few (`only`), or all but some (`except`). */
export const ALL_READERS: Record<string, Reader> = lookupTable({
  all: { via: 'input' },
  input: { via: 'input' },
  // Only what the rules allowed: mass-assigning it adds no field.
  validated: { via: 'validated' },
  safe: { via: 'validated' },
  toArray: { via: 'input' },
  only: { via: 'input' },
  except: { via: 'input' },
  post: { via: 'input' },
  json: { via: 'input' },
  query: { via: 'query' },
  collect: { via: 'input' },
});

/** Properties of a request object that are not inputs (`$request->name` reads the input). */
export const NOT_INPUTS = new Set([
  'attributes',
  'request',
  'query',
  'server',
  'files',
  'cookies',
  'headers',
  'json',
  'route',
]);
