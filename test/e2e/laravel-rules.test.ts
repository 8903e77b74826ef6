/**
 * Ground truth for the mock's Laravel semantics: the same requests sent to the Laravel 8
 * fixture really running (Debian's PHP and Laravel 8.83) and to the mock serving the document
 * `apidoc generate` writes for it, compared on status, error fields and exact messages. The
 * same comparison without the `x-laravel*` extensions (JSON Schema only) gives the figures
 * before them. Cases where a static mock cannot know the answer are listed in KNOWN (and in
 * the README).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/core/types.js';
import { generateOpenApi } from '../../src/laravel/generate.js';
import { createMockServer, type MockServer } from '../../src/mock/server.js';
import {
  hasPhp,
  noPhpReason,
  startLaravel,
  type RunningLaravel,
} from '../support/laravel-server.js';

const APP = fileURLToPath(new URL('../fixtures/laravel-8', import.meta.url));

interface Case {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  auth?: boolean;
}

type Body = Record<string, unknown>;

const BOOKING: Body = {
  type: 'company',
  company_name: 'Acme',
  email: 'ada@example.com',
  start_date: '2030-07-01',
  end_date: '2030-07-05',
  guests: 2,
  min_price: 10,
  max_price: 20,
  tags: ['sea', 'quiet'],
  accept_terms: true,
  password: 'secret-pass',
  password_confirmation: 'secret-pass',
  notes: 'late arrival',
  code: 'ABC123',
  rooms: [{ kind: 'double', beds: 2 }],
};

const PROFILE: Body = {
  username: 'ada_l',
  age: 36,
  newsletter: true,
  website: 'https://example.com',
  birthday: '1990-12-10',
  country: 'fr',
  nickname: 'countess',
  email: 'ada@example.com',
  email_repeat: 'ada@example.com',
  device_id: '0f8c5b2e-8f0e-4a8e-9b1d-2f6d7c1e9a10',
  scores: [90, 80],
  address: { street: '1 Main Street', city: 'London' },
  pin: '1234',
  handle: '@ada',
};

const DROP = Symbol('drop');

function variant(base: Body, changes: Record<string, unknown>): Body {
  const out: Body = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === DROP) delete out[key];
    else out[key] = value;
  }
  return out;
}

const long = (n: number) => 'x'.repeat(n);

/** [name, changes to the valid body]; the answer of each is Laravel's, whatever it is. */
const BOOKING_CASES: [string, Record<string, unknown>][] = [
  ['valid', {}],
  ['type missing', { type: DROP }],
  ['type not in list', { type: 'robot' }],
  ['company_name required_if type=company', { company_name: DROP }],
  ['company_name blank is missing', { company_name: '   ' }],
  ['company_name too long', { company_name: long(51) }],
  ['company_name not a string', { company_name: 123 }],
  ['person without company_name', { type: 'person', company_name: DROP }],
  ['vat_number prohibited_if type=person', { type: 'person', vat_number: 'NL123' }],
  ['vat_number empty is null', { type: 'person', vat_number: '' }],
  ['email and phone both missing', { email: DROP }],
  ['email invalid', { email: 'nope' }],
  ['phone too short', { email: DROP, phone: '12' }],
  ['phone not digits', { email: DROP, phone: 'abcdefg' }],
  ['phone instead of email', { email: DROP, phone: '0612345678' }],
  ['email and phone empty strings', { email: '', phone: '' }],
  ['start_date missing', { start_date: DROP }],
  ['start_date before the fixed date', { start_date: '2029-12-31', end_date: '2030-01-05' }],
  ['start_date relative word', { start_date: 'tomorrow' }],
  ['start_date not a calendar day', { start_date: '2030-02-30' }],
  ['start_date with a time', { start_date: '2030-07-01 19:00:00' }],
  ['start_date ISO with Z', { start_date: '2030-07-01T19:00:00Z' }],
  ['end_date before start_date', { end_date: '2030-06-30' }],
  ['end_date equal to start_date', { end_date: '2030-07-01' }],
  ['end_date not a date', { end_date: 'soon' }],
  ['end_date American form', { end_date: '07/10/2030' }],
  ['end_date with an offset', { end_date: '2030-07-02T10:00:00+02:00' }],
  ['guests below (custom message)', { guests: 0 }],
  ['guests above', { guests: 9 }],
  ['guests as a string', { guests: '3' }],
  ['guests a fraction', { guests: 2.5 }],
  ['guests a word', { guests: 'two' }],
  ['guests true', { guests: true }],
  ['guests null', { guests: null }],
  ['min_price negative', { min_price: -1 }],
  ['max_price not above min_price', { max_price: 5 }],
  ['max_price equal to min_price', { max_price: 10 }],
  ['max_price not a number', { max_price: 'abc' }],
  ['max_price without min_price', { min_price: DROP, max_price: 5 }],
  ['tags not an array', { tags: 'sea' }],
  ['tags duplicated (custom message)', { tags: ['a', 'a'] }],
  ['tags three duplicated', { tags: ['a', 'b', 'a'] }],
  ['tags too many', { tags: ['a', 'b', 'c', 'd'] }],
  ['tags item not a string', { tags: ['a', 5] }],
  ['accept_terms missing (custom message, attribute)', { accept_terms: DROP }],
  ['accept_terms false', { accept_terms: false }],
  ['accept_terms yes', { accept_terms: 'yes' }],
  ['accept_terms "1"', { accept_terms: '1' }],
  ['password missing', { password: DROP }],
  ['password too short', { password: 'short', password_confirmation: 'short' }],
  ['password confirmation mismatch', { password_confirmation: 'other-pass' }],
  ['password confirmation missing', { password_confirmation: DROP }],
  ['password not a string', { password: 12345678, password_confirmation: 12345678 }],
  [
    'password spaces kept (not trimmed)',
    { password: '  secret-pass  ', password_confirmation: 'secret-pass' },
  ],
  ['notes too long', { notes: long(21) }],
  ['notes blank is null', { notes: '   ' }],
  ['notes trimmed to fit', { notes: `  ${long(20)}  ` }],
  ['code wrong size (bail)', { code: 'AB-' }],
  ['code not alphanumeric', { code: 'ABC-12' }],
  ['code not a string (bail)', { code: 123456 }],
  ['rooms item empty', { rooms: [{}] }],
  ['rooms item wrong values', { rooms: [{ kind: 'suite', beds: 5 }] }],
  ['rooms beds as a string', { rooms: [{ kind: 'single', beds: '2' }] }],
  ['rooms not an array', { rooms: 'x' }],
  ['rooms second item bad', { rooms: [{ kind: 'single', beds: 1 }, { kind: 'double' }] }],
  ['everything missing', Object.fromEntries(Object.keys(BOOKING).map((k) => [k, DROP]))],
  ['many wrong at once', { type: 'robot', guests: 0, tags: 'x', code: 'A' }],
  ['guests a negative string', { guests: '-3' }],
  ['guests with leading zero', { guests: '03' }],
  ['min_price a numeric string', { min_price: '15', max_price: 12 }],
  ['rooms beds zero', { rooms: [{ kind: 'single', beds: 0 }] }],
  ['tags empty item', { tags: ['a', ''] }],
  ['end_date not a calendar day', { end_date: '2030-06-31' }],
];

const PROFILE_CASES: [string, Record<string, unknown>][] = [
  ['valid', {}],
  ['username missing', { username: DROP }],
  ['username with a space (custom lang line)', { username: 'a b' }],
  ['username too short', { username: 'ab' }],
  ['username too long', { username: long(21) }],
  ['username a number', { username: 123 }],
  ['username blank', { username: '   ' }],
  ['age below min', { age: 12 }],
  ['age string below min', { age: '12' }],
  ['age a word', { age: 'abc' }],
  ['age a fraction', { age: 13.5 }],
  ['age true', { age: true }],
  ['age null', { age: null }],
  ['newsletter yes', { newsletter: 'yes' }],
  ['newsletter "0"', { newsletter: '0' }],
  ['newsletter 2', { newsletter: 2 }],
  ['newsletter null', { newsletter: null }],
  ['website not a url', { website: 'not a url' }],
  ['website ftp', { website: 'ftp://files.example.com' }],
  ['website empty', { website: '' }],
  ['birthday wrong format', { birthday: '1990-1-1' }],
  ['birthday too late', { birthday: '2021-01-01' }],
  ['birthday not a calendar day', { birthday: '1990-02-30' }],
  ['country not in list', { country: 'uk' }],
  ['country missing', { country: DROP }],
  ['country upper case', { country: 'FR' }],
  ['nickname same as username', { nickname: 'ada_l' }],
  ['email invalid', { email: 'x' }],
  ['email_repeat mismatch', { email_repeat: 'grace@example.com' }],
  ['email_repeat case differs', { email_repeat: 'ADA@example.com' }],
  ['email_repeat missing', { email_repeat: DROP }],
  ['role given', { role: 'admin' }],
  ['role empty', { role: '' }],
  ['device_id not a uuid (lang attribute)', { device_id: 'abc' }],
  ['scores item above max', { scores: [101] }],
  ['scores item a word', { scores: ['x'] }],
  ['scores not an array', { scores: 'abc' }],
  ['scores repeated values', { scores: [1, 1] }],
  ['address street without city', { address: { street: 'Main' } }],
  ['address city not a string', { address: { city: 5 } }],
  ['address not an array', { address: 'x' }],
  ['pin with a letter', { pin: '12a4' }],
  ['pin too short', { pin: '123' }],
  ['pin as a number', { pin: 1234 }],
  ['handle off the pattern', { handle: 'ada' }],
  ['handle a number', { handle: 5 }],
  ['everything missing', Object.fromEntries(Object.keys(PROFILE).map((k) => [k, DROP]))],
  ['many wrong at once', { username: 'a', age: 1, country: 'x', pin: '1' }],
  ['username with a dot', { username: 'ada.l' }],
  ['age as an array', { age: [13] }],
  ['country a number', { country: 5 }],
  ['device_id upper case', { device_id: '0F8C5B2E-8F0E-4A8E-9B1D-2F6D7C1E9A10' }],
  ['birthday with a time', { birthday: '1990-12-10 10:00' }],
  ['scores item null', { scores: [null] }],
];

const CASES: Case[] = [
  ...BOOKING_CASES.map(([name, changes]) => ({
    name: `booking: ${name}`,
    method: 'POST',
    path: '/api/rules/bookings',
    body: variant(BOOKING, changes),
  })),
  ...PROFILE_CASES.map(([name, changes]) => ({
    name: `profile: ${name}`,
    method: 'PUT',
    path: '/api/rules/profile',
    body: variant(PROFILE, changes),
  })),
  { name: 'binding: non-numeric product id', method: 'GET', path: '/api/products/abc' },
  { name: 'binding: product id with a letter', method: 'GET', path: '/api/products/1x' },
  { name: 'binding: product id not stored', method: 'GET', path: '/api/products/99999' },
  { name: 'binding: category slug not stored', method: 'GET', path: '/api/categories/nope' },
  { name: 'binding: post id a word', method: 'GET', path: '/api/posts/abc', auth: true },
  { name: 'where: user id a word', method: 'GET', path: '/api/users/abc', auth: true },
  { name: 'where: order id a word', method: 'GET', path: '/api/orders/abc', auth: true },
  { name: 'binding: product found', method: 'GET', path: '/api/products/1' },
];

/**
 * Answers a static mock cannot give, with the reason (the README lists them too).
 */
const KNOWN: Record<string, string> = {
  'binding: product id not stored': 'the mock holds no database: any well-formed id is found',
  'binding: category slug not stored': 'the mock holds no database: any well-formed slug is found',
};

interface Answer {
  status: number;
  message?: string;
  errors?: Record<string, string[]>;
}

async function send(base: string, c: Case, token: string): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (c.auth) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method: c.method, headers };
  if (c.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(c.body);
  }
  const response = await fetch(base + c.path, init);
  const text = await response.text();
  let body: { message?: string; errors?: Record<string, string[]> } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: the status alone is compared
  }
  return response.status >= 400
    ? { status: response.status, message: body.message, errors: body.errors }
    : { status: response.status };
}

interface Figures {
  cases: number;
  invalid: number;
  valid: number;
  status: number;
  fields: number;
  messages: number;
  disagreements: string[];
}

function compare(results: { c: Case; real: Answer; mock: Answer }[]): Figures {
  const f: Figures = {
    cases: results.length,
    invalid: 0,
    valid: 0,
    status: 0,
    fields: 0,
    messages: 0,
    disagreements: [],
  };
  for (const { c, real, mock } of results) {
    if (real.status >= 400) f.invalid++;
    else f.valid++;
    const sameStatus = real.status === mock.status;
    const sameFields =
      JSON.stringify(Object.keys(real.errors ?? {}).sort()) ===
      JSON.stringify(Object.keys(mock.errors ?? {}).sort());
    const sameMessages = JSON.stringify(real) === JSON.stringify(mock);
    if (sameStatus) f.status++;
    if (sameFields) f.fields++;
    if (sameMessages) f.messages++;
    if (!sameMessages)
      f.disagreements.push(`${c.name}: real ${JSON.stringify(real)} mock ${JSON.stringify(mock)}`);
  }
  return f;
}

const percent = (n: number, of: number) => `${Math.round((100 * n) / of)}%`;

/** The document as a hand-written one would be: no `x-laravel*` extensions. */
function withoutExtensions(doc: OpenApiDocument): OpenApiDocument {
  return JSON.parse(JSON.stringify(doc), (key, value: unknown) =>
    key.startsWith('x-laravel') ? undefined : value,
  ) as OpenApiDocument;
}

describe.skipIf(!hasPhp)(
  `the mock answers as the fixture's Laravel does${noPhpReason ? ` (${noPhpReason})` : ''}`,
  () => {
    let laravel: RunningLaravel;
    let mock: MockServer;
    let plain: MockServer;
    let after: Figures;
    let before: Figures;

    beforeAll(async () => {
      const document = (await generateOpenApi(APP, { cache: false })).document;
      laravel = await startLaravel(APP);
      mock = createMockServer(structuredClone(document));
      plain = createMockServer(withoutExtensions(document));
      const [m, p] = [await mock.listen(0), await plain.listen(0)];
      const rows: { c: Case; real: Answer; mock: Answer; plain: Answer }[] = [];
      for (const c of CASES) {
        rows.push({
          c,
          real: await send(laravel.url, c, 'test-token-1'),
          mock: await send(m.url, c, 'mock-token-1'),
          plain: await send(p.url, c, 'mock-token-1'),
        });
      }
      after = compare(rows);
      before = compare(rows.map((r) => ({ c: r.c, real: r.real, mock: r.plain })));
      const line = (f: Figures) =>
        `status ${percent(f.status, f.cases)}, fields ${percent(f.fields, f.cases)}, messages ${percent(f.messages, f.cases)}`;
      console.log(
        `${after.cases} requests (${after.invalid} invalid, ${after.valid} valid)\n` +
          `without x-laravel extensions: ${line(before)}\nwith them: ${line(after)}`,
      );
    }, 120_000);

    afterAll(async () => {
      await mock?.close();
      await plain?.close();
      await laravel?.stop();
    });

    it('sends at least 100 invalid and 20 valid requests', () => {
      expect(after.invalid).toBeGreaterThanOrEqual(100);
      expect(after.valid).toBeGreaterThanOrEqual(20);
    });

    it('agrees with Laravel on status, fields and messages, except the known limits', () => {
      const unexpected = after.disagreements.filter(
        (d) => !Object.keys(KNOWN).some((k) => d.startsWith(`${k}:`)),
      );
      expect(unexpected).toEqual([]);
    });
  },
);
