import { STATUS_CODES } from 'node:http';
import { singular } from '../../core/inflect.js';
import type { SchemaObject } from '../../core/types.js';

/** Where a schema is used: the body it is in, and the property holding it, if any. */
export interface Site {
  /** The operation's path. */
  path?: string;
  /** In the response of this status. */
  status?: string;
  /** In the request body. */
  body?: boolean;
  /** The nearest property above it. */
  key?: string;
  /** In the items of a list (of `key`, or of the body). */
  items?: boolean;
  /** Inside this component. */
  component?: string;
}

/** A name for a schema from what the project knows of it (the model whose attributes it has). */
export type NameHint = (schema: SchemaObject) => string | undefined;

/** Path segments that name no resource. */
const NOT_A_NOUN = /^(api|v\d+(\.\d+)*|\d+(\.\d+)*)$/i;

/**
 * A name for a schema made a component, from where it is used: what the project knows of it,
 * else the property that holds it most often (`conflicts` → `Conflicts`, the items of
 * `environment_variables` → `EnvironmentVariable`), else the component it wraps in `data`
 * (`PostResourceCollection`), else the error status of every response
 * it is (`InvalidTokenError` for its one message, else `BadRequestError`), else the resource
 * its operations' paths share (`DatabaseResponse` for a body of the `/databases/*` routes,
 * `DatabaseRequest` for a request body). Names already taken get a number.
 */
export function sharedName(
  schema: SchemaObject,
  sites: readonly Site[],
  taken: Set<string>,
  hint?: NameHint,
): string {
  const base =
    hint?.(schema) ??
    fromKeys(sites) ??
    fromData(schema) ??
    fromMessage(schema, sites) ??
    fromStatuses(sites) ??
    fromPaths(schema, sites);
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/** The key that holds it most often (the first met, of equals). */
function fromKeys(sites: readonly Site[]): string | undefined {
  const counts = new Map<string, number>();
  for (const site of sites) {
    if (site.key === undefined) continue;
    const word = site.items ? singular(site.key) : site.key;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best ? pascal(best[0]) : undefined;
}

/**
 * A resource's response around a component: `{data: PostResource, ...}` →
 * `PostResourceResponse`, `{data: [PostResource], ...}` → `PostResourceCollection`.
 * @see https://laravel.com/docs/eloquent-resources#data-wrapping
 */
function fromData(schema: SchemaObject): string | undefined {
  const data = schema.properties?.data;
  const one = refName(data);
  if (one) return `${one}Response`;
  const many = data?.type === 'array' ? refName(data.items) : undefined;
  return many ? `${many}Collection` : undefined;
}

function refName(schema: SchemaObject | undefined): string | undefined {
  const name = schema?.$ref?.split('/').at(-1);
  return name ? pascal(name) : undefined;
}

/** Whether every use is the body of an error response. */
function errorsOnly(sites: readonly Site[]): boolean {
  return sites.length > 0 && sites.every((s) => Number(s.status) >= 400);
}

/** An error body with one fixed message: `Invalid token.` → `InvalidTokenError`. */
function fromMessage(schema: SchemaObject, sites: readonly Site[]): string | undefined {
  const message = schema.properties?.message?.enum;
  if (!errorsOnly(sites) || message?.length !== 1 || typeof message[0] !== 'string')
    return undefined;
  const words = message[0]
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .slice(0, 4);
  return words.length > 0 ? `${pascal(words.join(' '))}Error` : undefined;
}

/** `BadRequestError` when every use is the body of a 400 response; `Error` for several statuses. */
function fromStatuses(sites: readonly Site[]): string | undefined {
  if (!errorsOnly(sites)) return undefined;
  const statuses = new Set(sites.map((s) => Number(s.status)));
  const [only] = statuses;
  return statuses.size === 1 ? `${pascal(STATUS_CODES[only!] ?? 'Error')}Error` : 'Error';
}

/**
 * The resource the operations' paths share: the last literal segment they end with (their
 * parameters dropped: `/servers/{uuid}/envs` and `/projects/{uuid}/envs` share `envs`), else of
 * their common prefix: `ShipmentResponse`, `ShipmentList`, `ShipmentRequest` for a request body.
 */
function fromPaths(schema: SchemaObject, sites: readonly Site[]): string {
  const paths = sites.flatMap((s) => (s.path ? [literalSegments(s.path)] : []));
  const noun = common(paths.map((p) => [...p].reverse()))[0] ?? common(paths).at(-1) ?? 'shared';
  const base = pascal(singular(noun));
  if (sites.every((s) => s.body)) return `${base}Request`;
  return schema.type === 'array' ? `${base}List` : `${base}Response`;
}

/** A path's segments up to its last literal one, without parameters or API prefixes. */
function literalSegments(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  while (segments.length > 0 && segments.at(-1)!.startsWith('{')) segments.pop();
  return segments.filter((s) => !s.startsWith('{') && !NOT_A_NOUN.test(s));
}

/** The segments every list starts with. */
function common(lists: readonly string[][]): string[] {
  const out: string[] = [];
  for (let i = 0; lists.length > 0 && lists.every((l) => i < l.length); i++) {
    if (!lists.every((l) => l[i] === lists[0]![i])) break;
    out.push(lists[0]![i]!);
  }
  return out;
}

/** `environment_variable` → `EnvironmentVariable`; a name never starts with a digit. */
function pascal(words: string): string {
  const name = words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return /^[A-Za-z]/.test(name) ? name : `Schema${name}`;
}
