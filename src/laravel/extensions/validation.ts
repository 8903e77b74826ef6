import type { Extension, MethodRule, StaticRule } from '../infer/api.js';
import type { Type } from '../infer/type.js';

const RULES = 'Illuminate\\Validation\\Rules\\';

/** The classes whose static calls build a rule object (`Rule::in(...)`, `Password::min(8)`). */
const BUILDERS = [
  'Illuminate\\Validation\\Rule',
  ...['Password', 'File', 'ImageFile'].map((c) => RULES + c),
];

/** The rule classes `new` builds (`new Enum(Status::class)`). */
// prettier-ignore
const CLASSES = [
  'In', 'NotIn', 'Enum', 'Unique', 'Exists', 'Dimensions', 'RequiredIf', 'ProhibitedIf',
  'ExcludeIf', 'ArrayRule', 'Email', 'Can', 'Numeric', 'Date', 'Contains', 'AnyOf', 'Password',
  'File', 'ImageFile',
].map((c) => RULES + c);

const built: StaticRule = (className, args, ctx) => ({
  kind: 'rule',
  callee: `${className}::${ctx.method ?? ''}`,
  args,
  ...(ctx.named ? { named: ctx.named } : {}),
});

/** `->ignore($id)`, `->mixedCase()`: the rule with the call added to its chain. */
const chained: MethodRule = (rule, args, ctx): Type | undefined =>
  rule.kind === 'rule' && ctx.method
    ? { ...rule, chain: [...(rule.chain ?? []), { method: ctx.method, args }] }
    : undefined;

/**
 * Laravel's validation rule builders: a rule object is kept as written (a `rule`), for the
 * rule layer (`rules/objects.ts`) to read what it stands for.
 * @see https://laravel.com/docs/validation#available-validation-rules
 */
export const validation: Extension = {
  methods: { rule: { '*': chained } },
  classes: [
    { classes: BUILDERS, statics: { '*': built } },
    {
      classes: CLASSES,
      construct: (className, args, ctx) => built(className, args, { ...ctx, method: 'new' }),
    },
  ],
};
