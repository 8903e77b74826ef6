import type { PhpCall, PhpNew, PhpValue } from '../php/value.js';
import { classArg, keyValueArgs, listItems, shortName, stringArg } from './values.js';
import type { ParsedRule, RuleList } from './rule.js';

/**
 * Laravel's rule objects (`Rule::in([...])`, `new Enum(X::class)`, `Password::min(8)->
 * mixedCase()`, `File::image()->max(1024)`) as the string rules they stand for. Objects of
 * other classes (the app's own rules) are skipped: they say nothing about the schema.
 * @see https://laravel.com/docs/validation#custom-validation-rules
 */

type Chain = NonNullable<PhpCall['chain']>;
type Parse = (value: PhpValue) => RuleList;

interface ObjectCall {
  args: PhpValue[];
  chain: Chain;
  value: PhpCall | PhpNew;
  parse: Parse;
}

type Expander = (call: ObjectCall) => ParsedRule[] | RuleList;

/** The classes whose rules are read; a name without namespace is one `use` did not resolve. */
// prettier-ignore
const LARAVEL_CLASSES = new Set([
  'Rule', 'Password', 'File', 'ImageFile', 'In', 'NotIn', 'Enum', 'Unique', 'Exists',
  'Dimensions', 'RequiredIf', 'ProhibitedIf', 'ExcludeIf', 'ArrayRule', 'Email', 'Can',
  'Numeric', 'Date', 'Contains', 'AnyOf',
]);

export function ruleObject(value: PhpCall | PhpNew, parse: Parse): RuleList | undefined {
  const target = value.kind === 'new' ? `${value.className}::new` : value.callee;
  const at = target.lastIndexOf('::');
  if (at < 0) return undefined;
  const fqcn = target.slice(0, at).replace(/^\\/, '');
  const cls = shortName(fqcn);
  const isLaravel = fqcn.startsWith('Illuminate\\Validation\\') || !fqcn.includes('\\');
  if (!isLaravel || !LARAVEL_CLASSES.has(cls)) return undefined;
  const key = `${cls}::${target.slice(at + 2)}`;
  const expander = EXPANDERS[key];
  if (expander === undefined) return { rules: [], unknown: [key] };
  // Named arguments (`new Enum(type: Status::class)`) in the order written: each rule's
  // parameters are few, and written in order in practice.
  const args = value.args.length > 0 ? value.args : Object.values(value.named ?? {});
  const result = expander({ args, chain: value.chain ?? [], value, parse });
  return Array.isArray(result) ? { rules: result, unknown: [] } : result;
}

const strings = (values: readonly PhpValue[]): string[] =>
  values.map((v) => stringArg(v)).filter((s): s is string => s !== undefined);

const withValue =
  (name: string, args: (call: ObjectCall) => string[]): Expander =>
  (call) => [{ name, args: args(call), value: call.value }];

const listRule = (name: string) => withValue(name, ({ args }) => strings(listItems(args)));
const argsRule = (name: string) => withValue(name, ({ args }) => strings(args));
const enumRule = withValue('enum', ({ args }) => [classArg(args[0]) ?? '']);

/** `Rule::requiredIf(true)` is `required`, `(false)` nothing, a closure a condition. */
const conditional =
  (name: string): Expander =>
  ({ args }) => {
    if (args[0] === true) return [{ name, args: [] }];
    return args[0] === false ? [] : [{ name: `${name}_if`, args: [] }];
  };

/** `Rule::when($condition, $rules, $default)`: a condition makes no rule required. */
const when: Expander = ({ args, parse }) => {
  const [condition, rules, otherwise] = args;
  if (condition === false) return otherwise === undefined ? [] : parse(otherwise);
  const list = rules === undefined ? { rules: [], unknown: [] } : parse(rules);
  if (condition === true) return list;
  return { rules: list.rules.filter((r) => r.name !== 'required'), unknown: list.unknown };
};

const dimensions: Expander = ({ args, chain }) => [
  { name: 'dimensions', args: [...keyValueArgs(args[0]), ...chainArgs(chain)] },
];

/** `->minWidth(100)` → `min_width=100`. */
function chainArgs(chain: Chain): string[] {
  return chain.flatMap(({ method, args }) => {
    const value = strings(args).join(',');
    const key = method.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    return value === '' ? [key] : [`${key}=${value}`];
  });
}

/** `Password::min(8)->mixedCase()` → `password` with args `min=8`, `mixed_case`. */
const password =
  (presence?: 'required' | 'sometimes'): Expander =>
  ({ args, chain, value }) => {
    const min = stringArg(args[0]);
    const options = min === undefined ? ['defaults'] : [`min=${min}`];
    const rule = { name: 'password', args: [...options, ...chainArgs(chain)], value };
    return presence === undefined ? [rule] : [{ name: presence, args: [] }, rule];
  };

/** File rules: `File::types(['pdf'])->max('10mb')`. */
const file =
  (base: 'file' | 'image', types = false): Expander =>
  ({ args, chain }) => [
    { name: base, args: [] },
    ...(types ? fileTypes(listItems(args)) : []),
    ...chain.flatMap(fileChain),
  ];

function fileTypes(values: readonly PhpValue[]): ParsedRule[] {
  const all = strings(values);
  const mimes = all.filter((t) => !t.includes('/'));
  const mimetypes = all.filter((t) => t.includes('/'));
  return [
    ...(mimes.length > 0 ? [{ name: 'mimes', args: mimes }] : []),
    ...(mimetypes.length > 0 ? [{ name: 'mimetypes', args: mimetypes }] : []),
  ];
}

function fileChain({ method, args }: Chain[number]): ParsedRule[] {
  if (method === 'types') return fileTypes(listItems(args));
  if (method === 'extensions') return [{ name: 'extensions', args: strings(listItems(args)) }];
  if (method === 'image') return [{ name: 'image', args: [] }];
  if (method === 'dimensions') return [{ name: 'dimensions', args: [] }];
  const sizes: Record<string, string> = {
    min: 'min',
    max: 'max',
    between: 'between',
    size: 'size',
  };
  const name = sizes[method];
  if (name === undefined) return [];
  return [{ name, args: strings(args).map(kilobytes) }];
}

/** `'10mb'` → `'10000'`, as Laravel's File rule counts (decimal units). */
function kilobytes(size: string): string {
  const match = /^\s*([\d.]+)\s*(kb|mb|gb|tb)\s*$/i.exec(size);
  if (!match?.[1] || !match[2]) return size;
  const factor = { kb: 1, mb: 1e3, gb: 1e6, tb: 1e9 }[match[2].toLowerCase() as 'kb'];
  return String(Math.round(Number(match[1]) * factor));
}

/** Chains of `Rule::numeric()` and `Rule::date()` (Laravel 12) as string rules. */
// prettier-ignore
const NUMERIC_CHAIN: Record<string, string> = {
  between: 'between', decimal: 'decimal', digits: 'digits', digitsBetween: 'digits_between',
  greaterThan: 'gt', greaterThanOrEqualTo: 'gte', lessThan: 'lt', lessThanOrEqualTo: 'lte',
  integer: 'integer', max: 'max', min: 'min', maxDigits: 'max_digits', minDigits: 'min_digits',
  multipleOf: 'multiple_of', exactly: 'size', different: 'different', same: 'same',
};

const numeric: Expander = ({ chain }) => [
  { name: 'numeric', args: [] },
  ...chain.flatMap(({ method, args }) => {
    const name = NUMERIC_CHAIN[method];
    return name === undefined ? [] : [{ name, args: strings(args) }];
  }),
];

// prettier-ignore
const DATE_CHAIN: Record<string, [string, string?]> = {
  beforeToday: ['before', 'today'], afterToday: ['after', 'today'],
  todayOrBefore: ['before_or_equal', 'today'], todayOrAfter: ['after_or_equal', 'today'],
  past: ['before', 'now'], future: ['after', 'now'], nowOrPast: ['before_or_equal', 'now'],
  nowOrFuture: ['after_or_equal', 'now'], before: ['before'], after: ['after'],
  beforeOrEqual: ['before_or_equal'], afterOrEqual: ['after_or_equal'],
};

const date: Expander = ({ chain }) => {
  const format = chain.find((c) => c.method === 'format');
  const base = format
    ? { name: 'date_format', args: strings(format.args) }
    : { name: 'date', args: [] };
  return [
    base,
    ...chain.flatMap(({ method, args }): ParsedRule[] => {
      const [name, fixed] = DATE_CHAIN[method] ?? [];
      if (name === undefined) return [];
      return [{ name, args: fixed === undefined ? strings(args).slice(0, 1) : [fixed] }];
    }),
  ];
};

const plain =
  (name: string): Expander =>
  () => [{ name, args: [] }];

// prettier-ignore
const EXPANDERS: Readonly<Record<string, Expander>> = {
  'Rule::in': listRule('in'), 'In::new': listRule('in'),
  'Rule::notIn': listRule('not_in'), 'NotIn::new': listRule('not_in'),
  'Rule::enum': enumRule, 'Enum::new': enumRule,
  'Rule::unique': argsRule('unique'), 'Unique::new': argsRule('unique'),
  'Rule::exists': argsRule('exists'), 'Exists::new': argsRule('exists'),
  'Rule::requiredIf': conditional('required'), 'RequiredIf::new': conditional('required'),
  'Rule::prohibitedIf': conditional('prohibited'), 'ProhibitedIf::new': conditional('prohibited'),
  'Rule::excludeIf': conditional('exclude'), 'ExcludeIf::new': conditional('exclude'),
  'Rule::when': when,
  'Rule::dimensions': dimensions, 'Dimensions::new': dimensions,
  'Rule::file': file('file'), 'File::new': file('file'), 'File::default': file('file'),
  'File::defaults': file('file'), 'File::types': file('file', true), 'File::image': file('image'),
  'Rule::imageFile': file('image'), 'ImageFile::new': file('image'),
  'Password::min': password(), 'Password::new': password(), 'Password::defaults': password(),
  'Password::default': password(),
  'Password::required': password('required'), 'Password::sometimes': password('sometimes'),
  'Rule::array': listRule('array'), 'ArrayRule::new': listRule('array'),
  'Rule::email': plain('email'), 'Email::new': plain('email'),
  'Rule::can': plain('can'), 'Can::new': plain('can'),
  'Rule::numeric': numeric, 'Numeric::new': numeric,
  'Rule::date': date, 'Date::new': date,
  'Rule::contains': listRule('contains'), 'Contains::new': listRule('contains'),
};
