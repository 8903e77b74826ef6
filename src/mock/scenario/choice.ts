import type { IncomingHttpHeaders } from 'node:http';
import type { ReadonlyQuery } from '../../core/request-target.js';
import { isScenario, SCENARIOS, type Scenario } from '../../core/engine/scenarios.js';

/** What the client asked this request to answer. */
export interface Choice {
  scenario: Scenario;
  /** A declared response by its status (`Prefer: code=404`, `?__code=404`). */
  code?: number;
  /** A named example (`Prefer: example=empty`, `?__example=empty`). */
  example?: string;
  /** Fresh random data (`Prefer: dynamic=true`, `?__dynamic=true`, `--dynamic`). */
  dynamic: boolean;
}

/** The request header that does what `_scenario` does, for clients that cannot change URLs. */
export const SCENARIO_HEADER = 'x-apidoc-scenario';

/**
 * The scenario (`_scenario`, else the `X-Apidoc-Scenario` header, else the server's) and
 * Prism's preferences: the `Prefer` header (`code=404, example=name, dynamic=true`) and its
 * query forms (`__code`, `__example`, `__dynamic`), which win over the header. A request with
 * none of them costs two header lookups and the query's size. The names are Prism's, so that
 * clients written against Prism keep working.
 * @see https://www.rfc-editor.org/rfc/rfc7240 (Prefer)
 */
export function chooseResponse(
  query: ReadonlyQuery,
  headers: IncomingHttpHeaders,
  fallback: Scenario,
  dynamic: boolean,
): Choice | { error: string } {
  const prefer = headers.prefer;
  const header = headers[SCENARIO_HEADER];
  if (query.size === 0 && prefer === undefined && header === undefined) {
    return { scenario: fallback, dynamic };
  }
  const named = nonEmpty(query.get('_scenario')) ?? nonEmpty(single(header));
  if (named !== undefined && !isScenario(named)) {
    return { error: `Unknown scenario '${named}'. Valid scenarios: ${SCENARIOS.join(', ')}.` };
  }
  const wanted = preferences(single(prefer));
  const code = nonEmpty(query.get('__code')) ?? wanted.code;
  const example = nonEmpty(query.get('__example')) ?? wanted.example;
  const fresh = nonEmpty(query.get('__dynamic')) ?? wanted.dynamic;
  const choice: Choice = { scenario: (named as Scenario | undefined) ?? fallback, dynamic };
  if (code !== undefined) {
    if (!/^[1-5]\d\d$/.test(code)) {
      return { error: `Invalid preferred code '${code}'. Use a status code, such as code=404.` };
    }
    choice.code = Number(code);
  }
  if (example !== undefined) choice.example = example;
  if (fresh !== undefined) choice.dynamic = fresh === 'true';
  return choice;
}

/** `code=404, example="not found"; dynamic=true` → its values (RFC 7240's tokens and quotes). */
function preferences(header: string | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (header === undefined) return out;
  for (const part of header.split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'code' || name === 'example' || name === 'dynamic') out[name] ??= value;
  }
  return out;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}
