import { describe, expect, it } from 'vitest';
import { plural, singular, snake } from '../../../src/core/inflect.js';
import { strIs } from '../../../src/core/str-is.js';

describe('Str::is', () => {
  it.each([
    ['api/users*', 'api/users', true],
    ['api/users*', 'api/users/{user}/posts', true],
    ['api/*', 'api', false],
    ['*', 'anything/at/all', true],
    ['api/users', 'api/users', true],
    ['api/users', 'api/users/1', false],
    ['api/v?/users', 'api/v1/users', false],
    ['api/v*/users', 'api/v2/users', true],
    ['users.*', 'users.index', true],
    ['users.*', 'usersXindex', false],
  ])('%s matches %s: %s', (pattern, value, want) => {
    expect(strIs(pattern, value)).toBe(want);
  });
});

describe('inflection', () => {
  it.each([
    ['photos', 'photo'],
    ['categories', 'category'],
    ['people', 'person'],
    ['addresses', 'address'],
    ['boxes', 'box'],
    ['statuses', 'status'],
    ['user-profiles', 'user-profile'],
    ['series', 'series'],
    ['news', 'news'],
  ])('singular(%s) = %s', (word, want) => {
    expect(singular(word)).toBe(want);
  });

  it.each([
    ['User', 'Users'],
    ['category', 'categories'],
    ['person', 'people'],
    ['order_item', 'order_items'],
    ['box', 'boxes'],
    ['key', 'keys'],
  ])('plural(%s) = %s', (word, want) => {
    expect(plural(word)).toBe(want);
  });

  it.each([
    ['OrderItem', 'order_item'],
    ['HTTPRequest', 'http_request'],
    ['user', 'user'],
  ])('snake(%s) = %s', (word, want) => {
    expect(snake(word)).toBe(want);
  });
});
