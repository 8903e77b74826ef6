import type { SecuritySchemeObject } from '../../core/types.js';
import type { AuthUseFacts, InputRead } from '../facts/types.js';
import type { PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import type { RouteMiddleware } from './expand.js';

/**
 * How a request authenticates, as the application enforces it; `emit/` writes it as a security
 * scheme object.
 */
export type AuthScheme =
  | { kind: 'bearer' }
  | { kind: 'basic' }
  /** Laravel Passport's OAuth2 server, with the scopes the application defines (`tokensCan`). */
  | { kind: 'passport'; scopes: Record<string, string> }
  /** A key the application reads itself, from a header or the query. */
  | { kind: 'api-key'; in: 'header' | 'query'; name: string }
  /**
   * A scheme named in `security_schemes` of config/apidoc.php: the user's own OpenAPI, written
   * as given.
   */
  | { kind: 'configured'; scheme: SecuritySchemeObject };

/** A scheme a middleware authenticates with, under the name the document gives it. */
export interface NamedScheme {
  name: string;
  scheme: AuthScheme;
  /** OAuth2 scopes the route asks for (Passport's `scopes:`/`scope:` middleware). */
  scopes?: string[];
}

/** What one middleware says about authentication. */
export type AuthFinding =
  /**
   * Credentials: any one of `schemes` (`auth:sanctum,api`); none at all when `optional`;
   * `implied` when any other authentication of the route satisfies it (it asks the default
   * guard, which Laravel's `auth` middleware sets to the guard that authenticated).
   */
  | { kind: 'auth'; schemes: NamedScheme[]; optional?: boolean; implied?: boolean }
  /** What a token must be allowed to do: Passport scopes, Sanctum abilities. */
  | { kind: 'scopes'; scopes: string[]; any: boolean; via: 'passport' | 'sanctum' }
  /** It authenticates (it refuses with 401), but how is not understood. */
  | { kind: 'unclassified' };

export interface AuthContext {
  classes: ClassIndex;
  /** `config('auth.defaults.guard')`, resolved. */
  config: (key: string) => PhpValue | undefined;
  /** `Passport::tokensCan([...])`: scope → description. */
  passportScopes: Record<string, string>;
  /** What a middleware class's `handle()` reads from the request, its calls followed. */
  reads: (className: string) => InputRead[];
  /** How a middleware class's `handle()` authenticates, the methods it calls followed. */
  authenticates: (className: string) => AuthUseFacts;
}

/** One kind of authenticating middleware: a finding when the middleware is of that kind. */
export type AuthKind = (m: RouteMiddleware, ctx: AuthContext) => AuthFinding | undefined;
