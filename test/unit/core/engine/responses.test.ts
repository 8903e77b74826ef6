import { describe, expect, it } from 'vitest';
import type { OperationObject } from '../../../../src/core/types.js';
import { successStatus } from '../../../../src/core/engine/responses.js';

const op = (...codes: string[]): OperationObject => ({
  responses: Object.fromEntries(codes.map((c) => [c, { description: c }])),
});

describe('successStatus: always a status the operation declares', () => {
  it.each([
    ['the lowest 2xx', 'get', op('404', '202', '200'), 200],
    ['201 for a POST that declares it', 'post', op('200', '201'), 201],
    ['204 for a DELETE that declares it', 'delete', op('200', '204'), 204],
    ['200 under a default', 'put', op('default', '400'), 200],
    ['200 under 2XX', 'get', op('2XX'), 200],
    ['200 when nothing is declared', 'get', op(), 200],
    ['a redirect when that is all there is', 'get', op('302', '404'), 302],
    ["the petstore's error-only operations: the lowest error", 'delete', op('404', '400'), 400],
    ['1xx is never answered', 'get', op('101', '500'), 500],
  ])('%s', (_name, method, operation, want) => {
    expect(successStatus(operation, method)).toBe(want);
  });
});
