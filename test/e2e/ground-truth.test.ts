/**
 * Ground truth: the document `apidoc generate` writes for the Laravel 8 fixture, checked against
 * what that very app answers when it really runs (Debian's PHP and Laravel 8.83). Every
 * operation of the document gets a valid request; every real answer's status must be one the
 * document declares, and its body must validate against the declared schema.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../src/core/ajv.js';
import { deref } from '../../src/core/refs.js';
import { toJsonSchema } from '../../src/core/schema.js';
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SecuritySchemeObject,
} from '../../src/core/types.js';
import { generateOpenApi } from '../../src/laravel/generate.js';
import {
  hasPhp,
  noPhpReason,
  startLaravel,
  type RunningLaravel,
} from '../support/laravel-server.js';

const APP = fileURLToPath(new URL('../fixtures/laravel-8', import.meta.url));
const ADMIN_TOKEN = 'test-token-1';
/** `config('partners.key')` of the fixture: what its partner.key middleware expects. */
const PARTNER_KEY = 'partner-key-1';
const BASIC = `Basic ${Buffer.from('ada@example.com:password').toString('base64')}`;
/** A 1×1 PNG, for the avatar upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Call {
  path?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: boolean;
  token?: string;
  /** Sent after the other writes (it changes what later requests see). */
  late?: boolean;
}

const WEBHOOK = {
  id: '0f8c5b2e-8f0e-4a8e-9b1d-2f6d7c1e9a10',
  type: 'payment.failed',
  data: { order_number: 'ORD-1003', amount: 34 },
};
const WEBHOOK_QUERY = {
  id: WEBHOOK.id,
  type: WEBHOOK.type,
  'data[order_number]': 'ORD-1003',
  'data[amount]': '34',
};

/** Valid requests for the seeded database (test/fixtures/laravel-8/README.md), by operationId. */
const CALLS: Record<string, Call> = {
  'auth.login': { body: { email: 'ada@example.com', password: 'password' } },
  'auth.register': {
    body: {
      name: 'Katherine Johnson',
      email: 'katherine@example.com',
      password: 'orbital-mechanics',
      password_confirmation: 'orbital-mechanics',
    },
  },
  'auth.logout': { token: 'test-token-3', late: true },
  'categories.show': { path: { category: 'engineering' } },
  'pages.show': { path: { slug: 'about' } },
  search: { query: { q: 'Typed' } },
  'webhooks.payments': { query: WEBHOOK_QUERY },
  'webhooks.payments.put': { body: WEBHOOK },
  'webhooks.payments.post': { body: WEBHOOK },
  'webhooks.payments.delete': { body: WEBHOOK },
  'webhooks.payments.options': { query: WEBHOOK_QUERY },
  'webhooks.payments.patch': { body: WEBHOOK },
  'rules.bookings': {
    body: {
      type: 'person',
      email: 'ada@example.com',
      start_date: '2030-07-01',
      end_date: '2030-07-05',
      guests: 2,
      accept_terms: true,
      password: 'secret-pass',
      password_confirmation: 'secret-pass',
    },
  },
  'rules.profile': {
    body: {
      username: 'ada_l',
      country: 'fr',
      email: 'ada@example.com',
      email_repeat: 'ada@example.com',
    },
  },
  'users.store': {
    body: {
      name: 'Margaret Hamilton',
      email: 'margaret@example.com',
      password: 'apollo-guidance',
      password_confirmation: 'apollo-guidance',
      settings: { locale: 'en' },
    },
  },
  'users.update': { path: { user: 2 }, body: { name: 'Grace B. Hopper' } },
  'users.update.patch': {
    path: { user: 2 },
    body: { settings: { locale: 'fr', newsletter: false } },
  },
  'users.destroy': { path: { user: 3 }, late: true },
  'users.avatar': { path: { user: 1 }, multipart: true },
  'posts.store': {
    body: {
      title: 'A new post',
      body: 'Twenty characters at the very least.',
      status: 'draft',
      category_id: 1,
      tags: ['fixtures'],
    },
  },
  'posts.update': { path: { post: 2 }, body: { title: 'Pagination envelopes, explained again' } },
  'posts.update.patch': { path: { post: 2 }, body: { is_featured: true } },
  'posts.destroy': { path: { post: 4 } },
  'posts.comments.index': { path: { post: 1 } },
  'posts.comments.store': { path: { post: 1 }, body: { body: 'Thanks for writing this.' } },
  'posts.comments.destroy': { path: { post: 1, comment: 2 } },
  'products.store': {
    body: {
      sku: 'PEN-123',
      name: 'Fountain pen',
      price: 19,
      stock: 25,
      metadata: { color: 'blue' },
    },
  },
  'products.update': { path: { product: 2 }, body: { name: 'Big coffee mug' } },
  'products.update.patch': { path: { product: 2 }, body: { stock: 99 } },
  'products.destroy': { path: { product: 4 } },
  'orders.store': {
    body: {
      items: [{ sku: 'KEY-001', quantity: 1 }],
      address: { line1: '1 Loop Road', city: 'Cambridge', postcode: 'CB2 1TN', country: 'GB' },
    },
  },
  'orders.cancel': { path: { order: 2 } },
  'admin.reports.monthly': { path: { year: 2024, month: 3 } },
  // validationData() unwraps `data`; the body is documented with the envelope.
  'partners.settings': {
    body: { data: { webhook_url: 'https://partner.example/hooks', notify: true } },
  },
  // array_merge(parent::rules(), [...]) with a max from config().
  'partners.products': {
    body: { sku: 'PEN-900', name: 'Fountain pen', price: 19, stock: 3, partner_ref: 'P-42' },
  },
  'admin.reports.monthly.without_month': { path: { year: 2024 } },
};

interface Operation {
  method: string;
  path: string;
  operation: OperationObject;
}

interface Outcome {
  id: string;
  status: number;
  problem?: string;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item))
      out.push({ method, path, operation: operation as OperationObject });
  }
  const phase = (op: Operation) => {
    const call = CALLS[op.operation.operationId ?? ''];
    if (call?.late) return op.method === 'delete' ? 4 : 3;
    if (op.method === 'delete') return 2;
    return ['get', 'head', 'options'].includes(op.method) ? 0 : 1;
  };
  return out.sort((a, b) => phase(a) - phase(b));
}

function request(
  op: Operation,
  base: string,
  document: OpenApiDocument,
): { url: string; init: RequestInit } {
  const call = CALLS[op.operation.operationId ?? ''] ?? {};
  const headers: Record<string, string> = { Accept: 'application/json' };
  let path = op.path;
  for (const parameter of (op.operation.parameters ?? []) as ParameterObject[]) {
    if (parameter.in !== 'path') continue;
    path = path.replace(`{${parameter.name}}`, String(call.path?.[parameter.name] ?? 1));
  }
  const url = new URL(base + path);
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
  const schemes = Object.keys(op.operation.security?.[0] ?? {});
  const apiKey = schemes
    .map((name) => document.components?.securitySchemes?.[name] as SecuritySchemeObject)
    .find((scheme) => scheme?.type === 'apiKey' && scheme.in === 'header');
  if (apiKey?.name) headers[apiKey.name] = PARTNER_KEY;
  else if (schemes.includes('basicAuth')) headers.Authorization = BASIC;
  else if (schemes.length > 0) headers.Authorization = `Bearer ${call.token ?? ADMIN_TOKEN}`;
  const init: RequestInit = { method: op.method.toUpperCase(), headers };
  if (call.multipart) {
    const form = new FormData();
    form.set('avatar', new Blob([PNG], { type: 'image/png' }), 'avatar.png');
    init.body = form;
  } else if (call.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(call.body);
  }
  return { url: url.toString(), init };
}

function check(
  document: OpenApiDocument,
  op: Operation,
  status: number,
  text: string,
  ajv: ReturnType<typeof createAjv>,
): string | undefined {
  const declared = op.operation.responses?.[String(status)] ?? op.operation.responses?.default;
  if (!declared)
    return `status ${status} is not documented (documented: ${Object.keys(op.operation.responses ?? {}).join(', ')}); body: ${text.slice(0, 300)}`;
  const response = deref<ResponseObject>(document, declared);
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) return text.trim() === '' || status === 204 ? undefined : undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status}: the body is not JSON: ${text.slice(0, 200)}`;
  }
  const validate = ajv.compile(toJsonSchema(document, schema, 'response') as object);
  if (validate(body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  return `status ${status}: the body does not match the documented schema: ${errors.join('; ')}; body: ${text.slice(0, 400)}`;
}

describe.skipIf(!hasPhp)(
  `ground truth: the Laravel 8 fixture, really running${noPhpReason ? ` (${noPhpReason})` : ''}`,
  () => {
    let laravel: RunningLaravel;
    let document: OpenApiDocument;
    const outcomes: Outcome[] = [];

    beforeAll(async () => {
      document = (await generateOpenApi(APP, { cache: false })).document;
      laravel = await startLaravel(APP);
      const ajv = createAjv();
      for (const op of operationsOf(document)) {
        const { url, init } = request(op, laravel.url, document);
        const response = await fetch(url, init);
        const text = await response.text();
        const problem = check(document, op, response.status, text, ajv);
        outcomes.push({
          id: `${op.method.toUpperCase()} ${op.path} (${op.operation.operationId})`,
          status: response.status,
          ...(problem ? { problem } : {}),
        });
      }
    }, 180_000);

    afterAll(async () => {
      await laravel?.stop();
    });

    /** Sends a variant of each selected operation's request and checks the answer is documented. */
    async function errors(
      select: (op: Operation) => boolean,
      vary: (op: Operation, req: ReturnType<typeof request>) => ReturnType<typeof request>,
    ) {
      const ajv = createAjv();
      const seen: Outcome[] = [];
      for (const op of operationsOf(document).filter(select)) {
        const { url, init } = vary(op, request(op, laravel.url, document));
        const response = await fetch(url, init);
        const text = await response.text();
        const problem = check(document, op, response.status, text, ajv);
        seen.push({
          id: `${op.method.toUpperCase()} ${op.path} (${op.operation.operationId})`,
          status: response.status,
          ...(problem ? { problem } : {}),
        });
      }
      return seen;
    }

    it('sends a request to every operation of the document', () => {
      const count = Object.values(document.paths ?? {}).reduce(
        (n, item) => n + Object.keys(item).length,
        0,
      );
      expect(outcomes).toHaveLength(count);
      expect(count).toBeGreaterThan(40);
    });

    it('every real status is documented and every real body matches its schema', () => {
      const problems = outcomes.filter((o) => o.problem).map((o) => `${o.id}: ${o.problem}`);
      expect(problems).toEqual([]);
    });

    it('the valid requests succeed (2xx), except where the app refuses on purpose', () => {
      const failed = outcomes.filter((o) => o.status >= 300).map((o) => `${o.id} → ${o.status}`);
      expect(failed).toEqual([]);
    });

    it('401 without credentials, as documented', async () => {
      const seen = await errors(
        (op) => (op.operation.security ?? []).length > 0,
        (_op, req) => ({
          url: req.url,
          init: { ...req.init, headers: { Accept: 'application/json' } },
        }),
      );
      expect(seen.length).toBeGreaterThan(20);
      expect(
        seen
          .filter((o) => o.status !== 401 || o.problem)
          .map((o) => `${o.id} → ${o.status} ${o.problem ?? ''}`),
      ).toEqual([]);
    });

    it('422 (or the FormRequest’s 403) for an empty body where fields are required, as documented', async () => {
      const seen = await errors(
        (op) => (op.operation.requestBody as { required?: boolean } | undefined)?.required === true,
        (_op, req) => ({
          url: req.url,
          init: {
            ...req.init,
            body: '{}',
            headers: {
              ...(req.init.headers as Record<string, string>),
              'Content-Type': 'application/json',
            },
          },
        }),
      );
      expect(seen.length).toBeGreaterThan(10);
      expect(
        seen
          .filter((o) => ![422, 403].includes(o.status) || o.problem)
          .map((o) => `${o.id} → ${o.status} ${o.problem ?? ''}`),
      ).toEqual([]);
      expect(seen.filter((o) => o.status === 422).length).toBeGreaterThan(5);
    });

    it('the 422 examples say what Laravel says for an empty body (attributes() and messages() included)', async () => {
      const compared: string[] = [];
      const wrong: string[] = [];
      for (const op of operationsOf(document)) {
        const declared = op.operation.responses?.['422'];
        if (!declared || (op.operation.requestBody as { required?: boolean })?.required !== true)
          continue;
        const example = deref<ResponseObject>(document, declared)?.content?.['application/json']
          ?.example as { errors?: Record<string, string[]> } | undefined;
        if (!example?.errors) continue;
        const { url, init } = request(op, laravel.url, document);
        const response = await fetch(url, {
          ...init,
          body: '{}',
          headers: {
            ...(init.headers as Record<string, string>),
            'Content-Type': 'application/json',
          },
        });
        if (response.status !== 422) continue; // a FormRequest's authorize() said no first
        const real = ((await response.json()) as { errors: Record<string, string[]> }).errors;
        for (const [field, messages] of Object.entries(example.errors)) {
          compared.push(`${op.operation.operationId} ${field}`);
          if (JSON.stringify(real[field]) !== JSON.stringify(messages))
            wrong.push(
              `${op.operation.operationId} ${field}: documented ${JSON.stringify(messages)}, Laravel ${JSON.stringify(real[field])}`,
            );
        }
      }
      expect(compared.length).toBeGreaterThan(10);
      expect(compared.some((c) => c.startsWith('orders.store address.city'))).toBe(true);
      expect(wrong).toEqual([]);
    });

    it('404 for a model that does not exist, as documented', async () => {
      const seen = await errors(
        (op) =>
          Object.keys(op.operation.responses ?? {}).includes('404') &&
          (op.operation.parameters ?? []).some(
            (p) =>
              (p as ParameterObject).in === 'path' &&
              (p as ParameterObject).schema?.type === 'integer',
          ),
        (op, req) => {
          const url = new URL(req.url);
          const id = ((op.operation.parameters ?? []) as ParameterObject[]).find(
            (p) => p.in === 'path' && p.schema?.type === 'integer',
          )!.name;
          const value = String(CALLS[op.operation.operationId ?? '']?.path?.[id] ?? 1);
          url.pathname = url.pathname
            .split('/')
            .map((segment, i, all) =>
              op.path.split('/')[i] === `{${id}}`
                ? '999999'
                : segment === value && all
                  ? segment
                  : segment,
            )
            .join('/');
          return { url: url.toString(), init: req.init };
        },
      );
      expect(seen.length).toBeGreaterThan(10);
      expect(
        seen
          .filter((o) => o.status !== 404 || o.problem)
          .map((o) => `${o.id} → ${o.status} ${o.problem ?? ''}`),
      ).toEqual([]);
    });

    it('429 with the documented body and headers once a throttle limit is used up', async () => {
      // A second copy of the app whose cache keeps the limiters' counts between requests:
      // `posts/{post}/comments` is behind `throttle:30,1` (and the api group's 60 a minute).
      const throttling = await startLaravel(APP, { cache: 'file' });
      try {
        const op = operationsOf(document).find(
          (o) => o.method === 'get' && o.path === '/api/posts/{post}/comments',
        )!;
        expect(Object.keys(op.operation.responses ?? {})).toContain('429');
        const statuses: number[] = [];
        let last: Response | undefined;
        let text = '';
        for (let i = 0; i < 31; i++) {
          const { url, init } = request(op, throttling.url, document);
          last = await fetch(url, init);
          text = await last.text();
          statuses.push(last.status);
        }
        expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
        expect(statuses[30]).toBe(429);
        expect(check(document, op, 429, text, createAjv())).toBeUndefined();
        const declared = deref<ResponseObject>(document, op.operation.responses!['429']!)!;
        const headers = Object.keys(declared.headers ?? {});
        expect(headers.length).toBeGreaterThan(0);
        for (const header of headers) expect(last!.headers.get(header), header).toMatch(/^\d+$/);
        expect(last!.headers.get('X-RateLimit-Limit')).toBe('30');
      } finally {
        await throttling.stop();
      }
    }, 60_000);
  },
);
