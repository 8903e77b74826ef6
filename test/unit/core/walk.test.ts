import { describe, expect, it } from 'vitest';
import { hasExternalRef, mayHaveExternalRefText } from '../../../src/core/load/walk.js';

describe('mayHaveExternalRefText', () => {
  it.each<[string, { given: string; want: boolean }]>([
    ['no refs', { given: '{"openapi":"3.0.0"}', want: false }],
    [
      'local refs only',
      { given: '{"a":{"$ref":"#/components/schemas/A"},"b":{ "$ref" : "#"}}', want: false },
    ],
    ['a file ref', { given: '{"a":{"$ref":"other.yaml#/A"}}', want: true }],
    ['a file ref after spaces', { given: '{"a":{"$ref" :\n "./a.json"}}', want: true }],
    [
      'a ref in an example (the walk decides)',
      { given: '{"example":{"$ref":"x.json"}}', want: true },
    ],
    ['a key spelled with escapes', { given: '{"a":{"\\u0024ref":"x.json"}}', want: true }],
    ['a value spelled with escapes', { given: '{"a":{"$ref":"\\u0023/x"}}', want: true }],
    ['a non-string ref', { given: '{"a":{"$ref":{"b":1}}}', want: false }],
  ])('%s', (_name, { given, want }) => {
    expect(mayHaveExternalRefText(given)).toBe(want);
    // False is certain: the walk over the parsed document agrees.
    if (!want) expect(hasExternalRef(JSON.parse(given))).toBe(false);
  });
});
