import { describe, expect, it } from 'vitest';
import type { OperationEntry } from '../../../src/core/engine/operations.js';
import type { HttpMethod } from '../../../src/core/types.js';
import { collectionOf, IdStore, lastParameter } from '../../../src/verify/ids.js';

const entry = (method: HttpMethod, path: string): OperationEntry => ({
  method,
  path,
  operation: { responses: {} },
  pathItem: {},
});
const none = new Headers();
const any = () => true;

describe('collectionOf and lastParameter', () => {
  it.each([
    ['/api/posts/{post}', 'post', '/api/posts'],
    ['/api/posts/{post}/comments/{comment}', 'post', '/api/posts'],
    ['/api/posts/{post}/comments/{comment}', 'comment', '/api/posts/{post}/comments'],
  ])('%s, %s → %s', (path, param, want) => {
    expect(collectionOf(path, param)).toBe(want);
  });

  it.each([
    ['/api/posts/{post}/comments/{comment}', 'comment'],
    ['/api/posts', undefined],
  ])('%s → %s', (path, want) => {
    expect(lastParameter(path)).toBe(want);
  });
});

describe('IdStore', () => {
  it.each([
    ['a list in data', { data: [{ id: 4 }, { id: 5 }] }, 'integer', '4'],
    ['a bare list', [{ id: 7 }], 'integer', '7'],
    ['the first list of objects', { items: [{ id: 9 }], total: 1 }, 'integer', '9'],
    [
      'a slug for a string key',
      { data: [{ id: 1, slug: 'engineering' }] },
      'string',
      'engineering',
    ],
    ['a field named after the parameter', { data: [{ id: 1, post_id: 12 }] }, 'integer', '12'],
  ] as const)('from a list: %s', (_name, body, type, want) => {
    const ids = new IdStore();
    ids.record(entry('get', '/api/posts'), 200, none, body);
    expect(ids.valueFor(entry('get', '/api/posts/{post}'), 'post', type, any)).toBe(want);
  });

  it('prefers what was created, newest first; then what was listed', () => {
    const ids = new IdStore();
    ids.record(entry('get', '/api/posts'), 200, none, { data: [{ id: 1 }, { id: 2 }] });
    ids.record(entry('post', '/api/posts'), 201, none, { data: { id: 8 } });
    ids.record(entry('post', '/api/posts'), 201, new Headers({ location: '/api/posts/9' }), {});
    const show = entry('get', '/api/posts/{post}');
    expect(ids.valueFor(show, 'post', 'integer', any)).toBe('9');
    ids.forget('/api/posts', '9');
    expect(ids.valueFor(show, 'post', 'integer', any)).toBe('8');
    ids.forget('/api/posts', '8');
    expect(ids.valueFor(show, 'post', 'integer', any)).toBe('1');
    // The item a DELETE removes is the last listed; its parents are chosen as usual.
    const destroy = entry('delete', '/api/posts/{post}');
    expect(ids.valueFor(destroy, 'post', 'integer', any)).toBe('2');
    const nested = entry('delete', '/api/posts/{post}/comments/{comment}');
    expect(ids.valueFor(nested, 'post', 'integer', any)).toBe('1');
  });

  it('ignores failures, item paths and what the parameter refuses; finds a collection by its last segment', () => {
    const ids = new IdStore();
    ids.record(entry('get', '/api/posts'), 404, none, { data: [{ id: 1 }] });
    ids.record(entry('get', '/api/posts/{post}'), 200, none, { data: [{ id: 2 }] });
    expect(ids.valueFor(entry('get', '/api/posts/{post}'), 'post', 'integer', any)).toBeUndefined();
    ids.record(entry('get', '/api/posts'), 200, none, { data: [{ id: 3 }, { id: 30 }] });
    const above = (value: string) => Number(value) > 10;
    expect(ids.valueFor(entry('get', '/api/posts/{post}'), 'post', 'integer', above)).toBe('30');
    expect(ids.valueFor(entry('get', '/api/insights/posts/{post}'), 'post', 'integer', any)).toBe(
      '3',
    );
  });

  it.each([
    ['category_id', 4],
    ['categoryId', 4],
    ['company_id', 'c-1'],
    ['box_id', 10],
    ['author_id', undefined],
    ['title', undefined],
  ])('reference(%s) → %s', (field, want) => {
    const ids = new IdStore();
    ids.record(entry('get', '/api/categories'), 200, none, { data: [{ id: 4 }] });
    ids.record(entry('get', '/api/companies'), 200, none, [{ id: 'c-1' }]);
    ids.record(entry('post', '/api/boxes'), 201, none, { box: { id: 10 } });
    expect(ids.reference(field)).toBe(want);
  });
});
