import { describe, expect, it } from 'vitest';
import { requestPath, requestTarget } from '../../../src/core/request-target.js';

describe('requestPath', () => {
  // Every target gives what URL parsing gives: the fast path only skips the parsing.
  it.each([
    ['/api/users', '/api/users', ''],
    ['/api/users/7?page=2&per_page=5', '/api/users/7', '?page=2&per_page=5'],
    ['/api/users?', '/api/users', ''],
    [
      '/2010-04-01/Accounts/AC1/Calls.json?PageSize=5',
      '/2010-04-01/Accounts/AC1/Calls.json',
      '?PageSize=5',
    ],
    ['/orgs/a%20b/x', '/orgs/a%20b/x', ''],
    ['/a/%zz', '/a/%zz', ''],
    ['/a/b/../c', '/a/c', ''],
    ['/a/%2e%2E/c', '/c', ''],
    ['/a/./b', '/a/b', ''],
    ['/.well-known/x', '/.well-known/x', ''],
    ['/a b/c', '/a%20b/c', ''],
    ['/a"b', '/a%22b', ''],
    ['/a\\b', '/a/b', ''],
    ['/é', '/%C3%A9', ''],
    ['//x:99999/', '//x:99999/', ''],
    ['/a?q=1#frag', '/a', '?q=1'],
    ['/a#frag', '/a', ''],
    ['http://other.test/p?x=1', '/p', '?x=1'],
    ['*', '/*', ''],
  ])('%s', (target, pathname, search) => {
    const parsed = requestTarget(target)!;
    expect(parsed.pathname).toBe(pathname);
    const fast = requestPath(target)!;
    expect(fast.pathname).toBe(pathname);
    expect(new URLSearchParams(fast.search).toString()).toBe(parsed.searchParams.toString());
    expect(fast.search === '').toBe(search === '');
  });

  it.each([
    [
      'a query with spaces and quotes',
      "/s?q=a b&n='x'&u=%C3%A9",
      [
        ['q', 'a b'],
        ['n', "'x'"],
        ['u', 'é'],
      ],
    ],
    ['plus as a space', '/s?q=a+b', [['q', 'a b']]],
    [
      'a repeated name',
      '/s?expand=a&expand=b',
      [
        ['expand', 'a'],
        ['expand', 'b'],
      ],
    ],
  ])('reads %s as URL parsing does', (_name, target, pairs) => {
    expect([...new URLSearchParams(requestPath(target)!.search)]).toEqual(pairs);
    expect([...requestTarget(target)!.searchParams]).toEqual(pairs);
  });

  it('is undefined for a target that is no URL', () => {
    expect(requestPath('http://%zz/')).toBeUndefined();
  });
});
