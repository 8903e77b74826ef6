import { describe, expect, it } from 'vitest';
import { selectItem, type SelectItem } from '../../../../src/laravel/extensions/eloquent.js';

describe("one item of a query's select, as written", () => {
  it.each<[string, SelectItem]>([
    ['*', { kind: 'all' }],
    ['users.*', { kind: 'all' }],
    ['id', { kind: 'column', column: 'id', key: 'id', renamed: false }],
    ['users.name', { kind: 'column', column: 'name', key: 'name', renamed: false }],
    [
      'books.slug as book_slug',
      { kind: 'column', column: 'slug', key: 'book_slug', renamed: true },
    ],
    ['title AS `name`', { kind: 'column', column: 'title', key: 'name', renamed: true }],
    ['count(*) as total', { kind: 'expression', key: 'total' }],
    ['COALESCE(a, b) as "value"', { kind: 'expression', key: 'value' }],
    ['count(*)', { kind: 'expression' }],
  ])('%s', (written, item) => {
    expect(selectItem(written)).toEqual(item);
  });
});
