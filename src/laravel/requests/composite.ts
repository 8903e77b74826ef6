import { arrayValues, type PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { resolveValue, type ResolveScope } from '../resolve/value.js';

const FORM_REQUEST = 'Illuminate\\Foundation\\Http\\FormRequest';

/**
 * A FormRequest made of other FormRequests: its `rules()` cannot be read (it combines them at
 * run time), but one of its methods returns the request classes it combines (`[DateRequest::
 * class, [PaginationRequest::class, 'sort' => ...]]`). Their rules, the first one's winning.
 */
export function compositeRules(
  formRequest: string,
  classes: ClassIndex,
  config: ResolveScope['config'],
  rulesOf: (className: string) => Record<string, PhpValue>,
): Record<string, PhpValue> | undefined {
  for (const cls of classes.lineage(formRequest)) {
    for (const [name, method] of Object.entries(cls.facts.methods)) {
      if (name === 'rules' || method.static || method.returns === undefined) continue;
      const value = resolveValue(method.returns, { classes, config, self: formRequest });
      const parts = requestClasses(value, classes);
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
function requestClasses(value: PhpValue, classes: ClassIndex): string[] | undefined {
  const items = arrayValues(value);
  if (items.length === 0) return undefined;
  const names = items.map((item) => {
    const first = typeof item === 'object' && item?.kind === 'array' ? arrayValues(item)[0] : item;
    return typeof first === 'object' && first?.kind === 'class' ? first.name : undefined;
  });
  return names.every((n): n is string => !!n && classes.isA(n, [FORM_REQUEST])) ? names : undefined;
}
