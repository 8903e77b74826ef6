import { describe, expect, it } from 'vitest';
import { parseCookies, parseFormBody } from '../../../../src/core/engine/http.js';

describe('parseFormBody', () => {
  it.each([
    ['flat', 'name=Ann&age=3', { name: 'Ann', age: '3' }],
    [
      'nested keys',
      'address[city]=Oslo&address[zip]=0150',
      { address: { city: 'Oslo', zip: '0150' } },
    ],
    ['appended list', 'tags[]=a&tags[]=b', { tags: ['a', 'b'] }],
    [
      'indexed objects',
      'items[0][name]=x&items[1][name]=y',
      { items: [{ name: 'x' }, { name: 'y' }] },
    ],
    ['repeated plain key keeps the last', 'a=1&a=2', { a: '2' }],
    ['encoded characters', 'q=a%20b%26c', { q: 'a b&c' }],
    ['encoded brackets in names', 'a%5Bb%5D=1', { a: { b: '1' } }],
    ['plus as a space, %2B as a plus', 'q=a+b%2Bc', { q: 'a b+c' }],
  ])('%s', (_name, text, want) => {
    expect(parseFormBody(text)).toEqual(want);
  });

  // The form is read as URLSearchParams reads it (WHATWG urlencoded parsing), pair by pair.
  it.each([
    'a=%zz&b=%',
    'x=%ED%A0%80&y=%C3',
    '&&a=1&&',
    'a&b=&=c&d=e=f',
    'a=1;b=2',
    'é=ü&%E2%82%AC=1',
  ])('reads %s as URLSearchParams does', (text) => {
    const want = Object.fromEntries(new URLSearchParams(text));
    expect({ ...parseFormBody(text) }).toEqual(want);
  });
});

describe('parseCookies', () => {
  it.each([
    ['none', undefined, {}],
    ['two', 'a=1; b=two', { a: '1', b: 'two' }],
    ['encoded', 'session=mock-api-key-%41', { session: 'mock-api-key-A' }],
    ['malformed encoding kept raw', 'x=%E0%A4%A', { x: '%E0%A4%A' }],
  ])('%s', (_name, header, want) => {
    expect(parseCookies(header)).toEqual(want);
  });
});
