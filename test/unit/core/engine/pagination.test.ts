import { describe, expect, it } from 'vitest';
import {
  laravelLinks,
  pageLinks,
  pageWindow,
  readPageParam,
} from '../../../../src/core/engine/pagination.js';

describe('pageWindow', () => {
  it.each([
    ['first page', [1, 15, 50], { from: 1, to: 15, lastPage: 4 }],
    ['middle page', [2, 15, 50], { from: 16, to: 30, lastPage: 4 }],
    ['last, partial page', [4, 15, 50], { from: 46, to: 50, lastPage: 4 }],
    ['past the end', [5, 15, 50], { from: null, to: null, lastPage: 4 }],
    ['exact multiple', [2, 25, 50], { from: 26, to: 50, lastPage: 2 }],
    ['empty list', [1, 15, 0], { from: null, to: null, lastPage: 1 }],
    ['one item', [1, 100, 1], { from: 1, to: 1, lastPage: 1 }],
  ] as const)('%s', (_name, [page, perPage, total], want) => {
    expect(pageWindow(page, perPage, total)).toEqual({ page, perPage, total, ...want });
  });
});

describe('readPageParam', () => {
  it.each([
    ['absent', null, false, { value: 7 }],
    ['empty', '', true, { value: 7 }],
    ['valid', '3', true, { value: 3 }],
    ['zero, undeclared', '0', false, { value: 7 }],
    ['zero, declared integer', '0', true, { invalid: true }],
    ['text, declared integer', 'abc', true, { invalid: true }],
    ['negative, undeclared', '-2', false, { value: 7 }],
    ['decimal, declared integer', '1.5', true, { invalid: true }],
  ] as const)('%s', (_name, raw, declared, want) => {
    expect(readPageParam(raw, 7, declared)).toEqual(want);
  });
});

describe('links', () => {
  const base = new URL('http://127.0.0.1:8081/api/books?genre=poetry&page=2&per_page=10');

  it.each([
    ['first page has no prev', 1, { prev: null, next: 'page=2' }],
    ['middle page has both', 3, { prev: 'page=2', next: 'page=4' }],
    ['last page has no next', 5, { prev: 'page=4', next: null }],
  ] as const)('%s', (_name, page, want) => {
    const links = pageLinks(base, pageWindow(page, 10, 50));
    expect(links.first).toBe('http://127.0.0.1:8081/api/books?genre=poetry&page=1&per_page=10');
    expect(links.last).toBe('http://127.0.0.1:8081/api/books?genre=poetry&page=5&per_page=10');
    expect(links.prev === null ? null : new URL(links.prev).searchParams.get('page')).toBe(
      want.prev && want.prev.slice(5),
    );
    expect(links.next === null ? null : new URL(links.next).searchParams.get('page')).toBe(
      want.next && want.next.slice(5),
    );
  });

  it("builds Laravel's meta.links with gaps", () => {
    const window = pageWindow(6, 10, 200);
    const labels = laravelLinks(base, window, pageLinks(base, window)).map((l) =>
      l.active ? `[${l.label}]` : l.label,
    );
    expect(labels).toEqual([
      '&laquo; Previous',
      '1',
      '2',
      '...',
      '4',
      '5',
      '[6]',
      '7',
      '8',
      '...',
      '19',
      '20',
      'Next &raquo;',
    ]);
  });
});
