import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../../core/ajv.js';
import {
  ANY_OF,
  type Choice,
  ONE_OF,
  validateAnyOf,
  validateOneOf,
  withChoices,
} from './choice.js';
import type { AjvKind, JsonSchema } from './types.js';

/**
 * One ajv per kind for the whole process: compiling is the expensive part, and an instance
 * keeps what it compiled. `coerce` is for parameters and forms, whose values are all strings;
 * `strict` for JSON, where "5" is not an integer.
 */
const instances: Partial<Record<AjvKind, Ajv2020>> = {};

function ajvFor(kind: AjvKind): Ajv2020 {
  let ajv = instances[kind];
  if (ajv === undefined) {
    ajv = createAjv({ coerce: kind === 'coerce' });
    ajv.addKeyword({ keyword: ONE_OF, errors: true, validate: validateOneOf });
    ajv.addKeyword({ keyword: ANY_OF, errors: true, validate: validateAnyOf });
    instances[kind] = ajv;
  }
  return ajv;
}

/**
 * Compiles a schema from `toJsonSchema`, its oneOf/anyOf branches included, so that validating
 * never compiles anything.
 */
export function compileSchema(schema: JsonSchema, kind: AjvKind): ValidateFunction {
  const ajv = ajvFor(kind);
  const choices: Choice[] = [];
  const root = withChoices(schema, choices, kind === 'coerce');
  const validate = ajv.compile(root);
  const defs = typeof root === 'object' ? root.$defs : undefined;
  // Branches are compiled as documents of their own, so they carry the root's `$defs`.
  for (const choice of choices) {
    choice.validators = choice.branches.map((branch) => ajv.compile(standalone(branch, defs)));
  }
  return validate;
}

function standalone(branch: JsonSchema, defs: unknown): JsonSchema {
  if (defs === undefined) return branch;
  return typeof branch === 'boolean'
    ? { allOf: [branch], $defs: defs }
    : { ...branch, $defs: defs };
}

const shared = new Map<string, ValidateFunction>();

/**
 * `compileSchema` for parameters: most are the same few small schemas (`page`, `per_page`,
 * `{id}`) across many operations, so identical ones share one compiled validator.
 */
export function compileParameterSchema(schema: JsonSchema, kind: AjvKind): ValidateFunction {
  const key = `${kind}:${JSON.stringify(schema)}`;
  let validate = shared.get(key);
  if (validate === undefined) shared.set(key, (validate = compileSchema(schema, kind)));
  return validate;
}
