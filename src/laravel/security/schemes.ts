import type { SecuritySchemeObject } from '../../core/types.js';
import type { NamedScheme } from './types.js';

/** The scheme names the document uses: by type, so the mock (which treats schemes by type) accepts them. */
export const BEARER: NamedScheme = {
  name: 'bearerAuth',
  scheme: { type: 'http', scheme: 'bearer' },
};

export const BASIC: NamedScheme = { name: 'basicAuth', scheme: { type: 'http', scheme: 'basic' } };

/**
 * Laravel Passport's OAuth2 server: authorization code (with refresh) and client credentials
 * grants on its `/oauth` routes, relative to the server, with the scopes the application
 * defines.
 * @see https://laravel.com/docs/passport#issuing-access-tokens
 */
export function passport(scopes: Record<string, string>): NamedScheme {
  const scheme: SecuritySchemeObject = {
    type: 'oauth2',
    flows: {
      authorizationCode: {
        authorizationUrl: '/oauth/authorize',
        tokenUrl: '/oauth/token',
        refreshUrl: '/oauth/token',
        scopes,
      },
      clientCredentials: { tokenUrl: '/oauth/token', scopes },
    },
  };
  return { name: 'oauth2Auth', scheme };
}

/** A key the application reads itself: `X-API-TOKEN` in a header → `apiKeyXApiToken`. */
export function apiKey(name: string, location: 'header' | 'query'): NamedScheme {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const suffix = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
  return { name: `apiKey${suffix}`, scheme: { type: 'apiKey', in: location, name } };
}
