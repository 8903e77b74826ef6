/**
 * Dates as PHP reads them for Laravel's date rules: what `strtotime` accepts (ISO forms with
 * `T` or a space, a zone or none, American `m/d/Y`, month names, `today`/`tomorrow`), a real
 * calendar day (`checkdate`), and `date_format`'s PHP format letters. Times without a zone are
 * the app's timezone, taken as UTC (Laravel's default).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export interface ParsedDate {
  /** Milliseconds since the epoch. */
  time: number;
  /** The calendar day is a real one (`checkdate`). */
  valid: boolean;
}

function checkdate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function zoneOffset(zone: string | undefined): number {
  if (!zone || /^z$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return (m[1] === '-' ? -1 : 1) * minutes * 60_000;
}

function make(
  y: number,
  mo: number,
  d: number,
  time: string[] = [],
  zone?: string,
): ParsedDate | undefined {
  const [h = 0, mi = 0, s = 0] = time.map((t) => Number(t));
  if (h > 24 || mi > 59 || s > 60) return undefined;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const ms = Date.UTC(y, mo - 1, d, h, mi, Math.floor(s)) - zoneOffset(zone);
  return { time: ms, valid: checkdate(y, mo, d) };
}

const TIME = String.raw`(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}:?(?:\d{2})?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/](\d{1,2})[-/](\d{1,2})${TIME}$`, 'i');
const US = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4})${TIME}$`, 'i');
const EU = new RegExp(String.raw`^(\d{1,2})[-.](\d{1,2})[-.](\d{4})${TIME}$`, 'i');
const NAMED =
  /^(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$|^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;

function month(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function startOfDay(now: Date, days: number): ParsedDate {
  const t = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days);
  return { time: t, valid: false };
}

/** `strtotime` and `date_parse` together, for the forms a client sends; undefined: not a date. */
export function parseDate(value: unknown, now = new Date()): ParsedDate | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const relative = text.toLowerCase();
  // Relative words are times to `strtotime`, but no calendar date to `date_parse`.
  if (relative === 'now') return { time: now.getTime(), valid: false };
  if (relative === 'today' || relative === 'midnight') return startOfDay(now, 0);
  if (relative === 'tomorrow') return startOfDay(now, 1);
  if (relative === 'yesterday') return startOfDay(now, -1);
  let m = ISO.exec(text);
  if (m) return make(+m[1]!, +m[2]!, +m[3]!, [m[4], m[5], m[6]].filter(Boolean) as string[], m[7]);
  m = US.exec(text);
  if (m) return make(+m[3]!, +m[1]!, +m[2]!, [m[4], m[5], m[6]].filter(Boolean) as string[], m[7]);
  m = EU.exec(text);
  if (m) return make(+m[3]!, +m[2]!, +m[1]!, [m[4], m[5], m[6]].filter(Boolean) as string[], m[7]);
  m = NAMED.exec(text);
  if (m) {
    const mo = month(m[2] ?? m[4]!);
    return mo === 0 ? undefined : make(+(m[3] ?? m[6])!, mo, +(m[1] ?? m[5])!);
  }
  return undefined;
}

/** Laravel's `date` rule: `strtotime` succeeds and `checkdate` holds. */
export function isDate(value: unknown): boolean {
  return parseDate(value)?.valid === true;
}

const FORMAT_TOKENS: Record<string, string> = {
  d: '(0[1-9]|[12]\\d|3[01])',
  j: '([1-9]|[12]\\d|3[01])',
  m: '(0[1-9]|1[0-2])',
  n: '([1-9]|1[0-2])',
  Y: '(\\d{4})',
  y: '(\\d{2})',
  H: '([01]\\d|2[0-3])',
  G: '(1?\\d|2[0-3])',
  h: '(0[1-9]|1[0-2])',
  g: '([1-9]|1[0-2])',
  i: '([0-5]\\d)',
  s: '([0-5]\\d)',
  u: '(\\d{6})',
  v: '(\\d{3})',
  A: '(AM|PM)',
  a: '(am|pm)',
  P: '([+-]\\d{2}:\\d{2})',
  p: '(Z|[+-]\\d{2}:\\d{2})',
  O: '([+-]\\d{4})',
  D: '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)',
  M: '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)',
  U: '(-?\\d+)',
};

/**
 * `date_format:Y-m-d`: `DateTime::createFromFormat` and back to the same text, so the value
 * has exactly the format's form and a real calendar day.
 */
export function matchesDateFormat(value: unknown, format: string): boolean {
  if (typeof value !== 'string') return false;
  const order: string[] = [];
  let source = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '\\') {
      source += (format[++i] ?? '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else if (FORMAT_TOKENS[c]) {
      order.push(c);
      source += FORMAT_TOKENS[c];
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  const m = new RegExp(`^${source}$`).exec(value);
  if (!m) return false;
  const part = (t: string) => {
    const at = order.indexOf(t);
    return at < 0 ? undefined : m[at + 1];
  };
  const y = Number(part('Y') ?? (part('y') ? `20${part('y')}` : 2000));
  const mo = Number(part('m') ?? part('n') ?? (part('M') ? month(part('M')!) : 1));
  const d = Number(part('d') ?? part('j') ?? 1);
  return checkdate(y, mo, d);
}
