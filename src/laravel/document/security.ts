import type { SecurityRequirement, SecuritySchemeObject } from '../../core/types.js';
import { shortName } from '../php/names.js';

/** Middleware that authenticates, by alias or class, and the scheme each stands for. */
const BUILT_IN: { test: (m: string) => boolean; name: string; scheme: SecuritySchemeObject }[] = [
  {
    test: (m) =>
      /^auth\.basic(\.once)?(:|$)/.test(m) ||
      /AuthenticateWithBasicAuth$|AuthenticateOnceWithBasicAuth$/.test(m),
    name: 'basicAuth',
    scheme: { type: 'http', scheme: 'basic' },
  },
  {
    test: (m) => /^auth(:|$)/.test(m) || shortName(m) === 'Authenticate',
    name: 'bearerAuth',
    scheme: { type: 'http', scheme: 'bearer' },
  },
];

/**
 * Security from route middleware: `auth`, `auth:sanctum`, `auth:api` → a bearer scheme,
 * `auth.basic` → basic, middleware the config names (`security_schemes`) → their scheme.
 * Scheme names depend on the type only (`bearerAuth`, `basicAuth`, `apiKeyAuth`), so the mock,
 * which treats schemes by type, accepts what this documents.
 * @see https://spec.openapis.org/oas/v3.0.3#security-scheme-object
 */
export class SecuritySchemes {
  readonly used = new Map<string, SecuritySchemeObject>();
  /** Per middleware list: the schemes it names and the requirement they make. */
  private readonly byMiddleware = new Map<
    string,
    { schemes: Map<string, SecuritySchemeObject>; requirement: SecurityRequirement | undefined }
  >();
  private readonly custom: { middleware: string; name: string; scheme: SecuritySchemeObject }[];

  constructor(configured: Record<string, SecuritySchemeObject>) {
    const counts = new Map<string, number>();
    this.custom = Object.keys(configured)
      .sort()
      .map((middleware) => {
        const scheme = configured[middleware]!;
        const base =
          scheme.type === 'http' ? `${scheme.scheme ?? 'http'}Auth` : `${scheme.type}Auth`;
        const n = (counts.get(base) ?? 0) + 1;
        counts.set(base, n);
        return { middleware, name: n === 1 ? base : `${base}${n}`, scheme };
      });
  }

  /** The requirement a route's middleware make, or undefined when it is public. */
  requirement(middleware: readonly string[]): SecurityRequirement | undefined {
    // Thousands of routes share a handful of middleware lists.
    const key = middleware.join('\n');
    let known = this.byMiddleware.get(key);
    if (!known) this.byMiddleware.set(key, (known = this.resolve(middleware)));
    for (const [name, scheme] of known.schemes) this.used.set(name, scheme);
    return known.requirement;
  }

  private resolve(middleware: readonly string[]): {
    schemes: Map<string, SecuritySchemeObject>;
    requirement: SecurityRequirement | undefined;
  } {
    const schemes = new Map<string, SecuritySchemeObject>();
    for (const m of middleware) {
      const alias = m.split(':')[0]!;
      const custom = this.custom.find(
        (c) =>
          c.middleware === alias ||
          c.middleware === m ||
          shortName(c.middleware) === shortName(alias),
      );
      const found = custom ?? BUILT_IN.find((b) => b.test(m));
      if (found) schemes.set(found.name, found.scheme);
    }
    const names = [...schemes.keys()].sort();
    const requirement =
      names.length === 0 ? undefined : Object.fromEntries(names.map((n) => [n, []]));
    return { schemes, requirement };
  }
}

/** Middleware that can refuse an authenticated user: `can:`, `verified`, `password.confirm`. */
export function mayForbid(middleware: readonly string[]): boolean {
  return middleware.some(
    (m) =>
      /^(can|verified|password\.confirm|role|permission|ability|abilities)(:|$)/.test(m) ||
      /(Authorize|EnsureEmailIsVerified)$/.test(m),
  );
}
