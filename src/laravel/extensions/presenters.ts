import type { Ctx, Extension, StaticRule } from '../infer/api.js';
import { members, union, type Type } from '../infer/type.js';

/**
 * laravel-auto-presenter: `AutoPresenter::decorate($value)` wraps each model that names a
 * presenter (`getPresenterClass()`) in that presenter, which the response then serialises
 * (its `toArray()`, usually the model's attributes and a few more); other values pass through.
 * Lists, paginators and collections are decorated item by item.
 */
const decorate: StaticRule = (_c, args, ctx) => (args[0] ? decorated(args[0], ctx) : undefined);

function decorated(value: Type, ctx: Ctx): Type {
  return union(
    members(value).map((t): Type => {
      if (t.kind === 'list') return { ...t, items: decorated(t.items, ctx) };
      if (t.kind === 'paginator') return { ...t, items: decorated(t.items, ctx) };
      if (t.kind !== 'model') return t;
      const named = ctx.infer.call(t, 'getPresenterClass', [], ctx.frame);
      if (named.kind !== 'class') return t;
      return { kind: 'object', class: named.class, state: { wrappedObject: t } };
    }),
  );
}

export const presenters: Extension = {
  classes: [
    {
      classes: [
        'McCool\\LaravelAutoPresenter\\Facades\\AutoPresenter',
        'McCool\\LaravelAutoPresenter\\AutoPresenter',
      ],
      statics: { decorate },
      methods: { decorate: (_r, args, ctx) => decorate('', args, ctx) },
    },
  ],
};
