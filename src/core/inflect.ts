import indefinite from 'indefinite';
import pluralize from 'pluralize';

/**
 * English inflection as Laravel's `Str::singular`/`Str::plural` does it, for the words APIs
 * use: resource parameter names (`photos` → `photo`), model table names (`Category` →
 * `categories`) and summaries ("List categories", "Show an account"). The rules are the
 * `pluralize` library's, with the words Laravel's inflector leaves as they are; only the last
 * word of a compound name is inflected, and its case is kept.
 * @see https://github.com/laravel/framework/blob/11.x/src/Illuminate/Support/Pluralizer.php
 */
const UNCOUNTABLE = new Set([
  'equipment',
  'information',
  'rice',
  'money',
  'species',
  'series',
  'fish',
  'sheep',
  'news',
  'feedback',
  'metadata',
  'data',
  'media',
  'audio',
  'software',
  'staff',
]);

export function plural(word: string): string {
  return inflect(word, (lower) => (UNCOUNTABLE.has(lower) ? lower : pluralize.plural(lower)));
}

export function singular(word: string): string {
  return inflect(word, (lower) => (UNCOUNTABLE.has(lower) ? lower : pluralize.singular(lower)));
}

/** `a` or `an` by how the phrase is said: "a user", "an hour", "an SSL certificate". */
export function article(phrase: string): 'a' | 'an' {
  return indefinite(phrase, { articleOnly: true }) === 'an' ? 'an' : 'a';
}

/** Applies `fn` to the last word of a snake/kebab/camel-cased name, keeping its case. */
function inflect(word: string, fn: (lower: string) => string): string {
  const match = /([A-Z]?[a-z0-9]+|[A-Z]+)$/.exec(word);
  if (!match) return word;
  const last = match[1]!;
  const out = fn(last.toLowerCase());
  const cased =
    last[0] === last[0]!.toUpperCase() && last[0] !== last[0]!.toLowerCase()
      ? out[0]!.toUpperCase() + out.slice(1)
      : out;
  return word.slice(0, match.index) + cased;
}

/** `UserProfile` → `user_profile`, as `Str::snake`. */
export function snake(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `blog-posts` → `BlogPost`, `user_profiles` → `UserProfile`: a model's class name, as `Str::studly`. */
export function studly(word: string): string {
  return word
    .split(/[-_\s.]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
