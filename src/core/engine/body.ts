import type { OpenApiDocument, SchemaObject } from '../types.js';
import { conforms, generate } from './generate/index.js';
import { idSchema } from './plan.js';
import { examplePointer, validExample, type ResponseMedia } from './responses.js';
import { isXmlMediaType, toXml } from './xml.js';

export interface BodyContext {
  doc: OpenApiDocument;
  /** The operation answered, for warnings about its examples. */
  path: string;
  method: string;
  /** Told once per stale example found while answering. */
  onStaleExample?: (pointer: string) => void;
  seed: string;
  /** The server's own seed (`--seed`): resources' items are seeded from it, not per request. */
  serverSeed: string;
  /** The scenario, whose name also selects a matching named example. */
  scenario: string;
  /** A named example the client asked for (`Prefer: example=name`): chosen over the scenario's. */
  example?: string;
  empty: boolean;
}

/**
 * The body in the declared media type's own form: XML for an XML type (a string example that
 * already is XML stays as written), and a concrete type for a declared range (`*\/*`, `image/*`),
 * which a Content-Type header cannot carry.
 */
export function declaredForm(
  doc: OpenApiDocument,
  at: ResponseMedia,
  body: unknown,
): { contentType: string; body: unknown } {
  // Most answers are JSON of a declared, concrete type: sent as it is, whatever the body.
  if (sentAsDeclared(at.type)) return { contentType: at.type, body };
  const contentType = concreteType(at.type, body);
  if (!isXmlMediaType(contentType)) return { contentType, body };
  if (typeof body === 'string' && body.trimStart().startsWith('<')) return { contentType, body };
  return { contentType, body: toXml(doc, at.media.schema, body) };
}

const asDeclared = new Map<string, boolean>();

/** Whether a body of this declared type is sent as it is: neither a range nor XML (per type, once). */
function sentAsDeclared(type: string): boolean {
  let known = asDeclared.get(type);
  if (known === undefined) {
    known = concreteType(type, undefined) === type && !isXmlMediaType(type);
    if (asDeclared.size >= 1_000) asDeclared.clear();
    asDeclared.set(type, known);
  }
  return known;
}

const RANGE_DEFAULTS: Readonly<Record<string, string>> = {
  '*': 'application/json',
  application: 'application/json',
  text: 'text/plain',
  image: 'image/png',
};

function concreteType(type: string, body: unknown): string {
  const [range = '', params = ''] = type.split(/;(.*)/s);
  const [main = '', sub = ''] = range.trim().split('/');
  if (sub !== '*') return type;
  const json = typeof body === 'object' && body !== null;
  const chosen = json ? 'application/json' : (RANGE_DEFAULTS[main] ?? `${main}/octet-stream`);
  return params ? `${chosen};${params}` : chosen;
}

/** A body from a media type: a valid example, else data generated from its schema. */
export function mediaBody(ctx: BodyContext, at: ResponseMedia): unknown {
  const { media } = at;
  const example = usableExample(ctx, at);
  if (example && (!ctx.empty || example.name === 'empty')) return structuredClone(example.value);
  return generate(ctx.doc, media.schema, { seed: ctx.seed, empty: ctx.empty });
}

/** The scenario's example, if one validates; stale ones are reported as met. */
export function usableExample(ctx: BodyContext, at: ResponseMedia) {
  const report = ctx.onStaleExample;
  return validExample(
    ctx.doc,
    at.media,
    ctx.example ?? ctx.scenario,
    report && ((c) => report(examplePointer(ctx.path, ctx.method, at, c))),
  );
}

/** Makes an item response's `id` (or `data.id`) the one in its URL, when that value is valid there. */
export function echoId(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  body: unknown,
  raw: string,
): void {
  const target = idSchema(doc, schema);
  if (!target || typeof body !== 'object' || body === null) return;
  const numeric = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : undefined;
  const value = [numeric, raw].find((v) => v !== undefined && conforms(doc, target.schema, v));
  if (value === undefined) return;
  let node = body as Record<string, unknown>;
  for (const key of target.path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) return;
    node = node[key] as Record<string, unknown>;
  }
  const key = target.path[target.path.length - 1]!;
  // Replaced, never added: a body left without `id` had to be (a closed `allOf`, say).
  if (Object.hasOwn(node, key)) node[key] = value;
}
