import type { NamedScheme } from './types.js';

/** The scheme names the document uses: by type, so the mock (which treats schemes by type) accepts them. */
export const BEARER: NamedScheme = { name: 'bearerAuth', scheme: { kind: 'bearer' } };

export const BASIC: NamedScheme = { name: 'basicAuth', scheme: { kind: 'basic' } };

/** Laravel Passport's OAuth2 server, with the scopes the application defines. */
export function passport(scopes: Record<string, string>): NamedScheme {
  return { name: 'oauth2Auth', scheme: { kind: 'passport', scopes } };
}

/** A key the application reads itself: `X-API-TOKEN` in a header → `apiKeyXApiToken`. */
export function apiKey(name: string, location: 'header' | 'query'): NamedScheme {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const suffix = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
  return { name: `apiKey${suffix}`, scheme: { kind: 'api-key', in: location, name } };
}
