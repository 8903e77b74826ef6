/**
 * Property names arrive as snake_case (Laravel's default), camelCase (API resources that
 * transform keys) or kebab-case; heuristics match one canonical snake_case form.
 */

const cache = new Map<string, string>();
const CACHE_LIMIT = 10_000;

/** `createdAt`, `created-at`, `CreatedAt`, `CREATED_AT` → `created_at`; `userID` → `user_id`. */
export function snakeName(name: string): string {
  let snake = cache.get(name);
  if (snake !== undefined) return snake;
  snake = name
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z\d]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  // Names come from the spec, so the set is bounded in practice; the limit is a backstop.
  if (cache.size < CACHE_LIMIT) cache.set(name, snake);
  return snake;
}

/** The last `_`-separated word: `avatar_url` → `url`. */
export function lastWord(snake: string): string {
  const index = snake.lastIndexOf('_');
  return index === -1 ? snake : snake.slice(index + 1);
}
