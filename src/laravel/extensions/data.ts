import type { Extension, StaticRule } from '../infer/api.js';
import { listOf, members, NULL, union, type Type } from '../infer/type.js';

/**
 * spatie/laravel-data: a `Data` object is its public (constructor-promoted) properties as JSON,
 * which the emitter reads like any plain object's; `::from()` makes one, `::collect()` (and
 * v2's `::collection()`) a list of them, or a paginator of them when given one.
 * @see https://spatie.be/docs/laravel-data/v4/as-a-resource/from-data-to-resource
 */
const DATA = [
  'Spatie\\LaravelData\\Data',
  'Spatie\\LaravelData\\Dto',
  'Spatie\\LaravelData\\Resource',
];

const one = (className: string): Type => ({ kind: 'object', class: className });

const collect: StaticRule = (className, args) =>
  union(
    members(args[0] ?? listOf(one(className))).map((given) =>
      given.kind === 'paginator'
        ? { ...given, items: one(className) }
        : listOf(one(className), given.kind !== 'list' || given.collection === true),
    ),
  );

export const data: Extension = {
  classes: [
    {
      classes: DATA,
      statics: {
        from: (className) => one(className),
        optional: (className) => union([one(className), NULL]),
        collect,
        collection: collect,
      },
    },
  ],
};
