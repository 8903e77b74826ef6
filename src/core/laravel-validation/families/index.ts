import type { RuleImpl } from '../rule.js';
import { DATES } from './dates.js';
import { FIELDS } from './fields.js';
import { FORMATS } from './formats.js';
import { PRESENCE } from './presence.js';
import { SIZES } from './sizes.js';
import { TYPES } from './types.js';

/** Every rule the mock checks, by snake name; a rule not listed here always passes. */
export const RULES: Readonly<Record<string, RuleImpl>> = {
  ...PRESENCE,
  ...TYPES,
  ...SIZES,
  ...FORMATS,
  ...DATES,
  ...FIELDS,
};
