/**
 * Path templates as regular expressions: the router's second opinion. find-my-way cannot hold
 * templates that differ only after a parameter inside one segment (Google's `/v1/{name}` beside
 * `/v1/{name}:archive`) and ends a parameter at a quote (Azure's `/datasources('{name}')`); a
 * template matched here is matched by the letter.
 * @see https://spec.openapis.org/oas/v3.0.3#path-templating-matching
 */
export interface PathTemplate {
  regex: RegExp;
  /** Parameter names, in order; AWS's greedy `{Key+}` is `Key`. */
  names: string[];
  /** Characters outside parameters: more means more concrete, matched first. */
  literal: number;
}

/**
 * The path part of a key (before any `?` or `#`), trailing slashes optional. `values` gives a
 * parameter's enum, which tells adjacent parameters apart (`/profiles/{id}{extension}` with
 * `extension: [.json, .xml]`, Buffer's and HealthCare.gov's).
 */
export function compileTemplate(
  key: string,
  values: (name: string) => readonly string[] | undefined = () => undefined,
  /** Trailing slashes count (`/jobs` and `/jobs/` are two keys of one document). */
  exactSlashes = false,
): PathTemplate {
  const at = key.search(/[?#]/);
  const full = at < 0 ? key : key.slice(0, at);
  const path = full.replace(/\/+$/, '');
  const tail = exactSlashes ? escapeRegExp(full.slice(path.length)) : '/*';
  const names: string[] = [];
  let literal = 0;
  const source = path
    .split(/(\{[^}]*\})/)
    .map((part) => {
      const param = /^\{(.*)\}$/.exec(part)?.[1];
      if (param === undefined) {
        literal += part.length;
        return escapeRegExp(part);
      }
      const name = param.replace(/[+*]$/, '');
      names.push(name);
      const known = values(name);
      if (known && known.length > 0) return `(${known.map(escapeRegExp).join('|')})`;
      // Greedy labels span slashes; others end at the first text that can follow them.
      return /[+*]$/.test(param) ? '(.+)' : '([^/]+?)';
    })
    .join('');
  return { regex: new RegExp(`^${source}${tail}$`), names, literal };
}

/** `compileTemplate(key).literal` without compiling anything. */
export function literalLength(key: string): number {
  const at = key.search(/[?#]/);
  const path = (at < 0 ? key : key.slice(0, at)).replace(/\/+$/, '');
  let params = 0;
  for (const param of path.matchAll(/\{[^}]*\}/g)) params += param[0].length;
  return path.length - params;
}

/**
 * The template's parameters in `pathname` (as sent, or percent-decoded), or undefined. A caller
 * trying many templates on one path passes its decoded form, worked out once.
 */
export function matchTemplate(
  template: PathTemplate,
  pathname: string,
  decoded?: string,
): Record<string, string> | undefined {
  let match = template.regex.exec(pathname);
  if (!match) {
    decoded ??= safeDecode(pathname);
    if (decoded !== pathname) match = template.regex.exec(decoded);
  }
  if (!match) return undefined;
  const params: Record<string, string> = {};
  template.names.forEach((name, i) => {
    params[name] = safeDecode(match[i + 1] ?? '');
  });
  return params;
}

/** The path as sent, then without each server base path it starts with (`/v1/x` → `/x`). */
export function withoutBase(pathname: string, basePaths: readonly string[]): string[] {
  const out = [pathname];
  for (const base of basePaths) {
    if (pathname === base || pathname.startsWith(base + '/')) out.push(pathname.slice(base.length));
  }
  return out;
}

export function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
