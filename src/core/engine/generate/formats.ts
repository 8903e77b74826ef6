import { faker } from './fake.js';
import { int, next, pick } from './random.js';

/**
 * Values for string `format`s, each shaped to pass ajv-formats' full-mode checks (e.g. `time`
 * and `date-time` carry a timezone, `url` a public host with a real TLD). Callers reseed first.
 */

type Maker = () => string;

const FROM = new Date('2023-01-01T00:00:00.000Z').getTime();
const TO = new Date('2025-01-01T00:00:00.000Z').getTime();

function instant(): Date {
  // Whole seconds: `2024-03-05T10:20:30.000Z` reads better than random milliseconds.
  return new Date(Math.floor((FROM + next() * (TO - FROM)) / 1000) * 1000);
}

const dateTime: Maker = () => instant().toISOString();
const date: Maker = () => instant().toISOString().slice(0, 10);
const time: Maker = () => instant().toISOString().slice(11, 19) + 'Z';
const email: Maker = () => faker.internet.email().toLowerCase();
const url: Maker = () => faker.internet.url({ appendSlash: false }) + '/' + faker.lorem.slug(2);

const FORMATS: Record<string, Maker> = {
  date,
  'date-time': dateTime,
  'iso-date-time': dateTime,
  time,
  'iso-time': time,
  duration: () => pick(['P1D', 'PT1H', 'PT30M', 'P1W', 'P3M', 'P1Y', 'PT1H30M', 'P2DT12H']),
  uuid: () => faker.string.uuid(),
  email,
  'idn-email': email,
  uri: url,
  url,
  iri: url,
  'uri-reference': () => '/' + faker.lorem.slug(2),
  'iri-reference': () => '/' + faker.lorem.slug(2),
  'uri-template': () => `${faker.internet.url({ appendSlash: false })}/{id}`,
  hostname: () => faker.internet.domainName(),
  'idn-hostname': () => faker.internet.domainName(),
  ipv4: () => faker.internet.ipv4(),
  ipv6: () => faker.internet.ipv6(),
  byte: () => Buffer.from(faker.lorem.words(3)).toString('base64'),
  binary: () => faker.string.alphanumeric(16),
  password: () => faker.internet.password({ length: 16 }),
  regex: () => pick(['^[a-z]+$', '^\\d{3}-\\d{4}$', '^[A-Z][a-z]*$']),
  'json-pointer': () => '/' + faker.lorem.word() + '/' + int(0, 9),
  'json-pointer-uri-fragment': () => '#/' + faker.lorem.word(),
  'relative-json-pointer': () => '0/' + faker.lorem.word(),
  // Numeric formats on strings: large ids and decimals travel as strings to survive JSON.
  int32: () => String(int(1, 100_000)),
  int64: () => String(int(1, 2 ** 31) * 1000 + int(0, 999)),
  float: () => (int(100, 100_000) / 100).toFixed(2),
  double: () => (int(100, 100_000) / 100).toFixed(2),
  decimal: () => (int(100, 100_000) / 100).toFixed(2),
};

/** Whether `format` is one this module generates (others are hints for name heuristics). */
export function isKnownFormat(format: string): boolean {
  return Object.hasOwn(FORMATS, format);
}

export function formatValue(format: string): string | undefined {
  return Object.hasOwn(FORMATS, format) ? FORMATS[format]!() : undefined;
}

/**
 * A variant of `value` resized into [min, max] when the format leaves room for it, for specs
 * that cap an email at 20 characters or want a 40-character URL.
 */
export function resizeFormatted(format: string, value: string, min: number, max: number): string {
  if (value.length >= min && value.length <= max) return value;
  if (format === 'date-time' || format === 'iso-date-time' || format === 'time') {
    return resizeTime(value, min, max) ?? value;
  }
  if (value.length > max) return shorten(format, max) ?? value;
  const pad = 'x'.repeat(min - value.length);
  switch (format) {
    case 'email':
    case 'idn-email':
      return pad + value;
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
    case 'password':
    case 'binary':
      return value + pad;
    case 'byte':
      return Buffer.from('x'.repeat(Math.ceil((min * 3) / 4))).toString('base64');
    default:
      return value;
  }
}

/**
 * A date-time or time stretched or shrunk by its second fraction and zone, which RFC 3339 lets
 * vary: UniCourt's timestamps are exactly 25 characters (`2024-03-05T10:20:30.0000Z`).
 */
function resizeTime(value: string, min: number, max: number): string | undefined {
  const match = /^(.*\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/.exec(value);
  if (!match) return undefined;
  const [, head = '', zone = 'Z'] = match;
  for (let length = Math.max(min, head.length + 1); length <= max; length++) {
    for (const tail of ['Z', '+00:00']) {
      const digits = length - head.length - tail.length - 1;
      if (digits === -1) return head + tail;
      if (digits >= 1 && digits <= 9) return `${head}.${'0'.repeat(digits)}${tail}`;
    }
  }
  return zone === 'Z' && head.length + 1 >= min && head.length + 1 <= max ? head + 'Z' : undefined;
}

const SHORT: Record<string, string> = {
  email: 'a@b.io',
  'idn-email': 'a@b.io',
  uri: 'https://a.io',
  url: 'https://a.io',
  iri: 'https://a.io',
  'uri-reference': '/',
  'iri-reference': '/',
  hostname: 'a.io',
  'idn-hostname': 'a.io',
  ipv4: '1.1.1.1',
  ipv6: '::1',
  byte: '',
  binary: '',
  password: 'secret',
  duration: 'P1D',
  int32: '1',
  int64: '1',
};

function shorten(format: string, max: number): string | undefined {
  const short = SHORT[format];
  return short !== undefined && short.length <= max ? short : undefined;
}
