import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { generate } from '../../../../../src/core/engine/generate/index.js';
import { gen, makeDoc, ref } from './helpers.js';

const doc = makeDoc({
  Node: {
    type: 'object',
    required: ['id', 'children'],
    properties: {
      id: { type: 'integer' },
      parent: { $ref: '#/components/schemas/Node' },
      children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
    },
  },
  // A ↔ B, both required; B's way back is nullable, so a finite valid value exists.
  A: { type: 'object', required: ['b'], properties: { label: { type: 'string' }, b: ref('B') } },
  B: { type: 'object', required: ['a'], properties: { a: { ...ref('A'), nullable: true } } },
  // Required both ways and never nullable: no finite value exists, generation must still end.
  X: { type: 'object', required: ['y'], properties: { y: ref('Y') } },
  Y: { type: 'object', required: ['x'], properties: { x: ref('X') } },
  // The cycle is broken only by choosing the right oneOf branch.
  Expr: {
    oneOf: [
      {
        type: 'object',
        required: ['op', 'args'],
        properties: {
          op: { type: 'string' },
          args: { type: 'array', minItems: 2, items: ref('Expr') },
        },
      },
      { type: 'integer' },
    ],
  },
  SelfAlias: { $ref: '#/components/schemas/SelfAlias' },
  LoopA: { allOf: [ref('LoopB'), { properties: { a: { type: 'string' } } }] },
  LoopB: { allOf: [ref('LoopA'), { properties: { b: { type: 'string' } } }] },
  User: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer' }, posts: { type: 'array', items: ref('Post') } },
  },
  Post: {
    type: 'object',
    required: ['id'],
    properties: {
      id: { type: 'integer' },
      author: ref('User'),
      comments: { type: 'array', items: ref('Comment') },
    },
  },
  Comment: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer' }, author: ref('User'), post: ref('Post') },
  },
});

function depth(value: unknown, key: string): number {
  if (typeof value !== 'object' || value === null) return 0;
  const child = (value as Record<string, unknown>)[key];
  const children = Array.isArray(child) ? child : [child];
  return 1 + Math.max(0, ...children.map((c) => depth(c, key)));
}

function size(value: unknown): number {
  return JSON.stringify(value).length;
}

describe('$ref', () => {
  it.each([
    [
      'tree node: bounded depth, leaves have no children',
      { given: ref('Node'), want: (v: unknown) => depth(v, 'children') <= 5 },
    ],
    [
      'tree node, request mode',
      {
        given: ref('Node'),
        mode: 'request' as const,
        want: (v: unknown) => depth(v, 'parent') <= 5,
      },
    ],
    [
      'mutual A ↔ B with required properties ends in null',
      { given: ref('A'), want: (v: unknown) => JSON.stringify(v).includes('"a":null') },
    ],
    [
      'recursive oneOf picks the terminating branch when deep',
      { given: ref('Expr'), want: (v: unknown) => size(v) < 5000 },
    ],
    [
      'wide cyclic graph stays small',
      { given: ref('User'), want: (v: unknown) => size(v) < 200_000 },
    ],
    ['dangling ref: anything', { given: ref('Missing'), want: (v: unknown) => v !== undefined }],
    [
      'nullable dangling ref',
      { given: { ...ref('Missing'), nullable: true }, want: (v: unknown) => v !== undefined },
    ],
  ] as [
    string,
    { given: SchemaObject; mode?: 'request' | 'response'; want: (v: unknown) => boolean },
  ][])('%s', (_name, { given, mode, want }) => {
    for (const seed of ['a', 'b', 'c']) {
      const value = gen(doc, given, { seed, mode });
      expect(want(value), JSON.stringify(value).slice(0, 300)).toBe(true);
    }
  });

  it('keeps a tree at depth 4 with two children per level', () => {
    const value = gen(doc, ref('Node'), { seed: 'x' }) as { children: { children: unknown[] }[] };
    expect(value.children).toHaveLength(2);
    expect(depth(value, 'children')).toBe(4);
  });

  it.each([
    ['unsatisfiable X ↔ Y cycle', ref('X')],
    ['$ref to itself', ref('SelfAlias')],
    ['allOf cycle', ref('LoopA')],
  ])('terminates on %s', (_name, schema) => {
    const start = performance.now();
    expect(generate(doc, schema, { seed: 'x' })).toBeDefined();
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
