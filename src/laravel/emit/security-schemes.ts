import type { SecuritySchemeObject } from '../../core/types.js';
import type { AuthScheme } from '../security/types.js';

/**
 * A security scheme object for how a route authenticates; Passport's flows are its `/oauth`
 * routes (authorization code with refresh, client credentials), relative to the server.
 * @see https://spec.openapis.org/oas/v3.0.3#security-scheme-object
 * @see https://laravel.com/docs/passport#issuing-access-tokens
 */
export function securityScheme(auth: AuthScheme): SecuritySchemeObject {
  switch (auth.kind) {
    case 'bearer':
      return { type: 'http', scheme: 'bearer' };
    case 'basic':
      return { type: 'http', scheme: 'basic' };
    case 'passport':
      return {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: '/oauth/authorize',
            tokenUrl: '/oauth/token',
            refreshUrl: '/oauth/token',
            scopes: auth.scopes,
          },
          clientCredentials: { tokenUrl: '/oauth/token', scopes: auth.scopes },
        },
      };
    case 'api-key':
      return { type: 'apiKey', in: auth.in, name: auth.name };
    case 'configured':
      return auth.scheme;
  }
}
