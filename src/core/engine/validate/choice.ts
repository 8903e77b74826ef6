import type { ErrorObject, SchemaValidateFunction, ValidateFunction } from 'ajv';
import { SINGLE_SUBSCHEMA_KEYWORDS } from '../../keywords.js';
import { branchesFor, type Discriminator } from './discriminator.js';
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
  /** Where the branches sit in the transformed schema (a JSON pointer, URI-escaped). */
  pointer: string;
  /** Each branch's validator (compiled by `compileSchema`, else on first use). */
  validators: (ValidateFunction | undefined)[];
  /** Set by `compileSchema`: compiles branch `index`. */
  compile: (index: number) => ValidateFunction;
  /** Set by `compileSchema` for JSON: the property that tells the branches apart, if any. */
  discriminator?: Discriminator;
}

/** Branch `index`'s validator: a branch a request never reaches is never compiled. */
function branch(choice: Choice, index: number): ValidateFunction {
  return (choice.validators[index] ??= choice.compile(index));
}

export function isChoiceKeyword(keyword: string): boolean {
  return keyword === ONE_OF || keyword === ANY_OF;
}

export const validateOneOf: SchemaValidateFunction = (choice: Choice, data: unknown) => {
  // The branches the value's discriminating property allows: exactly one passing is a pass,
  // since the others cannot. Anything else is judged by every branch, for its errors.
  const only = branchesFor(choice.discriminator, data);
  if (only?.length === 1 && branch(choice, only[0]!)(data)) return true;
  const failures: ErrorObject[][] = [];
  let passing = 0;
  for (let i = 0; i < choice.branches.length; i++) {
    const validate = branch(choice, i);
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
  const only = branchesFor(choice.discriminator, data);
  if (only?.some((index) => branch(choice, index)(data))) return true;
  const failures: ErrorObject[][] = [];
  for (let i = 0; i < choice.branches.length; i++) {
    const validate = branch(choice, i);
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

/**
 * A copy of `schema` with every oneOf/anyOf replaced by its keyword; `choices` collects them.
 * With `oneOfAsAnyOf` (values that arrive as strings: "1" is both an integer and a string),
 * matching several oneOf branches is no failure.
 */
export function withChoices(
  schema: JsonSchema,
  choices: Choice[],
  oneOfAsAnyOf = false,
  pointer = '',
): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  const convert = (value: unknown, ...path: (string | number)[]) =>
    withChoices(value as JsonSchema, choices, oneOfAsAnyOf, pointer + path.map(segment).join(''));
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      const keyword = key === 'oneOf' && !oneOfAsAnyOf ? ONE_OF : ANY_OF;
      const at = `${pointer}${segment(keyword)}/branches`;
      const choice: Choice = {
        branches: value.map((v, i) =>
          withChoices(v as JsonSchema, choices, oneOfAsAnyOf, `${at}/${i}`),
        ),
        pointer: at,
        validators: [],
        compile: () => {
          throw new Error('branch validators are set up by compileSchema');
        },
      };
      choices.push(choice);
      out[keyword] = choice;
    } else if (SCHEMA_MAPS.has(key) && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v, key, k)]));
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((v, i) => convert(v, key, i));
    } else if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) out[key] = convert(value, key);
    else out[key] = value;
  }
  return out;
}

/** One JSON pointer segment, escaped for a URI fragment as ajv reads `$ref`s. */
function segment(key: string | number): string {
  return '/' + encodeURIComponent(String(key).replace(/~/g, '~0').replace(/\//g, '~1'));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
