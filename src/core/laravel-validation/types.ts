/**
 * What the mock knows of a Laravel application's validation, as the generator writes it into
 * the document's `x-laravel*` extensions (see docs/reference/extensions.md).
 */

/** One rule of a field: `max:255` is `{ name: 'max', args: ['255'] }`. */
export interface Rule {
  name: string;
  args: string[];
}

/** The rules of one request (a FormRequest's `rules()`, or an inline `validate([...])`). */
export interface RuleSet {
  /** Field key as Laravel writes it (`name`, `address.city`, `tags.*`) → its rules, in order. */
  rules: Readonly<Record<string, readonly string[]>>;
  /** The FormRequest's `messages()`: `field.rule`, `field.*.rule` or `rule` → message. */
  messages?: Readonly<Record<string, string>>;
  /** The FormRequest's `attributes()`: field → the name messages use. */
  attributes?: Readonly<Record<string, string>>;
}

/** The application's language: its Laravel major version and its `en/validation.php`. */
export interface Locale {
  /** Laravel's major version (8, 9, 10, ...); picks the default wording and the top-level message. */
  version: number;
  /** Lines of `validation.php`, flattened with dots (`max.string`, `custom.email.required`). */
  messages?: Readonly<Record<string, string>>;
  /** `validation.php`'s `attributes`: field → name. */
  attributes?: Readonly<Record<string, string>>;
}

/** Answers for `exists` and `unique`, when the caller holds data; undefined means "cannot say". */
export interface Lookup {
  exists?(table: string, column: string, value: unknown): boolean | undefined;
}

/** Laravel's 422 body. */
export interface ErrorBody {
  message: string;
  errors: Record<string, string[]>;
}
