import { late } from '../php/late.js';
import type { PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { resolveValue, type ResolveScope } from '../resolve/value.js';

const WHOLE: PhpValue = late({ kind: 'input', via: 'input' }, 'input');

/**
 * What a FormRequest validates its rules against, when it keeps Laravel's `validationData()`
 * (see `requests/rules.ts`): the input as `prepareForValidation()` changes it with
 * `$this->merge([...])` (a field renamed or set by the server) or `$this->replace([...])`.
 * Undefined when it is the request's input.
 * @see https://laravel.com/docs/validation#preparing-input-for-validation
 */
export function formRequestData(
  formRequest: string,
  classes: ClassIndex,
  config: ResolveScope['config'],
): PhpValue | undefined {
  const scope = { classes, config, self: formRequest };
  const prepare = classes.method(formRequest, 'prepareForValidation');
  let value: PhpValue | undefined;
  for (const call of prepare?.facts.uses?.calls ?? []) {
    if (call.kind !== 'this' || (call.method !== 'merge' && call.method !== 'replace')) continue;
    const arg = resolveValue(call.args[0] ?? null, scope);
    value =
      call.method === 'replace'
        ? arg
        : late({ kind: 'merge', parts: [value ?? WHOLE, arg] }, 'merge');
  }
  return value;
}
