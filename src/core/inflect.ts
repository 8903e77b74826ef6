/**
 * English inflection as Laravel's `Str::singular`/`Str::plural` does it for the words APIs
 * use: resource parameter names (`photos` → `photo`) and model table names (`Category` →
 * `categories`). A small rule set with the common irregulars, not Doctrine's full inflector.
 */
const IRREGULAR: Record<string, string> = {
  person: 'people',
  man: 'men',
  woman: 'women',
  child: 'children',
  tooth: 'teeth',
  foot: 'feet',
  mouse: 'mice',
  goose: 'geese',
  ox: 'oxen',
  leaf: 'leaves',
  life: 'lives',
  knife: 'knives',
  wife: 'wives',
  half: 'halves',
  analysis: 'analyses',
  criterion: 'criteria',
  datum: 'data',
  medium: 'media',
  index: 'indices',
  status: 'statuses',
  quiz: 'quizzes',
};

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

const SINGULAR_OF = Object.fromEntries(Object.entries(IRREGULAR).map(([s, p]) => [p, s]));

export function plural(word: string): string {
  return inflect(word, (lower) => {
    if (UNCOUNTABLE.has(lower)) return lower;
    if (IRREGULAR[lower]) return IRREGULAR[lower];
    if (/[^aeiou]y$/.test(lower)) return lower.slice(0, -1) + 'ies';
    if (/(s|x|z|ch|sh)$/.test(lower)) return lower + 'es';
    return lower + 's';
  });
}

export function singular(word: string): string {
  return inflect(word, (lower) => {
    if (UNCOUNTABLE.has(lower)) return lower;
    if (SINGULAR_OF[lower]) return SINGULAR_OF[lower];
    if (IRREGULAR[lower]) return lower;
    if (/[^aeiou]ies$/.test(lower)) return lower.slice(0, -3) + 'y';
    if (/(ss|x|z|ch|sh)es$/.test(lower) || /[^aeiou]ses$/.test(lower)) return lower.slice(0, -2);
    if (/(ss|us|is)$/.test(lower)) return lower;
    if (/s$/.test(lower)) return lower.slice(0, -1);
    return lower;
  });
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
