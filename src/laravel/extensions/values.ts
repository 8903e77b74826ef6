import type { Extension, MethodRule, StaticRule } from '../infer/api.js';
import { BOOLEAN, DATE_TIME, INTEGER, STRING, scalar, type Type } from '../infer/type.js';
import { CARBON, URI, carbon } from './common.js';

/** Methods whose result does not depend on the receiver (Carbon, collections, strings). */
const VALUE_METHODS: Record<string, Type> = {
  toIso8601String: DATE_TIME,
  toIso8601ZuluString: DATE_TIME,
  toISOString: DATE_TIME,
  toAtomString: DATE_TIME,
  toRfc3339String: DATE_TIME,
  toW3cString: DATE_TIME,
  toDateString: scalar('string', 'date'),
  toDateTimeString: STRING,
  toDateTimeLocalString: STRING,
  toTimeString: STRING,
  toFormattedDateString: STRING,
  toDayDateTimeString: STRING,
  format: STRING,
  isoFormat: STRING,
  translatedFormat: STRING,
  diffForHumans: STRING,
  diffInDays: INTEGER,
  diffInHours: INTEGER,
  diffInMinutes: INTEGER,
  diffInSeconds: INTEGER,
  timestamp: INTEGER,
  getTimestamp: INTEGER,
  toString: STRING,
  __toString: STRING,
  getKey: INTEGER,
  url: URI,
  temporaryUrl: URI,
  getClientOriginalName: STRING,
  getMimeType: STRING,
  getSize: INTEGER,
  can: BOOLEAN,
  cannot: BOOLEAN,
  hasVerifiedEmail: BOOLEAN,
  hasRole: BOOLEAN,
  hasPermission: BOOLEAN,
  isAdmin: BOOLEAN,
  tokenCan: BOOLEAN,
  implode: STRING,
  count: INTEGER,
  exists: BOOLEAN,
  isEmpty: BOOLEAN,
  isNotEmpty: BOOLEAN,
  isPast: BOOLEAN,
  isFuture: BOOLEAN,
  isToday: BOOLEAN,
};

const valueMethods: Record<string, MethodRule> = Object.fromEntries(
  Object.entries(VALUE_METHODS).map(([name, type]) => [name, () => type]),
);

/** Carbon's properties. @see https://carbon.nesbot.com/docs/#api-getters */
const CARBON_PROPERTIES: Record<string, Type> = {
  timestamp: INTEGER,
  year: INTEGER,
  month: INTEGER,
  day: INTEGER,
  hour: INTEGER,
  minute: INTEGER,
  second: INTEGER,
  dayOfWeek: INTEGER,
  dayOfYear: INTEGER,
  daysInMonth: INTEGER,
  timezoneName: STRING,
  tzName: STRING,
};

/** Carbon's methods that give another date. */
const CARBON_CHAIN =
  /^(add|sub|start|end|set|copy|clone|tz|timezone|utc|local|next|previous|first|last|modify|floor|ceil|round|min|max)/;

const carbonStatics: Record<string, StaticRule> = {
  now: () => carbon,
  today: () => carbon,
  yesterday: () => carbon,
  tomorrow: () => carbon,
  parse: () => carbon,
  create: () => carbon,
  createFromFormat: () => carbon,
  createFromTimestamp: () => carbon,
  make: () => carbon,
  instance: () => carbon,
};

/** `Str::` helpers: strings, but for the tests (`is*`) and counts. */
const strStatics: Record<string, StaticRule> = new Proxy(
  {},
  {
    get: (_t, method: string) => (): Type => {
      if (/^(is|contains|startsWith|endsWith)/.test(method)) return BOOLEAN;
      if (/^(length|wordCount|position|substrCount)$/.test(method)) return INTEGER;
      if (method === 'uuid' || method === 'orderedUuid') return scalar('string', 'uuid');
      if (method === 'of') return STRING;
      return STRING;
    },
    has: () => true,
  },
);

/**
 * Values whose type does not depend on what a method is called on (`->toIso8601String()` is a
 * date-time string whatever the receiver), Carbon's dates and `Str`.
 */
export const values: Extension = {
  methods: { unknown: valueMethods },
  // Sanctum's new token, whatever it was read from.
  properties: { unknown: (_r, name) => (name === 'plainTextToken' ? STRING : undefined) },
  classes: [
    {
      classes: [
        CARBON,
        'Carbon\\CarbonImmutable',
        'Illuminate\\Support\\Carbon',
        'Illuminate\\Support\\Facades\\Date',
        'DateTime',
        'DateTimeImmutable',
        'DateTimeInterface',
      ],
      statics: carbonStatics,
      construct: () => carbon,
      properties: (_r, name) => CARBON_PROPERTIES[name],
      methods: new Proxy(valueMethods, {
        get: (target, method: string) =>
          target[method] ?? (CARBON_CHAIN.test(method) ? (r: Type) => r : undefined),
      }),
    },
    {
      classes: ['Illuminate\\Support\\Str', 'Illuminate\\Support\\Stringable'],
      statics: strStatics,
      methods: { toString: () => STRING, value: () => STRING, '*': () => STRING },
    },
  ],
};
