import type { Ctx, FunctionRule } from '../infer/api.js';
import { scalar, unknown, type Type } from '../infer/type.js';

export const CARBON = 'Carbon\\Carbon';
export const REQUEST = 'Illuminate\\Http\\Request';
export const AUTH_FACTORY = 'Illuminate\\Contracts\\Auth\\Factory';
export const TAP_PROXY = 'Illuminate\\Support\\HigherOrderTapProxy';
export const URI: Type = scalar('string', 'uri');
export const carbon: Type = { kind: 'object', class: CARBON };

/** A rule that always gives the same type. */
export const returns =
  (type: Type): FunctionRule =>
  () =>
    type;

/** The authenticated user: the project's user model, when it has one. */
export function user(ctx: Ctx): Type {
  const model = ctx.infer.world.authModel;
  return model ? { kind: 'model', class: model } : unknown('authenticated user');
}
