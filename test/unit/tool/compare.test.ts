import { describe, expect, it } from 'vitest';
// @ts-expect-error: the measuring tool is plain JavaScript (laravel-apps/lib).
import { compareWithReference } from '../../../laravel-apps/lib/compare.mjs';
// @ts-expect-error: the measuring tool is plain JavaScript (laravel-apps/lib).
import { regressions } from '../../../laravel-apps/lib/gate.mjs';

type Schema = Record<string, unknown>;
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
const object = (...keys: string[]): Schema => ({
  type: 'object',
  properties: Object.fromEntries(keys.map((k) => [k, { type: 'string' }])),
  required: keys,
});
/** A document of one `GET /api/things/{id}` answering `schema`, plus other paths. */
const doc = (schema: Schema, extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  paths: {
    '/api/things/{id}': { get: { responses: { 200: json(schema) } } },
    ...extra,
  },
});

const CASES: [string, { gen: unknown; ref: unknown; errata?: unknown[]; want: object }][] = [
  [
    'the same operations and properties',
    {
      gen: doc(object('id', 'name')),
      ref: doc(object('id', 'name')),
      want: { operationsRecall: 1, operationsPrecision: 1, responsePropertyRecall: 1 },
    },
  ],
  [
    'parameter names are normalised, a missing property counts',
    {
      gen: {
        paths: { '/api/things/{thing}': { get: { responses: { 200: json(object('id')) } } } },
      },
      ref: doc(object('id', 'name')),
      want: { operationsRecall: 1, responsePropertyRecall: 0.5 },
    },
  ],
  [
    'an operation the app does not have, left out by an erratum',
    {
      gen: doc(object('id')),
      ref: doc(object('id'), { '/api/ghost': { get: { responses: { 200: json(object('x')) } } } }),
      errata: [{ operation: 'GET /api/ghost', reason: 'not routed' }],
      want: { operationsRecall: 1 },
    },
  ],
  [
    'an operation only the generated document has lowers precision, unless known',
    {
      gen: doc(object('id'), { '/api/extra': { get: { responses: { 200: json(object('x')) } } } }),
      ref: doc(object('id')),
      want: { operationsPrecision: 0.5 },
    },
  ],
  [
    'a response envelope: the bare object of the reference against what is under data',
    {
      gen: doc({ type: 'object', properties: { data: object('id', 'name') } }),
      ref: doc(object('id', 'name')),
      errata: [{ responseEnvelope: 'data', reason: 'the app wraps every answer' }],
      want: { responsePropertyRecall: 1 },
    },
  ],
  [
    'without the envelope erratum the same documents disagree',
    {
      gen: doc({ type: 'object', properties: { data: object('id', 'name') } }),
      ref: doc(object('id', 'name')),
      want: { responsePropertyRecall: 0 },
    },
  ],
];

describe('laravel-apps: the comparison with a reference document', () => {
  it.each(CASES)('%s', (_name, { gen, ref, errata, want }) => {
    expect(compareWithReference(gen, ref, errata ?? []).figures).toMatchObject(want);
  });
});

describe('laravel-apps: the gate', () => {
  const run = (figures: object) => ({ apps: { app: { operations: 10, ...figures } } });
  it.each([
    ['an invalid document', { validDocument: 1 }, { validDocument: 0 }, ['validDocument']],
    ['a valid one', { validDocument: 1 }, { validDocument: 1 }, []],
    ['more parse failures', { parseFailures: 0 }, { parseFailures: 2 }, ['parseFailures']],
    ['a lower recall', { declaredCoverage: 1 }, { declaredCoverage: 0.9 }, ['declaredCoverage']],
  ])('fails on %s', (_name, was, now, want) => {
    const worse = regressions(run(was), run(now)) as { figure: string }[];
    expect(worse.map((w) => w.figure)).toEqual(want);
  });
});
