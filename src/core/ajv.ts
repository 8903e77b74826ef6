import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Options } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import type addFormatsModule from 'ajv-formats';
import { patternTest } from './regex/pattern-test.js';

/**
 * A JSON Schema 2020-12 validator with every format of ajv-formats, lenient about the unknown
 * keywords real specs carry. Schemas come from `toJsonSchema`, so they are already 2020-12.
 * `coerce` is for parameters, which arrive as strings ("5" is an integer). `allErrors: false`
 * stops at the first error (for bodies too large to list every error of).
 */
export function createAjv(
  options: { coerce?: boolean; allErrors?: boolean; verbose?: boolean } = {},
): Ajv2020 {
  const ajvOptions: Options = {
    strict: false,
    allErrors: options.allErrors ?? true,
    // Errors carry the schema and data they are about (contract checks name undeclared keys).
    verbose: options.verbose ?? false,
    logger: false,
    validateFormats: true,
    // A property named `constructor`, `toString` or `valueOf` is checked only when the data has
    // it: without this, an object's inherited members count as present.
    ownProperties: true,
    coerceTypes: options.coerce ? 'array' : false,
    // Compiled validators are cached by schema object identity, never by serialised key.
    addUsedSchema: false,
    // Shared $refs compile once as functions instead of being inlined at every use: much faster
    // compiles on large specs (GitHub's issue schema).
    inlineRefs: false,
    // Checking each schema against the 2020-12 meta-schema first compiles that meta-schema, in
    // every instance, on the first request of any operation. A schema ajv cannot
    // compile still throws; one the meta-schema would only frown at is used as written.
    validateSchema: false,
    // `pattern` and `patternProperties` run in time linear in the value (regex/linear.ts).
    code: { regExp: linearRegExp },
  };
  const { Ajv2020, addFormats } = load();
  const ajv = new Ajv2020(ajvOptions);
  addFormats(ajv);
  return ajv;
}

let modules: { Ajv2020: typeof Ajv2020; addFormats: typeof addFormatsModule.default } | undefined;

/**
 * ajv and ajv-formats, loaded when the first validator is made rather than at startup: the
 * mock server answers sooner, and compiles validators only on first use anyway.
 */
function load(): NonNullable<typeof modules> {
  if (!modules) {
    const require = createRequire(import.meta.url);
    const ajv = require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 };
    // CommonJS with `exports.default`.
    const formats = require('ajv-formats') as { default: typeof addFormatsModule.default };
    modules = { Ajv2020: ajv.Ajv2020, addFormats: formats.default };
  }
  return modules;
}

/**
 * ajv's hook for another regular-expression engine. A pattern JavaScript cannot parse still
 * fails the schema's compilation, as ajv's own engine makes it; ajv keys compiled patterns by
 * `toString()`, so each test says its own source.
 */
const linearRegExp: RegExpEngine = Object.assign(
  (source: string) => {
    new RegExp(source, 'u');
    const tester = patternTest(source);
    return { test: (value: string) => tester.test(value), toString: () => `/${source}/u` };
  },
  { code: 'apidoc linear pattern' },
);
