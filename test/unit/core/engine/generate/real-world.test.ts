import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { generate } from '../../../../../src/core/engine/generate/index.js';
import { gen, makeDoc, ref } from './helpers.js';

/** Schemas met in the public OpenAPI directory (corpus/README.md), each once broken. */
describe('generation on what real documents write (corpus regressions)', () => {
  const doc = makeDoc({
    Settings: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string' },
        // WhatsApp: an integer whose enum lists numbers as strings: read as the numbers.
        max_requests: { type: 'integer', enum: ['6', '12'] },
        // An integer whose enum lists words: nothing is valid, so it is left out.
        mode: { type: 'integer', enum: ['fast', 'slow'] },
        // SoundCloud: items that must be an array and an object at once. The list stays empty.
        subscriptions: {
          type: 'array',
          items: {
            type: 'array',
            anyOf: [{ type: 'object', properties: { p: { type: 'string' } } }],
          },
        },
      },
    },
  });

  it('leaves out optional values that cannot be valid, and validates', () => {
    const value = gen(doc, ref('Settings'), { seed: 'x' }) as Record<string, unknown>;
    expect([6, 12]).toContain(value.max_requests);
    expect(value).not.toHaveProperty('mode');
    expect(value.subscriptions).toEqual([]);
  });

  it("binds a property another allOf part declares by this part's additionalProperties (Azure)", () => {
    const azure = makeDoc({
      Resource: {
        type: 'object',
        properties: { id: { type: 'string' }, etag: { type: 'string' } },
      },
      Factory: {
        allOf: [ref('Resource')],
        properties: { location: { type: 'string' } },
        additionalProperties: { type: 'object' },
      },
    });
    const value = gen(azure, ref('Factory'), { seed: 'x' }) as Record<string, unknown>;
    expect(value).toHaveProperty('location');
    expect(value).not.toHaveProperty('etag');
  });

  it('leaves out an object that one closed part forbids what another requires (ShipEngine)', () => {
    const ship = makeDoc({
      List: {
        type: 'object',
        additionalProperties: false,
        required: ['items'],
        properties: { items: { type: 'array', items: { type: 'string' } } },
      },
      Errors: {
        type: 'object',
        additionalProperties: false,
        required: ['errors'],
        properties: { errors: { type: 'array', items: { type: 'string' } } },
      },
      Page: {
        type: 'object',
        required: ['total'],
        properties: {
          total: { type: 'integer' },
          body: { allOf: [ref('List'), ref('Errors')] },
        },
      },
    });
    expect(gen(ship, ref('Page'), { seed: 'x' })).not.toHaveProperty('body');
  });

  it.each([
    [
      'branches that differ only in what they require (InfluxDB)',
      {
        type: 'object',
        properties: {
          org: { type: 'string' },
          orgID: { type: 'string' },
          bucket: { type: 'string' },
        },
        oneOf: [{ required: ['orgID', 'bucket'] }, { required: ['org', 'bucket'] }],
      },
    ],
    [
      'branches that require nothing (Docker)',
      {
        oneOf: [
          { type: 'object', properties: { months: { type: 'array', items: { type: 'integer' } } } },
          { type: 'object', properties: { weeks: { type: 'array', items: { type: 'integer' } } } },
        ],
      },
    ],
    [
      'branches that share their examples (Vonage)',
      {
        oneOf: [
          { type: 'object', properties: { status: { type: 'string', example: '0' } } },
          { type: 'object', properties: { status: { type: 'string', enum: ['0', '1'] } } },
        ],
      },
    ],
  ])('a oneOf value that matches one branch only: %s', (_name, schema) => {
    for (const seed of ['a', 'b', 'c']) gen(makeDoc(), schema as SchemaObject, { seed });
  });

  it.each([
    [
      'an ARN whose fixed parts leave 9 to 14 characters under minLength (AWS AppSync)',
      {
        type: 'string',
        minLength: 70,
        maxLength: 75,
        pattern: '^arn:aws:appsync:[A-Za-z0-9_/.-]{0,63}:\\d{12}:apis/[0-9A-Za-z_-]{26}$',
      },
    ],
    [
      'a pattern open at its end, under a minLength (AWS GameSparks)',
      { type: 'string', minLength: 20, pattern: '^arn:aws:gamesparks:' },
    ],
    [
      'Java POSIX classes (Amazon ES)',
      { type: 'string', pattern: '^\\p{XDigit}{8}-\\p{XDigit}{4}$' },
    ],
    ['lone braces read literally', { type: 'string', pattern: '^\\{[0-9a-f]{4}\\}$' }],
    ['identity escapes', { type: 'string', pattern: '^[a-z\\-\\_]{3,8}$' }],
  ])('a string for %s', (_name, schema) => {
    for (const seed of ['a', 'b', 'c'])
      gen(makeDoc(), schema as SchemaObject, { seed, mode: 'request' });
  });

  it('does not validate a whole polymorphic tree at every level (Figma: seconds → milliseconds)', () => {
    const kinds = ['FRAME', 'GROUP', 'TEXT', 'VECTOR', 'RECT', 'ELLIPSE'];
    const schemas: Record<string, SchemaObject> = {
      Node: { oneOf: kinds.map((k) => ref(k)) },
    };
    for (const kind of kinds) {
      schemas[kind] = {
        type: 'object',
        required: ['type', 'id', 'children'],
        properties: {
          type: { type: 'string', enum: [kind] },
          id: { type: 'string' },
          name: { type: 'string' },
          children: { type: 'array', items: ref('Node') },
        },
      };
    }
    const tree = makeDoc(schemas);
    generate(tree, ref('Node'), { seed: 'warm-up' });
    const started = performance.now();
    for (let i = 0; i < 5; i++) gen(tree, ref('Node'), { seed: `tree-${i}` });
    // Generous for a loaded CI machine: the regression this guards against took seconds each.
    expect((performance.now() - started) / 5).toBeLessThan(1500);
  });
});
