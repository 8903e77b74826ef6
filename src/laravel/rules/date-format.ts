import { escapeRegex } from './rule.js';

/**
 * PHP date formats (`date_format:Y-m-d H:i`) as patterns. Laravel accepts a value when
 * `DateTime::createFromFormat($format, $value)` succeeds and formats back to the same string,
 * so each format character matches exactly what `DateTime::format` writes for it.
 * @see https://www.php.net/manual/en/datetime.format.php
 * @see https://www.php.net/manual/en/datetimeimmutable.createfromformat.php
 */

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December';
const DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const short = (names: string) => names.replace(/(\w{3})\w*/g, '$1');

/** Pattern and example value (for Monday 2024-01-15 13:45:30 UTC) of each format character. */
// prettier-ignore
const CHARS: Readonly<Record<string, [string, string]>> = {
  d: ['(?:0[1-9]|[12]\\d|3[01])', '15'], j: ['(?:[1-9]|[12]\\d|3[01])', '15'],
  D: [`(?:${short(DAYS)})`, 'Mon'], l: [`(?:${DAYS})`, 'Monday'], N: ['[1-7]', '1'],
  w: ['[0-6]', '1'], S: ['(?:st|nd|rd|th)', 'th'], z: ['\\d{1,3}', '14'],
  F: [`(?:${MONTHS})`, 'January'], M: [`(?:${short(MONTHS)})`, 'Jan'],
  m: ['(?:0[1-9]|1[0-2])', '01'], n: ['(?:[1-9]|1[0-2])', '1'],
  Y: ['\\d{4}', '2024'], y: ['\\d{2}', '24'],
  a: ['(?:am|pm)', 'pm'], A: ['(?:AM|PM)', 'PM'], g: ['(?:[1-9]|1[0-2])', '1'],
  h: ['(?:0[1-9]|1[0-2])', '01'], G: ['(?:1?\\d|2[0-3])', '13'], H: ['(?:[01]\\d|2[0-3])', '13'],
  i: ['[0-5]\\d', '45'], s: ['[0-5]\\d', '30'], u: ['\\d{6}', '000000'], v: ['\\d{3}', '000'],
  e: ['[A-Za-z_]+(?:\\/[A-Za-z0-9_+-]+)*', 'UTC'], T: ['(?:[A-Z]{1,5}|[+-]\\d{2}:\\d{2})', 'UTC'],
  P: ['[+-]\\d{2}:\\d{2}', '+00:00'], p: ['(?:Z|[+-]\\d{2}:\\d{2})', 'Z'], O: ['[+-]\\d{4}', '+0000'],
  U: ['-?\\d+', '1705326330'],
};

/** Formats a JSON Schema format describes exactly. */
const FORMATS: Readonly<Record<string, string>> = {
  'Y-m-d': 'date',
  'Y-m-d\\TH:i:sP': 'date-time',
  'Y-m-d\\TH:i:sp': 'date-time',
  'Y-m-d\\TH:i:s.vP': 'date-time',
  'Y-m-d\\TH:i:s.uP': 'date-time',
};

export interface DateFormatSchema {
  pattern: string;
  example: string;
  format?: string;
}

/** The schema parts for one or more PHP date formats; undefined when one cannot be read. */
export function dateFormatSchema(formats: readonly string[]): DateFormatSchema | undefined {
  const parts = formats.map(translate);
  if (parts.length === 0 || parts.some((p) => p === undefined)) return undefined;
  const read = parts as { pattern: string; example: string }[];
  const first = read[0] as { pattern: string; example: string };
  const pattern =
    read.length === 1 ? `^${first.pattern}$` : `^(?:${read.map((p) => p.pattern).join('|')})$`;
  const format = formats.length === 1 ? FORMATS[formats[0] ?? ''] : undefined;
  return { pattern, example: first.example, ...(format ? { format } : {}) };
}

function translate(format: string): { pattern: string; example: string } | undefined {
  let pattern = '';
  let example = '';
  const chars = Array.from(format);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (c === '\\') {
      const next = chars[++i] ?? '';
      pattern += escapeRegex(next);
      example += next;
    } else if (c === '!' || c === '|') {
      continue;
    } else if (/[A-Za-z?*+#]/.test(c)) {
      const known = CHARS[c];
      if (known === undefined) return undefined;
      pattern += known[0];
      example += known[1];
    } else {
      pattern += escapeRegex(c);
      example += c;
    }
  }
  return { pattern, example };
}
