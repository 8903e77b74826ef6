import type { ErrorObject, SchemaValidateFunction, ValidateFunction } from 'ajv';
import type { JsonSchema } from './types.js';

/**
 * oneOf/anyOf, validated branch by branch. ajv's own keywords report every branch's errors
 * with nothing to tell which branch they came from (schemaPath restarts inside each `$ref`), and
 * dumping them all is useless to a client. So each oneOf/anyOf becomes one of these keywords,
 * whose branches are compiled on their own; on failure the keyword reports only the errors of
 * the branch that came closest, in its error's `params.errors`.
 */
export const ONE_OF = 'x-laravel-oneOf';
export const ANY_OF = 'x-laravel-anyOf';

export interface Choice {
  branches: JsonSchema[];
  /** Filled in by `compileSchema` once the whole schema is transformed. */
  validators: ValidateFunction[];
}

export function isChoiceKeyword(keyword: string): boolean {
  return keyword === ONE_OF || keyword === ANY_OF;
}

export const validateOneOf: SchemaValidateFunction = (choice: Choice, data: unknown) => {
  const failures: ErrorObject[][] = [];
  let passing = 0;
  for (const validate of choice.validators) {
    if (validate(data)) passing++;
    else failures.push(validate.errors ?? []);
  }
  if (passing === 1) return true;
  // Matching several branches is a oneOf failure too, with nothing better to say than "invalid".
  const errors = passing === 0 ? closestBranch(failures) : null;
  validateOneOf.errors = [{ keyword: ONE_OF, params: { errors } }];
  return false;
};

export const validateAnyOf: SchemaValidateFunction = (choice: Choice, data: unknown) => {
  const failures: ErrorObject[][] = [];
  for (const validate of choice.validators) {
    if (validate(data)) return true;
    failures.push(validate.errors ?? []);
  }
  validateAnyOf.errors = [{ keyword: ANY_OF, params: { errors: closestBranch(failures) } }];
  return false;
};

/**
 * The errors of the branch with the fewest, among those the value at least has the type of;
 * null (so "The x is invalid.") when the value has none of the branches' types. The `null`
 * branch a `nullable` wrapper adds is never the closest: "must be null" helps no one.
 */
export function closestBranch(failures: readonly ErrorObject[][]): ErrorObject[] | null {
  const candidates = failures.filter((errors) => !isNullMismatch(errors));
  if (candidates.length === 1) return candidates[0] ?? null;
  let best: ErrorObject[] | null = null;
  for (const errors of candidates) {
    if (!hasRootTypeError(errors) && (best === null || errors.length < best.length)) best = errors;
  }
  return best;
}

function hasRootTypeError(errors: readonly ErrorObject[]): boolean {
  return errors.some((e) => e.keyword === 'type' && e.instancePath === '');
}

function isNullMismatch(errors: readonly ErrorObject[]): boolean {
  const [only] = errors;
  return errors.length === 1 && only?.keyword === 'type' && only.params.type === 'null';
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs']);
const SCHEMA_LISTS = new Set(['allOf', 'prefixItems']);
const SCHEMA_SINGLES = new Set([
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/**
 * A copy of `schema` with every oneOf/anyOf replaced by its keyword; `choices` collects them.
 * With `oneOfAsAnyOf` (values that arrive as strings: "1" is both an integer and a string),
 * matching several oneOf branches is no failure.
 */
export function withChoices(
  schema: JsonSchema,
  choices: Choice[],
  oneOfAsAnyOf = false,
): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  const convert = (value: unknown) => withChoices(value as JsonSchema, choices, oneOfAsAnyOf);
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      const choice: Choice = { branches: value.map(convert), validators: [] };
      choices.push(choice);
      out[key === 'oneOf' && !oneOfAsAnyOf ? ONE_OF : ANY_OF] = choice;
    } else if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(convert);
    else if (SCHEMA_SINGLES.has(key)) out[key] = convert(value);
    else out[key] = value;
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
