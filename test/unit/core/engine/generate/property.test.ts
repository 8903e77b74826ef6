import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../../../../src/core/schema.js';
import { generate } from '../../../../../src/core/engine/generate/index.js';
import { doc, schemas } from './fixtures.js';
import { ajv } from './helpers.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => `seed-${i}`);
const VARIANTS = [
  { mode: 'response', empty: false },
  { mode: 'request', empty: false },
  { mode: 'response', empty: true },
] as const;

describe('every generated value validates against toJsonSchema', () => {
  it.each(Object.entries(schemas))('%s', (_name, schema) => {
    for (const { mode, empty } of VARIANTS) {
      const validate = ajv.compile(toJsonSchema(doc, schema, mode));
      for (const seed of SEEDS) {
        const value = generate(doc, schema, { seed, mode, empty });
        const ok = validate(value);
        if (!ok) {
          expect.fail(
            `${mode}${empty ? ' empty' : ''} ${seed}: ${JSON.stringify(value)}\n` +
              JSON.stringify(validate.errors, null, 1),
          );
        }
      }
    }
  });

  it('covers at least 40 schemas', () => {
    expect(Object.keys(schemas).length).toBeGreaterThanOrEqual(40);
  });
});
