import { describe, expect, it } from 'vitest';
import { parseCookies, parseFormBody } from '../../../src/core/engine/http.js';

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
  ])('%s', (_name, text, want) => {
    expect(parseFormBody(text)).toEqual(want);
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
