import path from 'node:path';
import type { PhpValue } from './value.js';

export type Plain =
  string | number | boolean | null | Plain[] | { [key: string]: Plain } | undefined;

export interface PlainContext {
  env: Record<string, string>;
  projectDir: string;
}

/**
 * A PhpValue as plain data, for configuration: lists become arrays, keyed arrays objects,
 * `Foo::class` its name, `env('X', 'default')` the `.env` value, `{{BASE}}` paths absolute.
 * What stays unknown is `undefined`.
 */
export function toPlain(value: PhpValue | undefined, ctx: PlainContext): Plain {
  if (value === undefined || value === null || typeof value !== 'object')
    return typeof value === 'string' ? paths(value, ctx) : value;
  switch (value.kind) {
    case 'array': {
      const isList = value.items.every((item) => item.key === undefined);
      if (isList)
        return value.items.map((item) => toPlain(item.value, ctx)).filter((v) => v !== undefined);
      const out: Record<string, Plain> = {};
      for (const item of value.items) {
        const v = toPlain(item.value, ctx);
        if (v !== undefined) out[String(item.key ?? Object.keys(out).length)] = v;
      }
      return out;
    }
    case 'class':
      return value.name;
    case 'const':
      return value.value;
    case 'call':
      return call(
        value.callee,
        value.args.map((a) => toPlain(a, ctx)),
        ctx,
      );
    default:
      return undefined;
  }
}

function call(callee: string, args: Plain[], ctx: PlainContext): Plain {
  if (callee === 'env' && typeof args[0] === 'string') {
    const raw = ctx.env[args[0]] ?? process.env[args[0]];
    if (raw === undefined) return args[1];
    const special: Record<string, Plain> = {
      true: true,
      '(true)': true,
      false: false,
      '(false)': false,
      null: null,
      '(null)': null,
      empty: '',
      '(empty)': '',
    };
    return raw.toLowerCase() in special ? special[raw.toLowerCase()] : raw;
  }
  return undefined;
}

function paths(text: string, ctx: PlainContext): string {
  if (!text.includes('{{BASE}}')) return text;
  return path.join(ctx.projectDir, text.replace('{{BASE}}', ''));
}
