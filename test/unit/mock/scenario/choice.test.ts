import { describe, expect, it } from 'vitest';
import { chooseResponse } from '../../../../src/mock/scenario/choice.js';

const UNKNOWN =
  "Unknown scenario 'bogus'. Valid scenarios: success, error, empty, unauthorized, forbidden, not_found, validation_error.";

describe('chooseResponse', () => {
  it.each([
    ['default when absent', '', {}, 'success', { scenario: 'success', dynamic: false }],
    ['server default', '', {}, 'empty', { scenario: 'empty', dynamic: false }],
    [
      '_scenario wins',
      '_scenario=not_found',
      {},
      'success',
      { scenario: 'not_found', dynamic: false },
    ],
    [
      'empty _scenario falls back',
      '_scenario=',
      {},
      'error',
      { scenario: 'error', dynamic: false },
    ],
    ['unknown _scenario', '_scenario=bogus', {}, 'success', { error: UNKNOWN }],
    [
      'the header instead of _scenario',
      '',
      { 'x-apidoc-scenario': 'forbidden' },
      'success',
      { scenario: 'forbidden', dynamic: false },
    ],
    [
      '_scenario wins over the header',
      '_scenario=empty',
      { 'x-apidoc-scenario': 'forbidden' },
      'success',
      { scenario: 'empty', dynamic: false },
    ],
    [
      'unknown header scenario',
      '',
      { 'x-apidoc-scenario': 'bogus' },
      'success',
      { error: UNKNOWN },
    ],
    [
      "Prism's Prefer header",
      '',
      { prefer: 'code=404, example=missing; dynamic=true' },
      'success',
      { scenario: 'success', code: 404, example: 'missing', dynamic: true },
    ],
    [
      'a quoted example name',
      '',
      { prefer: 'example="not found"' },
      'success',
      { scenario: 'success', example: 'not found', dynamic: false },
    ],
    [
      "Prism's query forms win over the header",
      '__code=500&__example=down&__dynamic=false',
      { prefer: 'code=404, example=missing, dynamic=true' },
      'success',
      { scenario: 'success', code: 500, example: 'down', dynamic: false },
    ],
    [
      'preferences other than these are ignored',
      '',
      { prefer: 'respond-async, wait=5' },
      'success',
      { scenario: 'success', dynamic: false },
    ],
    [
      'a code that is no status',
      '__code=abc',
      {},
      'success',
      { error: "Invalid preferred code 'abc'. Use a status code, such as code=404." },
    ],
  ] as const)('%s', (_name, query, headers, fallback, want) => {
    expect(chooseResponse(new URLSearchParams(query), headers, fallback, false)).toEqual(want);
  });

  it('--dynamic holds unless the request says dynamic=false', () => {
    const query = new URLSearchParams();
    expect(chooseResponse(query, {}, 'success', true)).toEqual({
      scenario: 'success',
      dynamic: true,
    });
    expect(chooseResponse(query, { prefer: 'dynamic=false' }, 'success', true)).toMatchObject({
      dynamic: false,
    });
  });
});
