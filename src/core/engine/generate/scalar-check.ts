import formatsModule from 'ajv-formats/dist/formats.js';
import type * as Formats from 'ajv-formats/dist/formats.js';
import { enumOf } from '../../keywords.js';
import { codePoints } from '../../code-points.js';
import { unicodePattern } from '../../pattern.js';
import { patternTest, type PatternTest } from '../../regex/pattern-test.js';
import type { SchemaObject } from '../../types.js';

// CommonJS module: under NodeNext its named exports sit on the default import.
const { fullFormats } = formatsModule as unknown as typeof Formats;

/**
 * A check for flat scalar schemas (`{ type: string, format: email, maxLength: 80 }`), with the
 * same outcome as compiling `toJsonSchema(schema)` with ajv. Large real specs carry an example
 * on nearly every property; compiling an ajv validator for each one made the first request of
 * an operation cost hundreds of milliseconds. Anything not flat and scalar returns undefined,
 * and ajv decides.
 */
export type ScalarCheck = (value: unknown) => boolean;

const ANNOTATIONS = new Set([
  'type',
  'format',
  'enum',
  'const',
  'nullable',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'examples',
  'default',
  'title',
  'description',
  'readOnly',
  'writeOnly',
  'deprecated',
  'xml',
  'externalDocs',
]);
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

export function scalarCheck(schema: SchemaObject): ScalarCheck | undefined {
  for (const key of Object.keys(schema)) {
    if (!ANNOTATIONS.has(key) && !key.startsWith('x-')) return undefined;
  }
  const types = typesOf(schema);
  if (!types) return undefined;
  const members = enumOf(schema);
  if (schema.enum !== undefined && (!members || !isScalarList(members))) return undefined;
  if (schema.const !== undefined && !isScalarList([schema.const])) return undefined;
  const checks = [typeCheck(types), ...numberChecks(schema), ...stringChecks(schema)];
  const nullable = schema.nullable === true;
  const enumValues = members && nullable ? [...members, null] : members;
  return (value) => {
    if (enumValues && !enumValues.includes(value)) return false;
    if ('const' in schema && schema.const !== value) return false;
    if (value === null && nullable) return true;
    return checks.every((check) => check(value));
  };
}

function typesOf(schema: SchemaObject): string[] | undefined {
  const raw = schema.type;
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.every((t) => SCALAR_TYPES.has(t)) ? list : undefined;
}

function isScalarList(values: unknown[]): boolean {
  return values.every((v) => v === null || typeof v !== 'object');
}

function typeCheck(types: string[]): ScalarCheck {
  if (types.length === 0) return () => true;
  return (value) =>
    types.some((type) => {
      switch (type) {
        case 'integer':
          return typeof value === 'number' && Number.isInteger(value);
        case 'number':
          return typeof value === 'number' && Number.isFinite(value);
        case 'null':
          return value === null;
        default:
          return typeof value === type;
      }
    });
}

/** Number keywords apply to numbers only, as in JSON Schema. */
function numberChecks(schema: SchemaObject): ScalarCheck[] {
  const checks: ((n: number) => boolean)[] = [];
  const { minimum, maximum, exclusiveMinimum: exMin, exclusiveMaximum: exMax, multipleOf } = schema;
  if (typeof minimum === 'number')
    checks.push(exMin === true ? (n) => n > minimum : (n) => n >= minimum);
  if (typeof maximum === 'number')
    checks.push(exMax === true ? (n) => n < maximum : (n) => n <= maximum);
  if (typeof exMin === 'number') checks.push((n) => n > exMin);
  if (typeof exMax === 'number') checks.push((n) => n < exMax);
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    // ajv's own test, floating point and all.
    checks.push((n) => n / multipleOf === parseInt(String(n / multipleOf), 10));
  }
  return [
    ...checks.map((check) => (value: unknown) => typeof value !== 'number' || check(value)),
    ...formatChecks(schema),
  ];
}

function formatChecks(schema: SchemaObject): ScalarCheck[] {
  const check = typeof schema.format === 'string' ? formatCheck(schema.format) : undefined;
  return check ? [check] : [];
}

/**
 * ajv-formats' test for a format, on values of the type it is for (`int32` on numbers, `email`
 * on strings); undefined for a format that tests nothing (`binary`) or that it does not know.
 */
export function formatCheck(name: string): ScalarCheck | undefined {
  if (!Object.hasOwn(fullFormats, name)) return undefined;
  const format = fullFormats[name as keyof typeof fullFormats] as unknown;
  if (typeof format === 'object' && format !== null && 'type' in format) {
    if (format.type === 'number' && 'validate' in format) {
      const validate = format.validate as (n: number) => boolean;
      return (value) => typeof value !== 'number' || validate(value);
    }
  }
  const test = formatTest(format);
  return test && ((value) => typeof value !== 'string' || test(value));
}

/** String keywords apply to strings only; lengths count code points, as ajv does. */
function stringChecks(schema: SchemaObject): ScalarCheck[] {
  const checks: ((s: string) => boolean)[] = [];
  const { minLength, maxLength, pattern } = schema;
  if (typeof minLength === 'number') checks.push((s) => codePoints(s) >= minLength);
  if (typeof maxLength === 'number') checks.push((s) => codePoints(s) <= maxLength);
  if (typeof pattern === 'string') {
    const regex = compilePattern(pattern);
    if (regex) checks.push((s) => regex.test(s));
  }
  return checks.map((check) => (value) => typeof value !== 'string' || check(value));
}

function formatTest(format: unknown): ((s: string) => boolean) | undefined {
  if (format instanceof RegExp) return (s) => format.test(s);
  if (typeof format === 'function') return (s) => (format as (s: string) => boolean)(s);
  if (typeof format === 'object' && format !== null && 'validate' in format) {
    const { type, validate } = format as { type?: string; validate: unknown };
    if (type !== undefined && type !== 'string') return undefined;
    return formatTest(validate);
  }
  return undefined;
}

function compilePattern(pattern: string): PatternTest | undefined {
  // toJsonSchema rewrites patterns the same way, and drops those that still do not compile.
  const source = unicodePattern(pattern);
  return source === undefined ? undefined : patternTest(source);
}
