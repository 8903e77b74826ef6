import {
  topMessage,
  validateLaravel,
  type Locale,
  type RuleSet,
} from '../../core/laravel-validation/index.js';
import { deref } from '../../core/refs.js';
import type { OpenApiDocument, ParameterObject, SchemaObject } from '../../core/types.js';
import type { OperationPlan } from '../plan.js';
import { compileRequestValidator, type RequestInput, type RequestValidator } from './request.js';
import { messageReply, type Reply } from '../respond/reply.js';

/**
 * What the application's own Laravel would answer, from the document's `x-laravel*`
 * extensions (see docs/reference/extensions.md): route constraints and model binding
 * (404s), then the request body against the rules as the app wrote them, worded with its
 * messages. Undefined for an operation without extensions: JSON Schema then decides.
 */
export type LaravelCheck = (input: RequestInput, pathname: string) => Reply | undefined;

/** `x-laravel` at the document's root. */
interface RootExtension {
  version?: number;
  messages?: Record<string, string>;
  attributes?: Record<string, string>;
}

/** `x-laravel-binding` on a path parameter. */
interface Binding {
  model: string;
  key?: string;
}

interface PathRule {
  name: string;
  schema: SchemaObject | undefined;
  where?: RegExp;
  binding?: Binding;
}

const checks = new WeakMap<OperationPlan, LaravelCheck | null>();

export function laravelCheck(doc: OpenApiDocument, plan: OperationPlan): LaravelCheck | undefined {
  let check = checks.get(plan);
  if (check === undefined) checks.set(plan, (check = compile(doc, plan) ?? null));
  return check ?? undefined;
}

function compile(doc: OpenApiDocument, plan: OperationPlan): LaravelCheck | undefined {
  const { operation, pathItem } = plan.entry;
  const requestBody = deref<Record<string, unknown>>(
    doc,
    operation.requestBody as Record<string, unknown> | undefined,
  );
  const rules = requestBody?.['x-laravel-validation'] as RuleSet | undefined;
  const paths = pathRules(doc, [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]);
  if (!rules && paths.length === 0) return undefined;
  const root = ((doc as Record<string, unknown>)['x-laravel'] ?? {}) as RootExtension;
  const locale: Locale = {
    version: typeof root.version === 'number' ? root.version : 8,
    ...(root.messages ? { messages: root.messages } : {}),
    ...(root.attributes ? { attributes: root.attributes } : {}),
  };
  const parameters: RequestValidator = rules
    ? compileRequestValidator(doc, pathItem, { ...operation, requestBody: undefined })
    : plan.validate;
  const allowed = rules ? closedKeys(doc, requestBody) : undefined;
  return (input, pathname) => {
    const missing = notFound(paths, input.path, pathname, locale.version);
    if (missing) return missing;
    let errors = parameters(input);
    if (rules && !input.mediaType?.startsWith('multipart/')) {
      const found = validateLaravel(withRefused(rules, input.body, allowed), requestData(input), {
        locale,
      });
      if (found) errors = { ...(errors ?? {}), ...found.errors };
    }
    if (!errors) return undefined;
    return { status: 422, body: { message: topMessage(locale.version, errors), errors } };
  };
}

/**
 * The keys a body may have when its schema refuses any other (`additionalProperties: false`,
 * written where the application rejects keys outside a list).
 */
function closedKeys(
  doc: OpenApiDocument,
  requestBody: Record<string, unknown> | undefined,
): ReadonlySet<string> | undefined {
  const content = requestBody?.content as Record<string, { schema?: SchemaObject }> | undefined;
  const media = content?.['application/json'] ?? Object.values(content ?? {})[0];
  const schema = deref<SchemaObject>(doc, media?.schema);
  if (schema?.additionalProperties !== false) return undefined;
  return new Set(Object.keys(schema.properties ?? {}));
}

/** The rules, with Laravel's `prohibited` for each key of the body outside `allowed`. */
function withRefused(rules: RuleSet, body: unknown, allowed: ReadonlySet<string> | undefined) {
  if (!allowed || typeof body !== 'object' || body === null || Array.isArray(body)) return rules;
  const refused = Object.keys(body).filter((key) => !allowed.has(key));
  if (refused.length === 0) return rules;
  const extra = Object.fromEntries(refused.map((key) => [key, ['prohibited']]));
  return { ...rules, rules: { ...rules.rules, ...extra } };
}

function pathRules(doc: OpenApiDocument, raw: readonly unknown[]): PathRule[] {
  const out: PathRule[] = [];
  for (const item of raw) {
    const param = deref<ParameterObject & Record<string, unknown>>(
      doc,
      item as ParameterObject & Record<string, unknown>,
    );
    if (param?.in !== 'path') continue;
    const where = param['x-laravel-where'];
    const binding = param['x-laravel-binding'] as Binding | undefined;
    if (typeof where !== 'string' && !binding) continue;
    const rule: PathRule = { name: param.name, schema: deref<SchemaObject>(doc, param.schema) };
    if (typeof where === 'string') rule.where = compileWhere(where);
    if (binding && typeof binding.model === 'string') rule.binding = binding;
    out.push(rule);
  }
  return out;
}

function compileWhere(where: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${where})$`, 'u');
  } catch {
    return undefined;
  }
}

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Whether a value can be a key of the bound model at all (an integer key takes digits only). */
function canBeKey(schema: SchemaObject | undefined, value: string): boolean {
  if (!schema) return true;
  if (schema.type === 'integer') return /^\d+$/.test(value);
  if (schema.format === 'uuid') return UUID.test(value);
  if (typeof schema.pattern === 'string') {
    try {
      return new RegExp(schema.pattern, 'u').test(value);
    } catch {
      return true;
    }
  }
  return true;
}

/**
 * A value off the route's `where` constraint: no route matches (Laravel's route 404). A value
 * that cannot be a key of the bound model: route-model binding's 404, naming the model.
 * @see https://laravel.com/docs/routing#implicit-binding
 */
function notFound(
  rules: PathRule[],
  params: Record<string, string>,
  pathname: string,
  version: number,
): Reply | undefined {
  for (const rule of rules) {
    const value = params[rule.name];
    if (value === undefined) continue;
    if (rule.where && !rule.where.test(value)) {
      // Laravel 8's NotFoundHttpException carries no message; 9 names the path.
      const uri = decodeURIComponent(pathname).replace(/^\/+|\/+$/g, '');
      return messageReply(404, version < 9 ? '' : `The route ${uri} could not be found.`);
    }
    if (rule.binding && !canBeKey(rule.schema, value)) {
      return messageReply(404, `No query results for model [${rule.binding.model}] ${value}`);
    }
  }
  return undefined;
}

/** `$request->all()`: the body's fields over the query's. */
function requestData(input: RequestInput): unknown {
  const query: Record<string, string> = {};
  for (const [key, value] of input.query) if (!key.includes('[')) query[key] = value;
  const body = input.body;
  if (body === undefined || body === null || body === '') return query;
  if (typeof body === 'object' && !Array.isArray(body) && !ArrayBuffer.isView(body)) {
    return { ...query, ...(body as Record<string, unknown>) };
  }
  return body;
}
