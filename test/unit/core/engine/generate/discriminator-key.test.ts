import { describe, expect, it } from 'vitest';
import { discriminatorKey } from '../../../../../src/core/engine/generate/resolve.js';

describe('discriminatorKey', () => {
  const mapping = {
    first: '#/components/schemas/Cat',
    cat: 'Cat',
    dog: '#/components/schemas/Dog',
    hound: 'Dog',
    again: '#/components/schemas/Cat',
  };
  it.each<[string, { ref: string; mapping?: Record<string, string>; want: string | undefined }]>([
    ['the first key naming the ref', { ref: '#/components/schemas/Cat', mapping, want: 'first' }],
    ['the first key, by ref or by name', { ref: '#/components/schemas/Dog', mapping, want: 'dog' }],
    ['a name before the ref', { ref: '#/x/Dog', mapping: { d: 'Dog', e: '#/x/Dog' }, want: 'd' }],
    ['the schema name when unmapped', { ref: '#/components/schemas/Bird', mapping, want: 'Bird' }],
    ['the schema name without a mapping', { ref: '#/components/schemas/Bird', want: 'Bird' }],
  ])('%s', (_name, { ref, mapping: given, want }) => {
    expect(discriminatorKey({ mapping: given }, ref)).toBe(want);
  });
});
