import { describe, expect, it } from 'vitest';
import { fieldPath, readFields } from '../../../src/core/engine/input-fields.js';
import { parseFormFields } from '../../../src/core/engine/http.js';
import { parseJson } from '../../../src/core/engine/json-body.js';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const read = (text: string) => {
  const result = parseFormFields(text);
  return 'fields' in result ? plain(result.fields) : result;
};

describe('fieldPath: a name as PHP splits it', () => {
  it.each([
    ['plain', 'name', ['name']],
    ['nested', 'a[b][c]', ['a', 'b', 'c']],
    ['append', 'tags[]', ['tags', '']],
    ['unclosed: one plain name', 'a[b', ['a[b']],
    ['no base: one plain name', '[a]', ['[a]']],
  ])('%s', (_name, given, want) => {
    expect(fieldPath(given)).toEqual(want);
  });
});

describe('readFields: PHP arrays, safely', () => {
  it.each([
    ['nested keys', 'a[b][c]=1&a[b][d]=2', { a: { b: { c: '1', d: '2' } } }],
    ['appends', 'tags[]=x&tags[]=y', { tags: ['x', 'y'] }],
    ['indices in any order', 'tags[1]=b&tags[0]=a', { tags: ['a', 'b'] }],
    ['a sparse index is one entry', 'tags[10000000]=x', { tags: ['x'] }],
    ['append after the highest index', 'tags[5]=a&tags[]=b', { tags: ['a', 'b'] }],
    ['mixed keys make an object', 'a[0]=x&a[k]=y', { a: { 0: 'x', k: 'y' } }],
    ['a leading zero is a string key', 'a[01]=x', { a: { '01': 'x' } }],
    ['a repeated plain name gathers', 'a=1&a=2', { a: ['1', '2'] }],
    ['an array replaces a scalar', 'a=1&a[x]=2', { a: { x: '2' } }],
  ])('%s', (_name, text, want) => {
    expect(read(text)).toEqual(want);
  });

  it.each([
    ['__proto__[role]=admin'],
    ['constructor[prototype][role]=admin'],
    ['a[__proto__][role]=admin'],
    ['__proto__=x'],
  ])('%s is data, and no prototype changes', (text) => {
    const result = parseFormFields(text);
    expect('fields' in result).toBe(true);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('role');
  });

  it.each([
    ['64 levels are read', `x${'[a]'.repeat(64)}=1`, undefined],
    [
      '65 are refused',
      `x${'[a]'.repeat(65)}=1`,
      'Input variable nesting level exceeded 64. To increase the limit change max_input_nesting_level in php.ini.',
    ],
    [
      '1,000 fields are read',
      Array.from({ length: 1000 }, (_, i) => `f${i}=1`).join('&'),
      undefined,
    ],
    [
      '1,001 are refused',
      Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join('&'),
      'Input variables exceeded 1000. To increase the limit change max_input_vars in php.ini.',
    ],
    ['empty pairs do not count', '&'.repeat(5000) + 'a=1', undefined],
  ])("PHP's limits: %s", (_name, text, error) => {
    const result = parseFormFields(text);
    expect('error' in result ? result.error : undefined).toBe(error);
  });

  it('without gathering, the last value of a plain name wins', () => {
    expect(
      plain(
        (
          readFields(
            [
              ['a', '1'],
              ['a', '2'],
            ],
            false,
          ) as { fields: unknown }
        ).fields,
      ),
    ).toEqual({ a: '2' });
  });
});

describe('parseJson: JSON as Laravel decodes it', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  it.each([
    ['valid', Buffer.from('{"a":[1,{"b":"[["}]}'), { value: { a: [1, { b: '[[' }] } }],
    ['512 levels', Buffer.from(nested(512)), { value: JSON.parse(nested(512)) as unknown }],
    ['513 levels', Buffer.from(nested(513)), { error: 'Maximum stack depth exceeded' }],
    [
      'brackets in strings do not count',
      Buffer.from(`["${'['.repeat(600)}"]`),
      { value: ['['.repeat(600)] },
    ],
    [
      'an escaped quote stays in the string',
      Buffer.from(`["\\"${'['.repeat(600)}"]`),
      { value: [`"${'['.repeat(600)}`] },
    ],
    [
      'invalid UTF-8 in a string',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
      { error: 'Malformed UTF-8 characters, possibly incorrectly encoded' },
    ],
    ['a syntax error', Buffer.from('{"a":'), { error: expect.stringMatching(/JSON/) as unknown }],
    ['text, as a query parameter holds it', nested(600), { error: 'Maximum stack depth exceeded' }],
    // Shorter than 1,026 bytes, valid JSON cannot be too deep: it is parsed unscanned.
    [
      'too deep and unfinished, in fewer bytes than that',
      Buffer.from('['.repeat(600)),
      { error: 'Maximum stack depth exceeded' },
    ],
    [
      'not too deep but unfinished',
      Buffer.from('['.repeat(500)),
      { error: expect.stringMatching(/JSON/) as unknown },
    ],
    [
      '512 levels in a long body, scanned first',
      Buffer.from(`[${nested(511)},"${'x'.repeat(2000)}"]`),
      { value: JSON.parse(`[${nested(511)},"${'x'.repeat(2000)}"]`) as unknown },
    ],
  ])('%s', (_name, raw, want) => {
    expect(parseJson(raw)).toEqual(want);
  });
});
