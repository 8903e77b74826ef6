import { describe, expect, it } from 'vitest';
import type { SecuritySchemeObject } from '../../../../src/core/types.js';
import { securityScheme } from '../../../../src/laravel/emit/security-schemes.js';
import type { AuthScheme } from '../../../../src/laravel/security/types.js';

describe('securityScheme: how a route authenticates, as a security scheme object', () => {
  it.each<[string, { given: AuthScheme; want: SecuritySchemeObject }]>([
    ['a bearer token', { given: { kind: 'bearer' }, want: { type: 'http', scheme: 'bearer' } }],
    ['basic', { given: { kind: 'basic' }, want: { type: 'http', scheme: 'basic' } }],
    [
      'a key in a header',
      {
        given: { kind: 'api-key', in: 'header', name: 'X-API-TOKEN' },
        want: { type: 'apiKey', in: 'header', name: 'X-API-TOKEN' },
      },
    ],
    [
      "Passport: its /oauth routes' flows, with the scopes",
      {
        given: { kind: 'passport', scopes: { read: 'Read things' } },
        want: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: '/oauth/authorize',
              tokenUrl: '/oauth/token',
              refreshUrl: '/oauth/token',
              scopes: { read: 'Read things' },
            },
            clientCredentials: { tokenUrl: '/oauth/token', scopes: { read: 'Read things' } },
          },
        },
      },
    ],
    [
      'a configured scheme, as the user wrote it',
      {
        given: {
          kind: 'configured',
          scheme: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
        want: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(securityScheme(given)).toEqual(want);
  });
});
