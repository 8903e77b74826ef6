import { describe, expect, it } from 'vitest';
import { targetReader } from '../../../../src/mock/route/target.js';

describe('targetReader', () => {
  it.each([
    ['a plain path', '/api/users', { pathname: '/api/users', search: '', query: [] }],
    [
      'a query',
      '/api/users?page=2&tag=a&tag=b',
      {
        pathname: '/api/users',
        search: '?page=2&tag=a&tag=b',
        query: [
          ['page', '2'],
          ['tag', 'a'],
          ['tag', 'b'],
        ],
      },
    ],
    [
      'a path URL parsing normalises',
      '/a/b/../c?x',
      { pathname: '/a/c', search: '?x', query: [['x', '']] },
    ],
  ])('reads %s', (_name, target, want) => {
    const read = targetReader();
    const got = read(target);
    if (typeof got === 'string') throw new Error(got);
    expect({ pathname: got.pathname, search: got.search, query: [...got.query] }).toEqual(want);
  });

  it.each([
    ['a target that is no URL', 'http://%zz/', 'Malformed request URL.'],
    ['a path that does not percent-decode', '/api/%E0%A4%A', 'Malformed request URL.'],
    [
      "a query past PHP's max_input_vars",
      `/s?${Array.from({ length: 1001 }, (_, i) => `v${i}=1`).join('&')}`,
      'Input variables exceeded 1000. To increase the limit change max_input_vars in php.ini.',
    ],
  ])('refuses %s with its 400 message', (_name, target, message) => {
    expect(targetReader()(target)).toBe(message);
  });

  it('reads a target once and gives every request that sends it the same reading', () => {
    const read = targetReader();
    const first = read('/api/users?page=2');
    expect(read('/api/users?page=2')).toBe(first);
    expect(read('/api/users?page=3')).not.toBe(first);
    const long = `/s?q=${'x'.repeat(3000)}`;
    expect(read(long)).not.toBe(read(long));
    expect(read(long)).toEqual(read(long));
  });
});
