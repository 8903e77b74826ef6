/**
 * Laravel's validation, for the mock: the rules an application wrote (carried in the
 * document's `x-laravel*` extensions) checked with Laravel's semantics and worded with its
 * messages. Pure: no I/O, no Node APIs.
 */
export { validateLaravel, type ValidateOptions } from './validate.js';
export { topMessage } from './messages.js';
export { normaliseInput } from './data.js';
export { parseRule, ruleString } from './parse.js';
export type { ErrorBody, Locale, Lookup, Rule, RuleSet } from './types.js';
