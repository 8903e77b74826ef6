import type { PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { members, type Type } from '../infer/type.js';

const FORM_REQUEST = 'Illuminate\\Foundation\\Http\\FormRequest';

/**
 * A FormRequest made of other FormRequests: its `rules()` cannot be read (it combines them at
 * run time), but one of its methods returns the request classes it combines (`[DateRequest::
 * class, [PaginationRequest::class, 'sort' => ...]]`), as the type engine reads it. Their
 * rules, the first one's winning.
 */
export function compositeRules(
  formRequest: string,
  classes: ClassIndex,
  /** What a method of the request gives, as the type engine reads it. */
  methodType: (method: string) => Type | undefined,
  rulesOf: (className: string) => Record<string, PhpValue>,
): Record<string, PhpValue> | undefined {
  for (const cls of classes.lineage(formRequest)) {
    for (const [name, method] of Object.entries(cls.facts.methods)) {
      if (name === 'rules' || method.static || !method.body) continue;
      const returned = methodType(name);
      const parts = returned && requestClasses(returned, classes);
      if (!parts || parts.length === 0) continue;
      const out: Record<string, PhpValue> = {};
      for (const part of parts)
        for (const [field, rule] of Object.entries(rulesOf(part)))
          if (!(field in out)) out[field] = rule;
      return out;
    }
  }
  return undefined;
}

/** A list of FormRequest classes (each alone or first in an array of its options), else undefined. */
function requestClasses(type: Type, classes: ClassIndex): string[] | undefined {
  if (type.kind !== 'list') return undefined;
  const items = type.tuple ?? members(type.items);
  const names = items.map((item) => {
    const first =
      item.kind === 'shape'
        ? item.fields.find((f) => f.key === '0')?.type
        : item.kind === 'list'
          ? item.tuple?.[0]
          : item;
    return first?.kind === 'class' ? first.class : undefined;
  });
  return names.every((n): n is string => !!n && classes.isA(n, [FORM_REQUEST])) ? names : undefined;
}
