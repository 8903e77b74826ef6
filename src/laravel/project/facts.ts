import type { FileFacts } from '../facts/types.js';
import type { ModelCatalog } from '../models/catalog.js';
import type { ClassIndex } from './classes.js';

/** Resource classes `withoutWrapping()` is called on, anywhere in the project. */
export function unwrappedResources(files: ReadonlyMap<string, FileFacts>): Set<string> {
  return new Set([...files.values()].flatMap((f) => f.withoutWrapping ?? []));
}

/**
 * The model each resource is seen wrapping in handlers (`new UserResource($user)` with a
 * `User $user`), for resources whose model neither `@mixin` nor the name tells. The most
 * frequent wins; ties go to the first name in order.
 */
export function resourceHints(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const facts of files.values()) {
    for (const [resource, model] of facts.resourceUses ?? []) {
      if (!classes.has(model)) continue;
      const byModel = counts.get(resource) ?? new Map<string, number>();
      byModel.set(model, (byModel.get(model) ?? 0) + 1);
      counts.set(resource, byModel);
    }
  }
  const out = new Map<string, string>();
  for (const [resource, byModel] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const best = [...byModel].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0];
    if (best) out.set(resource, best[0]);
  }
  return out;
}

/** The authenticated user's model: `config/auth.php`'s users provider, else `App\Models\User`. */
export function authModel(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
  models: ModelCatalog,
): string | undefined {
  const config = files.get('config/auth.php')?.returns;
  const found = findModel(config);
  if (found && models.isModel(found)) return found;
  return (
    ['App\\Models\\User', 'App\\User'].find((m) => models.isModel(m)) ??
    classes.withShortName('User').find((n) => models.isModel(n))
  );
}

function findModel(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { kind?: string; items?: { key?: unknown; value: unknown }[] };
  if (v.kind !== 'array' || !v.items) return undefined;
  for (const item of v.items) {
    if (item.key === 'model') {
      const raw = item.value as { kind?: string; callee?: string; args?: unknown[] };
      // `env('AUTH_MODEL', App\\Models\\User::class)`: the default.
      const value = raw?.kind === 'call' && raw.callee === 'env' ? raw.args?.[1] : item.value;
      const m = value as { kind?: string; name?: string };
      if (m?.kind === 'class' && m.name) return m.name;
      if (typeof value === 'string') return value;
    }
    const nested = findModel(item.value);
    if (nested) return nested;
  }
  return undefined;
}
