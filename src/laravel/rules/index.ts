/**
 * Laravel validation rules → the model's field tree (`model/inputs.ts`), read statically from
 * the PhpValues the PHP layer evaluates; `emit/input-schema.ts` writes the tree as JSON Schema.
 * One file per rule family under `families/`, joined by the lookup table in `table.ts`.
 * @see https://laravel.com/docs/validation#available-validation-rules
 */

export type { ParsedRule, RuleContext } from './rule.js';
export { parseRules } from './parse.js';
export { compileRules } from './tree.js';
