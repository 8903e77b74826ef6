/** One segment of a path template: literal text, or exactly one parameter. */
export type Segment = { literal: string } | { param: string };

/** A path template read as resource paths are: whole segments, literal or one parameter. */
export interface PathShape {
  segments: Segment[];
  /** The template with its parameters blanked (`/api/posts/{}/comments`): names do not matter. */
  key: string;
}

/**
 * `/api/posts/{post}/comments` → its segments; undefined for a template no resource has: one
 * with a query or fragment part, or a parameter inside a segment (`/{Sid}.json`, `:publish`).
 */
export function pathShape(path: string): PathShape | undefined {
  if (/[?#]/.test(path)) return undefined;
  const segments: Segment[] = [];
  for (const part of path.split('/')) {
    if (part === '') continue;
    const param = /^\{([^{}]+)\}$/.exec(part)?.[1];
    if (param !== undefined) segments.push({ param });
    else if (/[{}]/.test(part)) return undefined;
    else segments.push({ literal: part });
  }
  return { segments, key: keyOf(segments) };
}

export function keyOf(segments: readonly Segment[]): string {
  return '/' + segments.map((s) => ('param' in s ? '{}' : s.literal)).join('/');
}

/**
 * The concrete path of a collection for one request: its template's parameters filled with
 * the request's values (`/api/posts/42/comments`), the key its items are kept and seeded under.
 */
export function concretePath(segments: readonly Segment[], params: Record<string, string>): string {
  return (
    '/' +
    segments
      .map((s) => ('param' in s ? encodeURIComponent(params[s.param] ?? '') : s.literal))
      .join('/')
  );
}

/** `post:slug` → `{ name: 'post', field: 'slug' }`: Laravel's binding field, when named. */
export function bindingOf(param: string): { name: string; field?: string } {
  const colon = param.indexOf(':');
  return colon < 0
    ? { name: param }
    : { name: param.slice(0, colon), field: param.slice(colon + 1) };
}
