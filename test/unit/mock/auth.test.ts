import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, OperationObject } from '../../../src/core/types.js';
import {
  compileSecurity,
  invalidCredential,
  isAuthenticated,
  type AuthRequest,
} from '../../../src/mock/auth/index.js';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  security: [{ bearer: [] }],
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      oauth: { type: 'oauth2' },
      oidc: { type: 'openIdConnect' },
      headerKey: { type: 'apiKey', in: 'header', name: 'X-Partner-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'token' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
      basic: { type: 'http', scheme: 'basic' },
      shared: { $ref: '#/components/securitySchemes/basic' } as never,
    },
  },
};

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;

function request(given: {
  headers?: Record<string, string>;
  query?: string;
  cookies?: Record<string, string>;
}): AuthRequest {
  return {
    headers: given.headers ?? {},
    query: new URLSearchParams(given.query ?? ''),
    cookies: given.cookies ?? {},
  };
}

const check = (security: OperationObject['security'], given: Parameters<typeof request>[0]) => {
  const compiled = compileSecurity(doc, { security });
  return compiled === undefined ? 'open' : isAuthenticated(compiled, request(given));
};

describe('isAuthenticated', () => {
  it.each([
    [
      'bearer mock token',
      [{ bearer: [] }],
      { headers: { authorization: 'Bearer mock-token-abc' } },
      true,
    ],
    [
      'bearer, lower-case scheme word',
      [{ bearer: [] }],
      { headers: { authorization: 'bearer mock-token-1' } },
      true,
    ],
    [
      'bearer off the pattern',
      [{ bearer: [] }],
      { headers: { authorization: 'Bearer abc' } },
      false,
    ],
    ['bearer missing', [{ bearer: [] }], {}, false],
    [
      'JWT refused for a plain bearer scheme',
      [{ bearer: [] }],
      { headers: { authorization: `Bearer ${JWT}` } },
      false,
    ],
    [
      'JWT accepted for bearerFormat JWT',
      [{ jwt: [] }],
      { headers: { authorization: `Bearer ${JWT}` } },
      true,
    ],
    [
      'JWT accepted for oauth2',
      [{ oauth: ['read'] }],
      { headers: { authorization: `Bearer ${JWT}` } },
      true,
    ],
    [
      'mock token accepted for openIdConnect',
      [{ oidc: [] }],
      { headers: { authorization: 'Bearer mock-token-x' } },
      true,
    ],
    [
      "apiKey in the scheme's header",
      [{ headerKey: [] }],
      { headers: { 'x-partner-key': 'mock-api-key-1' } },
      true,
    ],
    [
      'apiKey in X-API-Key always works',
      [{ queryKey: [] }],
      { headers: { 'x-api-key': 'mock-api-key-1' } },
      true,
    ],
    [
      'apiKey in api_key always works',
      [{ headerKey: [] }],
      { query: 'api_key=mock-api-key-2' },
      true,
    ],
    [
      "apiKey in the scheme's query parameter",
      [{ queryKey: [] }],
      { query: 'token=mock-api-key-3' },
      true,
    ],
    [
      "apiKey in the scheme's cookie",
      [{ cookieKey: [] }],
      { cookies: { session: 'mock-api-key-4' } },
      true,
    ],
    [
      'apiKey off the pattern',
      [{ headerKey: [] }],
      { headers: { 'x-partner-key': 'secret' } },
      false,
    ],
    [
      'basic with any user and password',
      [{ basic: [] }],
      { headers: { authorization: basic('ann:pw') } },
      true,
    ],
    [
      'basic through a $ref scheme',
      [{ shared: [] }],
      { headers: { authorization: basic('ann:pw') } },
      true,
    ],
    ['basic without a colon', [{ basic: [] }], { headers: { authorization: basic('ann') } }, false],
    [
      'alternatives: the second passes',
      [{ bearer: [] }, { basic: [] }],
      { headers: { authorization: basic('a:b') } },
      true,
    ],
    [
      'one requirement needs all its schemes',
      [{ bearer: [], headerKey: [] }],
      { headers: { authorization: 'Bearer mock-token-1' } },
      false,
    ],
    [
      'one requirement, all schemes present',
      [{ bearer: [], headerKey: [] }],
      { headers: { authorization: 'Bearer mock-token-1', 'x-api-key': 'mock-api-key-1' } },
      true,
    ],
    ['empty requirement allows anonymous', [{ bearer: [] }, {}], {}, true],
    [
      'document security applies when the operation has none',
      undefined,
      { headers: { authorization: 'Bearer mock-token-1' } },
      true,
    ],
    ['document security requires a token', undefined, {}, false],
    ['security: [] opens the operation', [], {}, 'open'],
  ] as const)('%s', (_name, security, given, want) => {
    expect(check(security as OperationObject['security'], given)).toBe(want);
  });
});

describe('invalidCredential', () => {
  it.each([
    ['nothing presented', {}, undefined],
    ['a mock token', { headers: { authorization: 'Bearer mock-token-1' } }, undefined],
    ['a JWT-form token', { headers: { authorization: `Bearer ${JWT}` } }, undefined],
    ['a bearer token off the pattern', { headers: { authorization: 'Bearer nope' } }, 'Bearer'],
    ['an X-API-Key off the pattern', { headers: { 'x-api-key': 'nope' } }, 'ApiKey'],
    ['an api_key off the pattern', { query: 'api_key=nope' }, 'ApiKey'],
    ['a malformed Basic header', { headers: { authorization: 'Basic' } }, 'Basic'],
    ['a valid Basic header', { headers: { authorization: basic('a:b') } }, undefined],
  ] as const)('%s', (_name, given, want) => {
    expect(invalidCredential(request(given))).toBe(want);
  });
});
