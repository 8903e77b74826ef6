import type { Ret } from '../ir/types.js';
import type { Infer } from './api.js';
import type { Frame } from './frame.js';
import { classOf } from './support.js';
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
