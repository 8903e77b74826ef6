import type { Body } from '../ir/types.js';
import type { Type } from './type.js';

/** One evaluation of a body: what `$this`, `static::` and the parameters are, its locals so far. */
export interface Frame {
  body: Body;
  /** `$this`, inside a method. */
  this?: Type;
  /** The class `static::` names (late static binding); `self::` was resolved in the facts. */
  static?: string;
  params: ReadonlyMap<string, Type>;
  /** Definitions evaluated so far. */
  defs: Map<number, Type>;
  /** Calls between this frame and the handler, against runaway recursion. */
  depth: number;
  /** Where the body is, for warnings: the file. */
  file?: string;
}

export function frameOf(
  body: Body,
  fields: Omit<Frame, 'body' | 'defs' | 'params' | 'depth'> & {
    params?: ReadonlyMap<string, Type>;
    depth?: number;
  },
): Frame {
  return {
    ...fields,
    body,
    params: fields.params ?? new Map(),
    defs: new Map(),
    depth: fields.depth ?? 0,
  };
}
