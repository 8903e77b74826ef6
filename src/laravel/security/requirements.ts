import type { SecuritySchemeObject } from '../../core/types.js';
import { shortName } from '../php/names.js';
import { basic } from './basic.js';
import { BEARER } from './schemes.js';
import { authContext } from './context.js';
import { expandMiddleware, type RouteMiddleware } from './expand.js';
import { guard } from './guard.js';
import type { MiddlewareMap } from './middleware-map.js';
import { ownMiddleware } from './own-middleware.js';
import { tokenScopes } from './token-scopes.js';
import { looksLikeAuth } from './unclassified.js';
import type { AuthContext, AuthFinding, AuthKind, AuthScheme, NamedScheme } from './types.js';
import type { Assembly } from '../model/context.js';
import { combine, type RouteSecurity } from './combine.js';

/** The kinds of authenticating middleware, tried in order; the first that knows one wins. */
const KINDS: AuthKind[] = [basic, guard, tokenScopes, ownMiddleware];

/** A middleware whose authentication is not understood: it refuses with 401, or is only named so. */
type Unclassified = { m: RouteMiddleware; refuses: boolean };

type Resolved = { result: RouteSecurity; schemes: NamedScheme[]; unclassified?: Unclassified[] };

type Memo = Map<string, { value: Resolved; deps: Set<string> }>;

/**
 * Security from route middleware, as the application enforces it: groups and aliases expanded
 * (`api` holding `auth:api`), guards by their driver (Sanctum and the `token` driver → a bearer
 * token, Passport → OAuth2 with its scopes), `auth.basic` → basic, the application's own token
 * middleware → an apiKey scheme for the header or query key it reads, middleware the config
 * names (`security_schemes`) → their scheme. Scheme names depend on the scheme only
 * (`bearerAuth`, `basicAuth`, `oauth2Auth`, `apiKeyXApiToken`), so the mock, which treats
 * schemes by type, accepts what this documents.
 * @see https://spec.openapis.org/oas/v3.0.3#security-scheme-object
 */
export class SecuritySchemes {
  readonly used = new Map<string, AuthScheme>();
  private readonly memo: Memo = new Map();
  private readonly custom: { middleware: string; name: string; scheme: AuthScheme }[];

  constructor(
    configured: Record<string, SecuritySchemeObject>,
    private readonly asm?: Assembly,
  ) {
    const counts = new Map<string, number>();
    this.custom = Object.keys(configured)
      .sort()
      .map((middleware) => {
        const scheme = configured[middleware]!;
        const base =
          scheme.type === 'http' ? `${scheme.scheme ?? 'http'}Auth` : `${scheme.type}Auth`;
        const n = (counts.get(base) ?? 0) + 1;
        counts.set(base, n);
        return {
          middleware,
          name: n === 1 ? base : `${base}${n}`,
          scheme: { kind: 'configured', scheme },
        };
      });
  }

  /** A route's requirements; the schemes they name become the document's. */
  requirement(middleware: readonly string[], without: readonly string[] = []): RouteSecurity {
    const key = JSON.stringify([middleware, without]);
    const compute = () => this.resolve(middleware, without);
    const { result, schemes, unclassified } = this.asm
      ? this.asm.classes.tracker.memo(this.memo, key, compute)
      : (this.memo.get(key)?.value ?? compute());
    for (const s of schemes) this.used.set(s.name, s.scheme);
    for (const u of unclassified ?? []) this.warnUnclassified(u);
    return result;
  }

  /** Aliases already warned about: one warning each, whatever the number of routes. */
  private readonly warned = new Set<string>();

  /**
   * A route behind a middleware that authenticates in a way not understood (it refuses with
   * 401), or that is named for authentication when the route is documented without security:
   * one warning naming the alias and the file that defines it, never silence.
   */
  private warnUnclassified({ m, refuses }: Unclassified): void {
    const key = m.className ?? m.name;
    if (!this.asm || this.warned.has(key)) return;
    this.warned.add(key);
    const owner = m.className ? this.asm.classes.get(m.className) : undefined;
    const registered = this.asm.middleware?.defined?.[m.name];
    const where = owner
      ? { file: owner.file, line: owner.facts.line }
      : registered
        ? { file: registered }
        : {};
    const what =
      m.className && m.className !== m.name ? `"${m.name}" (${m.className})` : `"${m.name}"`;
    const how = refuses
      ? 'refuses requests with 401, but how it authenticates is not understood: its routes may lack a security scheme'
      : 'looks as though it authenticates, but how is not understood: its routes are documented without security';
    this.asm.warnings.push({
      code: 'security-not-understood',
      ...where,
      message: `middleware ${what} ${how}; name its scheme in security_schemes in config/apidoc.php`,
    });
  }

  private resolve(middleware: readonly string[], without: readonly string[]): Resolved {
    const map: MiddlewareMap = this.asm?.middleware ?? { groups: {}, aliases: {} };
    const expanded = expandMiddleware(middleware, map, without);
    // Middleware that refuse with 401 in a way not understood, and those only named like it.
    const refusing: Unclassified[] = [];
    const named: Unclassified[] = [];
    const findings = expanded.flatMap((m) => {
      const found = this.configured(m) ?? this.found(m);
      if (found?.kind === 'unclassified') refusing.push({ m, refuses: true });
      else if (!found && looksLikeAuth(m)) named.push({ m, refuses: false });
      return found && found.kind !== 'unclassified' ? [found] : [];
    });
    const combined: Resolved = combine(findings);
    // A name alone says little once the route is known to authenticate; a 401 always does.
    const unclassified = combined.result.security ? refusing : [...refusing, ...named];
    if (unclassified.length > 0) combined.unclassified = unclassified;
    return combined;
  }

  private configured(m: RouteMiddleware): AuthFinding | undefined {
    const custom = this.custom.find(
      (c) =>
        c.middleware === m.name ||
        c.middleware === m.written ||
        (m.className !== undefined && c.middleware === m.className) ||
        shortName(c.middleware) === shortName(m.name),
    );
    return custom
      ? { kind: 'auth', schemes: [{ name: custom.name, scheme: custom.scheme }] }
      : undefined;
  }

  private found(m: RouteMiddleware): AuthFinding | undefined {
    const ctx = this.context();
    if (!ctx) return /^auth(:|$)/.test(m.written) ? guardless() : undefined;
    for (const kind of KINDS) {
      const found = kind(m, ctx);
      if (found) return found;
    }
    return undefined;
  }

  private ctx?: AuthContext;

  private context(): AuthContext | undefined {
    return this.asm ? (this.ctx ??= authContext(this.asm)) : undefined;
  }
}

/** Without the assembly (unit use): `auth` is a bearer token. */
function guardless(): AuthFinding {
  return {
    kind: 'auth',
    schemes: [BEARER],
  };
}

/** Middleware that can refuse an authenticated user: `can:`, `verified`, `password.confirm`. */
export function mayForbid(middleware: readonly string[]): boolean {
  return middleware.some(
    (m) =>
      /^(can|verified|password\.confirm|role|permission|ability|abilities|scope|scopes)(:|$)/.test(
        m,
      ) || /(Authorize|EnsureEmailIsVerified)$/.test(m),
  );
}
