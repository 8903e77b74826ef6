import { getValue, hasValue } from '../data.js';
import { looseEquals, phpString } from '../php.js';
import type { RuleImpl } from '../rule.js';

/**
 * Rules that compare a field with others: `confirmed`, `same`, `different`, `distinct`; and
 * `exists`/`unique`, answered by the caller's data when it has some.
 * @see https://laravel.com/docs/validation#rule-distinct
 */

export const FIELDS: Record<string, RuleImpl> = {
  confirmed: { check: (c) => c.value === getValue(c.data, `${c.attribute}_confirmation`) },
  same: {
    check: (c) => c.value === getValue(c.data, c.args[0] ?? ''),
    replace: (c, d) => ({ other: d.attribute(c.args[0] ?? '') }),
  },
  different: {
    check: (c) => c.args.every((a) => !hasValue(c.data, a) || getValue(c.data, a) !== c.value),
    replace: (c, d) => ({ other: d.attribute(c.args[0] ?? '') }),
  },
  distinct: {
    check: (c) => {
      const strict = c.args.includes('strict');
      const ignoreCase = c.args.includes('ignore_case');
      for (const [key, other] of c.siblings()) {
        if (key === c.attribute) continue;
        if (ignoreCase && phpString(other).toLowerCase() === phpString(c.value).toLowerCase())
          return false;
        if (strict ? other === c.value : looseEquals(other, c.value)) return false;
      }
      return true;
    },
  },
  exists: {
    check: (c) => {
      const [table = '', column = 'NULL'] = c.args;
      const col = column === 'NULL' ? c.attribute.split('.').pop()! : column;
      return c.lookup.exists?.(table, col, c.value) ?? true;
    },
  },
  unique: {
    check: (c) => {
      const [table = '', column = 'NULL'] = c.args;
      const col = column === 'NULL' ? c.attribute.split('.').pop()! : column;
      const found = c.lookup.exists?.(table, col, c.value);
      return found === undefined ? true : !found;
    },
  },
};
