import type { HandlerFacts } from '../facts/types.js';
import type { ClassIndex } from '../project/classes.js';
import { arrayRecord, isPhpArray, type PhpValue } from '../php/value.js';
import { lateOf, merge } from '../php/late.js';
import { resolveValue, type ResolveScope } from '../resolve/value.js';
import { splitRuleString } from '../rules/parse.js';
import { ruleValue } from '../rules/from-type.js';
import { known, type Type } from '../infer/type.js';
import { settleRule } from './settle.js';
import { compositeRules } from './composite.js';
import { rulesOnRequest } from './data-fields.js';
import { rulesOnSent } from './sent-fields.js';
import type { FollowedValidation } from './follow.js';

export const FORM_REQUEST = 'Illuminate\\Foundation\\Http\\FormRequest';

/** The validation an operation runs before its handler, and where it is written. */
export interface Validation {
  rules: Record<string, PhpValue>;
  /** The FormRequest class, when the rules come from one alone. */
  formRequest?: string;
  /** A FormRequest whose `authorize()` may say no (not literally `return true;`). */
  mayForbid: boolean;
  /** Where the rules are, for warnings. */
  file?: string;
  line?: number;
  /** `attributes()` of the FormRequest, or the inline call's: field → the name messages use. */
  attributes?: Record<string, string>;
  /** `messages()` of the FormRequest, or the inline call's: `field.rule` (or `rule`) → message. */
  messages?: Record<string, string>;
  /**
   * The rules under the names Laravel's errors use, when the request's fields are named
   * otherwise (`validationData()` unwrapping an envelope, a renamed input): `rules` describe
   * the body, these the 422 answer.
   */
  errorRules?: Record<string, PhpValue>;
}

/**
 * The rules an operation validates: the FormRequest type-hinted on its handler (its `rules()`,
 * found through inheritance), then inline `$request->validate([...])` and friends.
 * @see https://laravel.com/docs/validation#form-request-validation
 */
export function validationOf(
  handler: HandlerFacts | undefined,
  handlerFile: string | undefined,
  classes: ClassIndex,
  /**
   * `config('a.b')` as the config files write it, the handler's class (`$this`), and what the
   * methods it calls validate (`requests/follow.ts`).
   */
  project: {
    config: (key: string) => PhpValue | undefined;
    controller?: string;
    followed?: readonly FollowedValidation[];
    /** The type engine, which reads a FormRequest's methods (`rules()`, ...) as it reads any. */
    engine: RuleEngine;
  },
): Validation | undefined {
  if (!handler) return undefined;
  const rules: Record<string, PhpValue> = {};
  const errorRules: Record<string, PhpValue> = {};
  let renamed = false;
  let formRequest: string | undefined;
  let mayForbid = false;
  let where: { file?: string; line?: number } = {};
  const attributes: Record<string, string> = {};
  const messages: Record<string, string> = {};
  for (const param of handler.params) {
    if (!param.type || !classes.has(param.type) || !classes.isA(param.type, [FORM_REQUEST]))
      continue;
    formRequest = param.type;
    const found = classes.method(param.type, 'rules');
    const rulesOf = (className: string) => engineRules(project.engine, className);
    const own = rulesOf(param.type);
    const all =
      Object.keys(own).length > 0
        ? own
        : (compositeRules(
            param.type,
            classes,
            (method) => project.engine.instanceCall(param.type!, method),
            rulesOf,
          ) ?? own);
    // Validated against `validationData()` or the input `prepareForValidation()` changed.
    const data = validatedData(project.engine, param.type, classes);
    addRules(rules, data ? rulesOnSent(all, data) : all);
    addRules(errorRules, all);
    renamed ||= data !== undefined;
    if (found) where = { file: found.owner.file, line: found.facts.line };
    Object.assign(attributes, engineStrings(project.engine, param.type, 'attributes'));
    Object.assign(messages, engineStrings(project.engine, param.type, 'messages'));
    const authorize = classes.method(param.type, 'authorize');
    if (
      authorize &&
      authorize.owner.facts.name !== FORM_REQUEST &&
      authorize.facts.returns !== true
    )
      mayForbid = true;
  }
  for (const inline of handler.validations) {
    const scope = {
      classes,
      config: project.config,
      ...(project.controller ? { self: project.controller } : {}),
    };
    const own = ruleRecord(inline.rules, scope);
    addRules(rules, own);
    addRules(errorRules, own);
    Object.assign(attributes, stringRecord(inline.attributes));
    Object.assign(messages, stringRecord(inline.messages));
    formRequest = undefined;
    where = { file: handlerFile, line: inline.line };
  }
  for (const followed of project.followed ?? []) {
    const own = ruleRecord(followed.rules, { classes, config: project.config });
    addRules(rules, rulesOnRequest(own, followed.data));
    addRules(errorRules, own);
    renamed ||= followed.data !== undefined;
    Object.assign(attributes, stringRecord(followed.attributes));
    Object.assign(messages, stringRecord(followed.messages));
    formRequest = undefined;
    if (!where.file) where = { file: followed.file, line: followed.line };
  }
  if (Object.keys(rules).length === 0 && !mayForbid && !formRequest) return undefined;
  const validation: Validation = { rules, mayForbid, ...where };
  if (formRequest && handler.validations.length === 0 && !project.followed?.length)
    validation.formRequest = formRequest;
  if (renamed && JSON.stringify(errorRules) !== JSON.stringify(rules))
    validation.errorRules = errorRules;
  if (Object.keys(attributes).length > 0) validation.attributes = attributes;
  if (Object.keys(messages).length > 0) validation.messages = messages;
  return validation;
}

/**
 * Every validation an operation runs applies: a field validated twice (a FormRequest and an
 * inline `validate()`, two validators in a row) must pass both rule lists.
 */
function addRules(into: Record<string, PhpValue>, rules: Record<string, PhpValue>): void {
  for (const [field, rule] of Object.entries(rules)) {
    const before = into[field];
    into[field] =
      before === undefined || JSON.stringify(before) === JSON.stringify(rule)
        ? rule
        : { kind: 'array', items: [...ruleItems(before), ...ruleItems(rule)] };
  }
}

/** A field's rules as list items: a `|` string split, a list as it is, anything else alone. */
function ruleItems(rule: PhpValue): { value: PhpValue }[] {
  if (typeof rule === 'string') return splitRuleString(rule).map((value) => ({ value }));
  if (typeof rule === 'object' && rule?.kind === 'array')
    return rule.items.map((item) => ({ value: item.value }));
  return [{ value: rule }];
}

/** What the engine is asked for a FormRequest's rules. */
export interface RuleEngine {
  /** `input`: what `$this->input(...)` reads in the method. */
  instanceCall(className: string, method: string, args?: Type[], input?: Type): Type | undefined;
  /** `$this` as the method leaves it, `input` what it carries at the start. */
  instanceAfter(className: string, method: string, input: Type): Type | undefined;
}

/**
 * The data a FormRequest's rules are validated against, as the engine computes it with
 * `$this` carrying what the client sent: its own `validationData()`, else the input as
 * `prepareForValidation()` leaves it (`$this->merge([...])`, `$this->replace([...])`).
 * Undefined when it is the whole input.
 * @see https://laravel.com/docs/validation#preparing-input-for-validation
 */
function validatedData(
  engine: RuleEngine,
  className: string,
  classes: ClassIndex,
): Type | undefined {
  const found = classes.method(className, 'validationData');
  if (found && found.owner.facts.name !== FORM_REQUEST)
    return engine.instanceCall(className, 'validationData', [], SENT);
  const prepared = engine.instanceAfter(className, 'prepareForValidation', SENT);
  const input = prepared?.kind === 'object' ? prepared.state?.input : undefined;
  return input && input !== SENT ? input : undefined;
}

const SENT: Type = { kind: 'sent' };

/**
 * A FormRequest's `rules()` as the type engine computes it, `$this` the request: the parts
 * known of it, field by field (a part known only at run time, a custom fields' rule builder,
 * adds nothing).
 */
function engineRules(engine: RuleEngine, className: string): Record<string, PhpValue> {
  const type = engine.instanceCall(className, 'rules');
  const record = arrayRecord(type ? ruleValue(known(type)) : null);
  for (const [field, rule] of Object.entries(record)) record[field] = settleRule(rule);
  return record;
}

/**
 * `attributes()`, `messages()`: the entries whose value the engine knows as one string
 * (`'address.city' => 'city'`).
 */
function engineStrings(
  engine: RuleEngine,
  className: string,
  method: string,
): Record<string, string> {
  const type = engine.instanceCall(className, method);
  if (type?.kind !== 'shape') return {};
  return Object.fromEntries(
    type.fields.flatMap((f) =>
      f.type.kind === 'literal' && typeof f.type.value === 'string' ? [[f.key, f.type.value]] : [],
    ),
  );
}

/** Rules as written, resolved against the project, field by field. */
function ruleRecord(value: PhpValue | undefined, scope: ResolveScope): Record<string, PhpValue> {
  const record = arrayRecord(knownParts(resolveValue(value, scope)));
  for (const [field, rule] of Object.entries(record)) record[field] = settleRule(rule);
  return record;
}

/**
 * `array_merge(['name' => 'required'], $other->toRules(...))`: the rules of the parts that are
 * known, when another part is only known at run time (a custom fields' rule builder).
 */
function knownParts(value: PhpValue): PhpValue {
  const merged = lateOf(value);
  if (merged?.kind !== 'merge' || merged.union) return value;
  const known = merged.parts.map(knownParts).filter(isPhpArray);
  return known.length > 0 ? merge(known) : value;
}

/** A PHP array's string entries by key (`['address.city' => 'city']`). */
function stringRecord(value: PhpValue | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(arrayRecord(value)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
