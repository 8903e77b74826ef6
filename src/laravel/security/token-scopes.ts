import type { AuthKind } from './types.js';

/** Passport's and Sanctum's middleware that check what a token may do, and their defaults. */
const CHECKS: { test: RegExp; via: 'passport' | 'sanctum'; any: boolean }[] = [
  { test: /^Laravel\\Passport\\Http\\Middleware\\CheckScopes$/, via: 'passport', any: false },
  { test: /^Laravel\\Passport\\Http\\Middleware\\CheckForAnyScope$/, via: 'passport', any: true },
  { test: /^Laravel\\Sanctum\\Http\\Middleware\\CheckAbilities$/, via: 'sanctum', any: false },
  { test: /^Laravel\\Sanctum\\Http\\Middleware\\CheckForAnyAbility$/, via: 'sanctum', any: true },
];

/**
 * Passport's `scopes:`/`scope:` and Sanctum's `abilities:`/`ability:` middleware (or classes
 * extending them): what the token must be allowed to do.
 * @see https://laravel.com/docs/passport#checking-scopes
 * @see https://laravel.com/docs/sanctum#token-ability-middleware
 */
export const tokenScopes: AuthKind = (m, ctx) => {
  if (!m.className || m.params.length === 0) return undefined;
  const lineage = [m.className, ...ctx.classes.ancestors(m.className)];
  const check = CHECKS.find((c) => lineage.some((name) => c.test.test(name)));
  return check ? { kind: 'scopes', scopes: m.params, any: check.any, via: check.via } : undefined;
};
