// The tool's own ajv: a fresh instance per document, configured here and nowhere else, fed by the
// tool's own conversion (schema.mjs). Nothing of the server's validation path is shared.
import { createRequire } from 'node:module';
import { SchemaConverter, toRegExp } from './schema.mjs';

const require = createRequire(import.meta.url);
const { default: Ajv2020 } = require('ajv/dist/2020');
const { default: addFormats } = require('ajv-formats');

/** ajv's pattern engine: `u` where the pattern allows it, plain ECMA-262 otherwise. */
const regExp = Object.assign((pattern) => toRegExp(pattern) ?? /(?:)/, { code: 'corpusRegExp' });

export function createValidator(doc, version) {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    logger: false,
    validateSchema: false,
    addUsedSchema: false,
    inlineRefs: false,
    code: { regExp },
  });
  addFormats(ajv);
  const converters = {
    request: new SchemaConverter(doc, version, 'request'),
    response: new SchemaConverter(doc, version, 'response'),
  };
  const cache = { request: new WeakMap(), response: new WeakMap() };

  const compile = (schema, mode) => {
    if (typeof schema !== 'object' || schema === null) return () => true;
    let validate = cache[mode].get(schema);
    if (validate === undefined) {
      try {
        validate = ajv.compile(converters[mode].root(schema));
      } catch (error) {
        validate = { compileError: String(error?.message ?? error) };
      }
      cache[mode].set(schema, validate);
    }
    return validate;
  };

  /**
   * null when `value` is valid; else `{ keyword, path, message }` of the first error, or
   * `{ unchecked }` when the schema cannot be checked (does not compile, recurses forever).
   */
  return (schema, value, mode) => {
    const validate = compile(schema, mode);
    if (typeof validate !== 'function') return { unchecked: validate.compileError };
    try {
      if (validate(value)) return null;
    } catch (error) {
      return { unchecked: String(error?.message ?? error) };
    }
    // A composite keyword (oneOf, if/then) is reported after its branches' errors: the last
    // error is the one that decided.
    const error = validate.errors?.at(-1) ?? {};
    return {
      keyword: error.keyword === 'if' ? 'discriminator' : (error.keyword ?? 'invalid'),
      format: error.keyword === 'format' ? error.params?.format : undefined,
      path: error.instancePath ?? '',
      message: `${error.instancePath || '/'} ${error.message ?? 'is invalid'} (${error.schemaPath})`,
    };
  };
}
