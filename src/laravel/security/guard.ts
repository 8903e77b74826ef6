import type { PhpValue } from '../php/value.js';
import { BEARER, passport } from './schemes.js';
import type { AuthContext, AuthKind, NamedScheme } from './types.js';

const AUTHENTICATE = 'Illuminate\\Auth\\Middleware\\Authenticate';

/**
 * `auth`, `auth:sanctum,api`, or a class extending Laravel's `Authenticate`: the guards named
 * (else the default guard), each by its driver.
 * @see https://laravel.com/docs/authentication#protecting-routes
 */
export const guard: AuthKind = (m, ctx) => {
  if (!m.className || !ctx.classes.isA(m.className, [AUTHENTICATE])) return undefined;
  return { kind: 'auth', schemes: guardSchemes(m.params.length > 0 ? m.params : [''], ctx) };
};

/**
 * The schemes of guards by name (`''`: the default guard), each by its driver: Passport's
 * OAuth2, else a bearer token (Sanctum, the `token` driver, and any other).
 */
export function guardSchemes(guards: readonly string[], ctx: AuthContext): NamedScheme[] {
  const schemes = new Map<string, NamedScheme>();
  for (const written of guards) {
    const name = written || stringOf(ctx.config('auth.defaults.guard'));
    const driver = name ? stringOf(ctx.config(`auth.guards.${name}.driver`)) : undefined;
    const scheme = driver === 'passport' ? passport(ctx.passportScopes) : BEARER;
    schemes.set(scheme.name, scheme);
  }
  return [...schemes.values()];
}

function stringOf(value: PhpValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
