import type { HandlerFacts, InputRead, MethodFacts, UseFacts } from '../facts/types.js';
import type { PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { emptyFollowed, followCalls, followConstructor, raisedStatuses } from './follow.js';
import { isPhpArray, stringList } from '../php/value.js';
import { filterInputs } from './query-filters.js';
import { validationOf, type RuleEngine, type Validation } from './rules.js';

/** What an operation's handler is, as far as its input goes. */
export interface InputHandler {
  facts?: HandlerFacts;
  /** The errors the handler's own body raises (see `MethodFacts.raises`). */
  raises?: MethodFacts['raises'];
  /** What the handler's calls do (its method's `uses`, a closure's). */
  uses?: UseFacts;
  file?: string;
  controller?: string;
}

export interface RequestInputs {
  validation?: Validation;
  /** The handler's facts with the inputs its calls read added (for query parameters). */
  facts?: HandlerFacts;
  /** Inputs read by name that no rule validates: optional fields of the request. */
  unvalidated: InputRead[];
  /** Keys other than the validated and read ones are rejected. */
  closed?: true;
  /** Error statuses the handler and the methods it calls fail with, its exceptions' included. */
  statuses: number[];
}

/**
 * Everything an operation accepts: the FormRequest, inline validation, what the methods and
 * functions it calls validate and read (followed with their arguments), and the inputs it
 * reads without validating them.
 */
export function requestInputs(
  handler: InputHandler,
  classes: ClassIndex,
  config: (key: string) => PhpValue | undefined,
  engine: RuleEngine,
): RequestInputs {
  // One handler often serves several operations (PUT and PATCH, optional parameters).
  let store = MEMO.get(classes);
  if (!store) MEMO.set(classes, (store = new Map()));
  const key = `${idOf(handler.facts ?? handler.uses ?? {})}|${handler.controller ?? ''}|${handler.file ?? ''}`;
  return classes.tracker.memo(store, key, () => computeInputs(handler, classes, config, engine));
}

const MEMO = new WeakMap<ClassIndex, Map<string, { value: RequestInputs; deps: Set<string> }>>();
const IDS = new WeakMap<object, number>();
let nextId = 0;

function idOf(value: object): number {
  let id = IDS.get(value);
  if (id === undefined) IDS.set(value, (id = nextId++));
  return id;
}

function computeInputs(
  handler: InputHandler,
  classes: ClassIndex,
  config: (key: string) => PhpValue | undefined,
  engine: RuleEngine,
): RequestInputs {
  const followed = handler.uses
    ? followCalls(
        {
          uses: handler.uses,
          file: handler.file ?? '',
          ...(handler.controller ? { self: handler.controller } : {}),
        },
        classes,
        config,
      )
    : emptyFollowed();
  if (handler.controller && handler.facts) {
    const constructed = followConstructor(handler.controller, classes, config);
    followed.validations.push(...constructed.validations);
    followed.statuses.push(...constructed.statuses);
    followed.inputs.push(...constructed.inputs);
    followed.filled.push(...constructed.filled);
  }
  followed.inputs.push(...filterInputs(handler.facts?.params ?? [], classes));
  for (const model of new Set(followed.filled))
    for (const name of stringList(classes.property(model, 'fillable')))
      followed.inputs.push({ name, via: 'input' });
  const validation = validationOf(handler.facts, handler.file, classes, {
    config,
    ...(handler.controller ? { controller: handler.controller } : {}),
    followed: followed.validations,
    engine,
  });
  // A check that rejects keys outside a list: every key of the list is a field.
  const allowed = (followed.closed ?? []).map(knownStrings);
  for (const name of allowed.flat()) if (name) followed.inputs.push({ name, via: 'input' });
  // Closed only when every list is known whole: a key of an unknown part would be refused.
  const closed =
    allowed.length > 0 && allowed.every((list) => list.length > 0 && !list.includes(undefined));
  const inputs = dedupe([...(handler.facts?.inputs ?? []), ...followed.inputs]);
  const validated = new Set(Object.keys(validation?.rules ?? {}).map((k) => k.split('.')[0]));
  const unvalidated = inputs.filter(
    (i) => (i.via === 'input' || i.via === 'file') && !validated.has(i.name.split('.')[0]),
  );
  const facts = handler.facts ? { ...handler.facts, inputs } : undefined;
  const statuses = [...new Set([...followed.statuses, ...raisedStatuses(handler.raises, classes)])];
  return {
    ...(validation ? { validation } : {}),
    ...(facts ? { facts } : {}),
    unvalidated,
    statuses: statuses.sort((a, b) => a - b),
    ...(closed ? { closed: true as const } : {}),
  };
}

/** A list's strings, `undefined` for each item (or part) not known to be one. */
function knownStrings(value: PhpValue): (string | undefined)[] {
  if (!isPhpArray(value)) return [undefined, ...stringList(value)];
  return value.items.map((item) => (typeof item.value === 'string' ? item.value : undefined));
}

function dedupe(inputs: InputRead[]): InputRead[] {
  const out = new Map<string, InputRead>();
  for (const input of inputs) {
    const key = `${input.via}:${input.name}`;
    const previous = out.get(key);
    if (!previous || (!previous.type && input.type)) out.set(key, input);
  }
  return [...out.values()];
}
