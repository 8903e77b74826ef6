import type { SecurityRequirement, SecuritySchemeObject } from '../../core/types.js';
import { shortName } from '../php/names.js';
import { arrayRecord } from '../php/value.js';
import { followCalls } from '../requests/follow.js';
import { resolveValue } from '../resolve/value.js';
import { basic } from '../security/basic.js';
import { expandMiddleware, type RouteMiddleware } from '../security/expand.js';
import { guard } from '../security/guard.js';
import type { MiddlewareMap } from '../security/middleware-map.js';
import { tokenMiddleware } from '../security/token-middleware.js';
import { tokenScopes } from '../security/token-scopes.js';
import { looksLikeAuth } from '../security/unclassified.js';
import type { AuthContext, AuthFinding, AuthKind, NamedScheme } from '../security/types.js';
import type { Assembly } from './context.js';

/** The kinds of authenticating middleware, tried in order; the first that knows one wins. */
const KINDS: AuthKind[] = [basic, guard, tokenScopes, tokenMiddleware];

/** A route's security: the requirements (any one satisfies), and what its token must allow. */
export interface RouteSecurity {
  /** Undefined when the route is public. */
  security?: SecurityRequirement[];
  /** Sentences for the operation's description (Sanctum abilities). */
  notes: string[];
}

type Resolved = { result: RouteSecurity; schemes: NamedScheme[]; unclassified?: RouteMiddleware[] };

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
  readonly used = new Map<string, SecuritySchemeObject>();
  private readonly memo: Memo = new Map();
  private readonly custom: { middleware: string; name: string; scheme: SecuritySchemeObject }[];

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
        return { middleware, name: n === 1 ? base : `${base}${n}`, scheme };
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
    for (const m of unclassified ?? []) this.warnUnclassified(m);
    return result;
  }

  /** Aliases already warned about: one warning each, whatever the number of routes. */
  private readonly warned = new Set<string>();

  /**
   * A route documented without security behind a middleware that looks as though it
   * authenticates: one warning naming the middleware and where its class is, never silence.
   */
  private warnUnclassified(m: RouteMiddleware): void {
    const key = m.className ?? m.name;
    if (!this.asm || this.warned.has(key)) return;
    this.warned.add(key);
    const owner = m.className ? this.asm.classes.get(m.className) : undefined;
    const what =
      m.className && m.className !== m.name ? `"${m.name}" (${m.className})` : `"${m.name}"`;
    this.asm.warnings.push({
      code: 'security-not-understood',
      ...(owner ? { file: owner.file, line: owner.facts.line } : {}),
      message: `middleware ${what} looks as though it authenticates, but how is not understood: its routes are documented without security; name its scheme in security_schemes in config/apidoc.php`,
    });
  }

  private resolve(middleware: readonly string[], without: readonly string[]): Resolved {
    const map: MiddlewareMap = this.asm?.middleware ?? { groups: {}, aliases: {} };
    const expanded = expandMiddleware(middleware, map, without);
    const unclassified: RouteMiddleware[] = [];
    const findings = expanded.flatMap((m) => {
      const found = this.configured(m) ?? this.found(m);
      if (!found && looksLikeAuth(m)) unclassified.push(m);
      return found ? [found] : [];
    });
    const combined: Resolved = combine(findings);
    if (!combined.result.security && unclassified.length > 0) combined.unclassified = unclassified;
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
    const asm = this.asm;
    if (!asm) return undefined;
    const config = (key: string) =>
      resolveValue(asm.configValue(key), { classes: asm.classes, config: asm.configValue });
    return (this.ctx ??= {
      classes: asm.classes,
      config,
      passportScopes: Object.fromEntries(
        Object.entries(arrayRecord(asm.passportScopes ?? null)).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : k,
        ]),
      ),
      reads: (className) => {
        const handle = asm.classes.method(className, 'handle');
        if (!handle) return [];
        const followed = followCalls(
          { uses: handle.facts.uses, self: className, file: handle.owner.file },
          asm.classes,
          asm.configValue,
        );
        return [...(handle.facts.uses?.inputs ?? []), ...followed.inputs];
      },
    });
  }
}

/** Without the assembly (unit use): `auth` is a bearer token. */
function guardless(): AuthFinding {
  return {
    kind: 'auth',
    schemes: [{ name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } }],
  };
}

/**
 * Every authenticating middleware must pass (their alternatives multiplied out); scopes go to
 * the OAuth2 schemes' requirements (each scope an alternative when any one will do); a route
 * whose every authentication is optional may also be called without credentials.
 */
function combine(findings: AuthFinding[]): { result: RouteSecurity; schemes: NamedScheme[] } {
  const auths = findings.filter((f) => f.kind === 'auth');
  const scopes = findings.filter((f) => f.kind === 'scopes');
  const notes = scopes
    .filter((s) => s.via === 'sanctum')
    .map(
      (s) =>
        `Requires a token with ${s.any ? 'any of the abilities' : 'the abilities'}: ${s.scopes.map((a) => `\`${a}\``).join(', ')}.`,
    );
  if (auths.length === 0) return { result: { notes }, schemes: [] };
  let alternatives: Record<string, string[]>[] = [{}];
  for (const auth of auths)
    alternatives = alternatives.flatMap((partial) =>
      auth.schemes.map((s) => ({ ...partial, [s.name]: [] as string[] })),
    );
  const oauth = scopes.filter((s) => s.via === 'passport');
  for (const check of oauth) {
    alternatives = alternatives.flatMap((requirement) => {
      const names: string[] = Object.keys(requirement).filter((n) => n === 'oauth2Auth');
      if (names.length === 0) return [requirement];
      const sets = check.any ? check.scopes.map((s) => [s]) : [check.scopes];
      return sets.map((set) =>
        Object.fromEntries(
          Object.entries(requirement).map(([n, list]) => [
            n,
            names.includes(n) ? [...list, ...set] : list,
          ]),
        ),
      );
    });
  }
  const security: SecurityRequirement[] = alternatives.map((a) =>
    Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1))),
  );
  if (auths.every((a) => a.optional)) security.push({});
  const schemes = auths.flatMap((a) => a.schemes);
  return { result: { security, notes }, schemes };
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
