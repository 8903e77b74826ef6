import type { Extension, MethodRule, StaticRule } from '../infer/api.js';
import { BOOLEAN, STRING, listOf, stringValues, unknown, type Type } from '../infer/type.js';
import { TAP_PROXY, URI } from './common.js';

/** Facades and framework calls that run a callback and give back what it returns. */
const callbacks: Record<string, StaticRule> = {
  transaction: (_c, args, ctx) => (args[0] ? ctx.infer.invoke(args[0], [], ctx.frame) : undefined),
  remember: (_c, args, ctx) => (args[2] ? ctx.infer.invoke(args[2], [], ctx.frame) : undefined),
  rememberForever: (_c, args, ctx) =>
    args[1] ? ctx.infer.invoke(args[1], [], ctx.frame) : undefined,
  sear: (_c, args, ctx) => (args[1] ? ctx.infer.invoke(args[1], [], ctx.frame) : undefined),
  flexible: (_c, args, ctx) => (args[2] ? ctx.infer.invoke(args[2], [], ctx.frame) : undefined),
  get: (_c, args) => args[1] ?? unknown('cache'),
  has: () => BOOLEAN,
  put: () => BOOLEAN,
  forget: () => BOOLEAN,
};

/** Facades and framework classes whose calls have a known result (`DB`, `Cache`, `Hash`, `Storage`, ...). */
export const facades: Extension = {
  classes: [
    {
      classes: [TAP_PROXY],
      methods: new Proxy({} as Record<string, MethodRule>, {
        get: () => (r: Type) => (r.kind === 'object' ? r.state?.target : undefined),
      }),
    },
    {
      classes: [
        'Illuminate\\Support\\Facades\\DB',
        'Illuminate\\Support\\Facades\\Cache',
        'Illuminate\\Support\\Facades\\Redis',
      ],
      statics: callbacks,
    },
    {
      classes: ['Illuminate\\Support\\Facades\\DB'],
      statics: {
        table: (_c, args, ctx) => {
          const table = stringValues(args[0] ?? unknown())?.[0]?.split(/\s+as\s+/i)[0];
          const attributes = table ? ctx.infer.world.models.rowAttributes(table) : [];
          const row: Type =
            attributes.length > 0
              ? {
                  kind: 'shape',
                  fields: attributes.map((a) => ({
                    key: a.name,
                    type: { kind: 'attribute', json: a.json },
                  })),
                }
              : unknown(`table ${table ?? ''}`);
          return { kind: 'builder', model: '', row };
        },
        select: () => listOf({ kind: 'map', values: unknown() }),
        raw: () => unknown('raw SQL'),
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\Hash', 'Illuminate\\Support\\Facades\\Crypt'],
      statics: {
        make: () => STRING,
        check: () => BOOLEAN,
        encrypt: () => STRING,
        decrypt: () => STRING,
        encryptString: () => STRING,
        decryptString: () => STRING,
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\Storage'],
      statics: {
        url: () => URI,
        temporaryUrl: () => URI,
        exists: () => BOOLEAN,
        disk: () => ({ kind: 'object', class: 'Illuminate\\Filesystem\\FilesystemAdapter' }),
      },
    },
    {
      classes: ['Illuminate\\Filesystem\\FilesystemAdapter'],
      methods: {
        url: () => URI,
        temporaryUrl: () => URI,
        exists: () => BOOLEAN,
        path: () => STRING,
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\Gate'],
      statics: {
        allows: () => BOOLEAN,
        denies: () => BOOLEAN,
        check: () => BOOLEAN,
        any: () => BOOLEAN,
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\URL', 'Illuminate\\Routing\\UrlGenerator'],
      statics: {
        to: () => URI,
        route: () => URI,
        signedRoute: () => URI,
        temporarySignedRoute: () => URI,
        current: () => URI,
        full: () => URI,
      },
      methods: {
        to: () => URI,
        route: () => URI,
        current: () => URI,
        full: () => URI,
        previous: () => URI,
      },
    },
    {
      classes: ['Laravel\\Sanctum\\NewAccessToken'],
      properties: (_r, name) =>
        name === 'plainTextToken' ? STRING : name === 'accessToken' ? unknown('token') : undefined,
    },
    {
      classes: ['Illuminate\\Database\\Eloquent\\Casts\\Attribute'],
      statics: {
        make: (_c, args, ctx) => ({
          kind: 'object',
          class: 'Illuminate\\Database\\Eloquent\\Casts\\Attribute',
          state: { get: ctx.named?.get ?? args[0] ?? unknown() },
        }),
        get: (_c, args) => ({
          kind: 'object',
          class: 'Illuminate\\Database\\Eloquent\\Casts\\Attribute',
          state: { get: args[0] ?? unknown() },
        }),
      },
      construct: (_c, args, ctx) => ({
        kind: 'object',
        class: 'Illuminate\\Database\\Eloquent\\Casts\\Attribute',
        state: { get: ctx.named?.get ?? args[0] ?? unknown() },
      }),
    },
  ],
};
