import type { Ret } from '../ir/types.js';
import type { Infer } from './api.js';
import type { Frame } from './frame.js';
import { classOf } from './support.js';
import type { InstanceTest } from './truth.js';
import { isUnknown, members, type Type } from './type.js';

export function guardHolds(engine: Infer, ret: Ret, frame: Frame): boolean {
  if (!ret.when) return true;
  const value = frame.params.get(ret.when.param);
  if (!value || isUnknown(value)) return true;
  const holds = satisfies(engine, value, ret.when.class);
  if (holds === undefined) return true;
  return ret.when.not ? !holds : holds;
}

/** Whether a value is an instance of the class, when that can be told. */
export function satisfies(engine: Infer, type: Type, className: string): boolean | undefined {
  const answers = members(type).map((t): boolean | undefined => {
    const own = classOf(t);
    if (own) return engine.isA(own, [className]);
    if ((t.kind === 'list' || t.kind === 'map' || t.kind === 'shape') && t.collection)
      return /(Collection|Enumerable|Arrayable)$/.test(className);
    if (t.kind === 'unknown' || t.kind === 'fn') return undefined;
    return false;
  });
  if (answers.every((a) => a === true)) return true;
  if (answers.every((a) => a === false)) return false;
  return undefined;
}

/**
 * `$param instanceof Class` in a condition: true for a value of the class or a descendant, false
 * for one of an unrelated class. A value of a parent class (a parameter typed `Throwable` that
 * may be any exception) is undecided: its declared class is all that is known of it.
 */
export function instanceTest(engine: Infer): InstanceTest {
  return (value, className) => {
    if (isUnknown(value)) return undefined;
    const holds = satisfies(engine, value, className);
    if (holds !== false) return holds;
    const narrower = members(value).some((t) => {
      const own = classOf(t);
      return own !== undefined && engine.isA(className, [own]);
    });
    return narrower ? undefined : false;
  };
}
