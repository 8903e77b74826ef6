import { ARRAY_RULES } from './families/arrays.js';
import { DATE_RULES } from './families/dates.js';
import { ENUM_RULES } from './families/enums.js';
import { FILE_RULES } from './families/files.js';
import { PRESENCE_RULES } from './families/presence.js';
import { SIZE_RULES } from './families/sizes.js';
import { STRING_RULES } from './families/strings.js';
import { TYPE_RULES } from './families/types.js';
import type { RuleSpec } from './rule.js';

/**
 * Every rule name understood, by family; a name missing here is reported as unknown.
 * @see https://laravel.com/docs/validation#available-validation-rules
 */
export const RULES: ReadonlyMap<string, RuleSpec> = new Map(
  [
    TYPE_RULES,
    STRING_RULES,
    SIZE_RULES,
    ENUM_RULES,
    FILE_RULES,
    ARRAY_RULES,
    PRESENCE_RULES,
    DATE_RULES,
  ].flatMap((family) => Object.entries(family)),
);
