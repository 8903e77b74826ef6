import type { Extension } from '../infer/api.js';
import { NULL, STRING, listOf, union, type Type } from '../infer/type.js';

/**
 * PHP's enums: `Status::cases()`, `Status::from($value)`, a case's `value` (what it serialises
 * to) and `name`.
 * @see https://www.php.net/manual/en/language.enumerations.backed.php
 */
const isEnum = (
  className: string,
  ctx: Parameters<NonNullable<Extension['functions']>[string]>[1],
) => ctx.infer.world.classes.get(className)?.facts.kind === 'enum';

export const enums: Extension = {
  properties: {
    enum: (r, name) => {
      if (r.kind !== 'enum') return undefined;
      if (name === 'value') return r;
      if (name === 'name') return STRING;
      return undefined;
    },
  },
  classes: [
    {
      classes: ['UnitEnum', 'BackedEnum'],
      statics: {
        cases: (c, _a, ctx) => (isEnum(c, ctx) ? listOf({ kind: 'enum', class: c }) : undefined),
        from: (c, _a, ctx) => (isEnum(c, ctx) ? { kind: 'enum', class: c } : undefined),
        tryFrom: (c, _a, ctx) =>
          isEnum(c, ctx) ? union([{ kind: 'enum', class: c } as Type, NULL]) : undefined,
      },
    },
  ],
};
