import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../../ajv.js';
import { instantCheck, isUnsupported } from '../generate/instant-check.js';
import {
  ANY_OF,
  type Choice,
  ONE_OF,
  validateAnyOf,
  validateOneOf,
  withChoices,
} from './choice.js';
import { findDiscriminator } from './discriminator.js';
import { withStringEnums } from './string-enums.js';
import { FORM_BOOLEAN, validateFormBoolean, withFormBooleans } from './form-booleans.js';
import type { AjvKind, JsonSchema } from './types.js';

/**
 * One ajv per kind for the whole process: compiling is the expensive part, and an instance
 * keeps what it compiled. `coerce` is for parameters and forms, whose values are all strings;
 * `strict` for JSON, where "5" is not an integer.
 */
const instances = new Map<string, Ajv2020>();

function ajvFor(kind: AjvKind, firstError = false): Ajv2020 {
  const key = `${kind}:${firstError}`;
  let ajv = instances.get(key);
  if (ajv === undefined) {
    ajv = createAjv({ coerce: kind === 'coerce', allErrors: !firstError });
    ajv.addKeyword({ keyword: ONE_OF, errors: true, validate: validateOneOf });
    ajv.addKeyword({ keyword: ANY_OF, errors: true, validate: validateAnyOf });
    ajv.addKeyword({ keyword: FORM_BOOLEAN, errors: true, validate: validateFormBoolean });
    instances.set(key, ajv);
  }
  return ajv;
}

let documents = 0;

/**
 * Compiles a schema from `toJsonSchema`, its oneOf/anyOf branches included, each by reference
 * into the schema, registered once under an id of its own: compiling each branch as a document
 * that carries all of the root's `$defs` re-reads every def per branch, and Microsoft Graph's
 * `deviceManagement` body has hundreds of nullable references, each a branch.
 * `firstError` validators stop at the first error.
 */
export function compileSchema(
  schema: JsonSchema,
  kind: AjvKind,
  firstError = false,
): ValidateFunction {
  const ajv = ajvFor(kind, firstError);
  const choices: Choice[] = [];
  // `unevaluatedProperties` sees what oneOf/anyOf branches evaluated only through ajv's own
  // keywords: with those in the schema, the branches stay native (vaguer errors, right answers).
  const prepared = kind === 'coerce' ? withFormBooleans(withStringEnums(schema)) : schema;
  const root = usesUnevaluated(prepared)
    ? prepared
    : withChoices(prepared, choices, kind === 'coerce');
  if (typeof root === 'boolean' || choices.length === 0) return ajv.compile(root);
  const id = `apidoc:request-schema:${++documents}`;
  ajv.addSchema({ ...root, $id: id });
  // A branch that is only a reference (or a flat `{ type: 'null' }`) recurs across the schema:
  // one validator serves every place it appears.
  const shared = new Map<string, ValidateFunction>();
  for (const choice of choices) {
    choice.compile = (index) => {
      const branch = choice.branches[index];
      const key = sharedKey(branch);
      const target = isRefOnly(branch) ? `${id}${branch.$ref}` : `${id}#${choice.pointer}/${index}`;
      if (key === undefined) return ajv.compile({ $ref: target });
      let validate = shared.get(key);
      if (!validate) shared.set(key, (validate = ajv.compile({ $ref: target })));
      return validate;
    };
  }
  // JSON only: a form's "1" may pass as an integer constant, so its branches all run.
  if (kind === 'strict') {
    for (const choice of choices) choice.discriminator = findDiscriminator(choice.branches, root);
  }
  const validate = ajv.getSchema(id)!;
  // Up front all the same, so that validating a request never compiles anything.
  for (const choice of choices) {
    choice.validators = choice.branches.map((_, index) => choice.compile(index));
  }
  return validate;
}

function isRefOnly(branch: unknown): branch is { $ref: string } {
  if (typeof branch !== 'object' || branch === null) return false;
  const keys = Object.keys(branch);
  return keys.length === 1 && typeof (branch as { $ref?: unknown }).$ref === 'string';
}

/** A key for branches alike wherever they sit, or undefined for one that is its own. */
function sharedKey(branch: unknown): string | undefined {
  if (isRefOnly(branch)) return `ref ${branch.$ref}`;
  if (typeof branch !== 'object' || branch === null) return `value ${String(branch)}`;
  const flat = Object.values(branch).every(
    (v) =>
      typeof v !== 'object' ||
      v === null ||
      (Array.isArray(v) && v.every((x) => typeof x !== 'object')),
  );
  return flat ? `flat ${JSON.stringify(branch)}` : undefined;
}

function usesUnevaluated(schema: JsonSchema): boolean {
  const text = JSON.stringify(schema);
  return text.includes('"unevaluatedProperties"') || text.includes('"unevaluatedItems"');
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

/**
 * Whether `compileSchema(schema, 'strict')` would pass `data`, told by walking the schema
 * (instant-check.ts) when it can be: undefined when it cannot. Its oneOf/anyOf keywords give the
 * verdicts of JSON Schema's own, so the answer is the same; only errors need the validator.
 */
export function instantVerdict(
  schema: JsonSchema,
): ((data: unknown) => boolean | undefined) | undefined {
  const check = instantCheck(schema, ajvFor('strict'));
  if (!check) return undefined;
  return (data) => {
    try {
      return check(data);
    } catch (error) {
      if (isUnsupported(error)) return undefined;
      throw error;
    }
  };
}
