import type { ErrorObject } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../ajv.js';
import { parseJson } from '../engine/json-body.js';
import { toJsonSchema } from '../schema.js';
import type { OpenApiDocument, SchemaObject } from '../types.js';
import type { Violation } from './types.js';

/** Past this many, a body's errors are summed up: a list of 500 broken items says one thing. */
const MAX_BODY_VIOLATIONS = 20;
/** Values quoted in messages are cut here. */
const MAX_QUOTED = 60;

let ajv: Ajv2020 | undefined;
const compiled = new WeakMap<object, BodyCheck>();

/** Violations of a parsed body; none when it is valid. */
export type BodyCheck = (value: unknown) => Violation[];

/**
 * Checks a parsed response body against a response schema (`readOnly` allowed, `writeOnly`
 * never required): one violation per error, located by JSON pointer under `/response/body`.
 * Validators are compiled on first use and kept per schema object.
 */
export function checkBodyValue(
  doc: OpenApiDocument,
  schema: SchemaObject,
  value: unknown,
): Violation[] {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = bodyCheck(toJsonSchema(doc, schema, 'response'))));
  return check(value);
}

/** The check of a `toJsonSchema` document (a worker thread compiles one from its text). */
export function bodyCheck(jsonSchema: Record<string, unknown> | boolean): BodyCheck {
  ajv ??= createAjv({ allErrors: true, verbose: true });
  const validate = ajv.compile(typeof jsonSchema === 'boolean' ? jsonSchema : { ...jsonSchema });
  return (value) => (validate(value) ? [] : describeErrors(validate.errors ?? []));
}

/** A JSON body read whole: empty, not JSON (PHP's reading of it), or judged by `check`. */
export function checkJsonBody(payload: Buffer, check: BodyCheck): Violation[] {
  if (payload.length === 0) {
    return [{ location: '/response/body', message: 'is empty where a JSON body is declared' }];
  }
  const parsed = parseJson(payload);
  if ('error' in parsed) {
    return [{ location: '/response/body', message: `is not valid JSON: ${parsed.error}` }];
  }
  return check(parsed.value);
}

/** ajv's errors as violations, the composite keywords' summaries left out when a branch said more. */
export function describeErrors(errors: readonly ErrorObject[]): Violation[] {
  const out: Violation[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    const violation = describe(error);
    const key = `${violation.location} ${violation.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(violation);
  }
  if (out.length <= MAX_BODY_VIOLATIONS) return out;
  const rest = out.length - MAX_BODY_VIOLATIONS;
  return [
    ...out.slice(0, MAX_BODY_VIOLATIONS),
    { location: '/response/body', message: `and ${rest} more violation(s) of the schema` },
  ];
}

function describe(error: ErrorObject): Violation {
  const at = `/response/body${error.instancePath}`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const name = String(params.missingProperty);
      return {
        location: `${at}/${escapeSegment(name)}`,
        message: `required property '${name}' is missing${undeclaredKeys(error)}`,
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      return {
        location: `${at}/${escapeSegment(name)}`,
        message: `property '${name}' is not declared (${error.keyword}: false)`,
      };
    }
    case 'enum':
      return {
        location: at,
        message: `must be one of ${quoteList(params.allowedValues)}, is ${quote(error.data)}`,
      };
    default:
      return {
        location: at,
        message: `${error.message ?? error.keyword}, is ${quote(error.data)}`,
      };
  }
}

/**
 * A required key missing beside keys the schema does not declare is, more often than not, a
 * renamed one: say which keys those are.
 */
function undeclaredKeys(error: ErrorObject): string {
  const data = error.data;
  const declared = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)
    ?.properties;
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !declared) return '';
  const extra = Object.keys(data).filter((key) => !(key in declared));
  if (extra.length === 0) return '';
  const names = extra.slice(0, 5).map((key) => `'${key}'`);
  return ` (the object has undeclared ${names.join(', ')}${extra.length > 5 ? ', ...' : ''})`;
}

/** A value in a message, short: `"89.90"`, `12`, `an object`, `an array of 3`. */
export function quote(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…"` : text;
}

function quoteList(values: unknown): string {
  if (!Array.isArray(values)) return '';
  const shown = values.slice(0, 8).map((v) => JSON.stringify(v));
  return shown.join(', ') + (values.length > 8 ? ', ...' : '');
}

/** A JSON pointer segment. @see https://datatracker.ietf.org/doc/html/rfc6901#section-3 */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
