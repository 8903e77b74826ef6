import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paginationWarnings } from '../../../src/core/engine/envelope.js';
import { loadSpec } from '../../../src/core/load.js';
import { accepts } from '../../../src/mock/validate/accept.js';
import { readChange } from '../../../src/mock/control/change.js';
import { Journal } from '../../../src/mock/control/journal.js';
import { readDelay, readFailRate } from '../../../src/mock/scenario/settings.js';
import { EXAMPLE_SPEC, FIXTURES } from '../../e2e/helpers.js';

describe('readDelay', () => {
  it.each([
    ['250', 250],
    ['0', 0],
    ['100-800', { min: 100, max: 800 }],
    [' 100 - 800 ', { min: 100, max: 800 }],
    ['300-300', 300],
    [120, 120],
    [
      { min: 1, max: 2 },
      { min: 1, max: 2 },
    ],
    ['800-100', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    ['abc', undefined],
    [-1, undefined],
    [{ min: 5, max: 1 }, undefined],
  ])('%j', (given, want) => {
    expect(readDelay(given)).toEqual(want);
  });
});

describe('readFailRate', () => {
  it.each([
    ['0.05', 0.05],
    ['0', 0],
    ['1', 1],
    [0.5, 0.5],
    ['1.5', undefined],
    ['-0.1', undefined],
    ['', undefined],
    ['half', undefined],
  ])('%j', (given, want) => {
    expect(readFailRate(given)).toBe(want);
  });
});

describe('readChange', () => {
  const operations = new Set(['GET /api/users/{id}']);
  it.each([
    [
      'a scenario for one operation',
      { operation: 'GET /api/users/{id}', scenario: 'not_found' },
      { change: { operation: 'GET /api/users/{id}', scenario: 'not_found' } },
    ],
    ['a delay range', { delay: '100-800' }, { change: { delay: { min: 100, max: 800 } } }],
    [
      'a fail rate for one operation',
      { operation: 'GET /api/users/{id}', failRate: 0.5 },
      {
        errors: {
          operation: ['The fail rate and mode are for every operation: leave the operation out.'],
        },
      },
    ],
    ['not an object', [1], { errors: { body: [expect.stringContaining('JSON object')] } }],
  ])('%s', (_name, input, want) => {
    expect(readChange(input, ['operation', 'scenario', 'delay', 'failRate'], operations)).toEqual(
      want,
    );
  });
});

describe('accepts', () => {
  it.each([
    ['application/json', ['application/json'], true],
    ['application/*', ['application/json'], true],
    ['*/*;q=0.8, text/html', ['application/json'], true],
    ['text/html', ['application/json'], false],
    ['application/json;q=0, */*', ['application/json'], false],
    ['text/html, application/xml;q=0.9', ['application/json', 'application/xml'], true],
  ])('%s for %j', (header, declared, want) => {
    expect(accepts(header, declared)).toBe(want);
  });
});

describe('Journal', () => {
  it('keeps the last `size` requests, newest first', () => {
    const journal = new Journal(2);
    for (const url of ['/a', '/b?x=1&x=2', '/c']) {
      journal.record({ at: 0, started: 0, method: 'GET', url, ms: 1.234 });
    }
    expect(journal.entries().map((e) => [e.path, e.query, e.durationMs])).toEqual([
      ['/c', {}, 1.23],
      ['/b', { x: ['1', '2'] }, 1.23],
    ]);
    journal.record({ at: 0, started: 0, method: 'GET', url: '//x:99999/' });
    expect(journal.entries()[0]).toMatchObject({ path: '//x:99999/', query: {}, status: 0 });
    journal.clear();
    expect(journal.entries()).toEqual([]);
  });
});

describe('paginationWarnings', () => {
  it('names the fields that may not be null where Laravel sends null, once for the document', async () => {
    const { document } = await loadSpec(path.join(FIXTURES, 'resources.yaml'));
    const warnings = paginationWarnings(document);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.pointer).toBe(
      '#/paths/~1api~1posts/get/responses/200/content/application~1json/schema',
    );
    expect(warnings[0]!.message).toMatch(
      /^meta\.from, meta\.to, links\.prev, links\.next of GET \/api\/posts may not be null/,
    );
  });

  it('says nothing of an envelope that allows them', async () => {
    expect(paginationWarnings((await loadSpec(EXAMPLE_SPEC)).document)).toEqual([]);
  });
});
