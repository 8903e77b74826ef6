// Judges one answer to a valid request: a declared status, the declared media type, and a body
// that validates against the declared schema. Returns null, or `{ cause, detail }` where `cause`
// groups failures (few distinct values) and `detail` says what exactly was wrong.
// @see https://spec.openapis.org/oas/v3.0.3#responses-object
import { isJson, isXml, mediaType } from './bodies.mjs';
import { admitsNoValue } from './satisfiable.mjs';

export function checkAnswer(ctx, op, answer) {
  const { status } = answer;
  const responses = ctx.deref(op.operation.responses);
  const keys = typeof responses === 'object' && responses !== null ? Object.keys(responses) : [];
  // An error answer to a valid request is a refusal, unless errors are all the operation declares.
  const onlyErrors = keys.length > 0 && keys.every((k) => /^[45]/.test(k));
  if (status >= 400 && !onlyErrors) return refused(answer);
  // A document with no responses at all declares nothing to hold the answer to.
  if (keys.length === 0) return null;
  const code = responseKey(keys, status);
  // A WebSocket endpoint (`101` only): the protocol switch is not the mock's to make.
  if (code === undefined && keys.every((k) => /^1/.test(k))) {
    return { cause: 'declares only 1xx (a protocol switch)', detail: keys.join(', '), skip: true };
  }
  if (code === undefined) {
    return fail(`status: ${status} not declared`, `declared: ${keys.join(', ')}`);
  }
  const response = ctx.deref(responses[code]);
  const content = ctx.deref(response?.content);
  const declared = Object.keys(typeof content === 'object' && content !== null ? content : {});
  const noBody = status === 204 || status === 304 || op.method === 'head';
  if (declared.length === 0 || noBody) {
    if (answer.body.length === 0) return null;
    return fail('body: sent where none is declared', `${answer.body.length} bytes for ${code}`);
  }
  const sent = mediaType(answer.headers['content-type'] ?? '');
  // The most specific declared type that covers what was sent: `application/json` before `*/*`.
  const specificity = (key) =>
    mediaType(key) === sent ? 0 : mediaType(key).startsWith('*') ? 2 : 1;
  const matched = declared
    .filter((key) => covers(mediaType(key), sent))
    .sort((a, b) => specificity(a) - specificity(b))[0];
  if (matched === undefined) {
    return fail(
      `content-type: ${kind(sent)} where ${kind(mediaType(declared[0]))} is declared`,
      `sent "${sent || 'none'}", declared ${declared.join(', ')}`,
    );
  }
  return checkBody(ctx, ctx.deref(content[matched])?.schema, sent, answer.body);
}

/** A valid request refused: the mock's message says why. */
function refused(answer) {
  let message = '';
  try {
    message = String(JSON.parse(answer.body.toString('utf8')).message ?? '');
  } catch {
    message = answer.body.toString('utf8').slice(0, 120);
  }
  const what = {
    400: 'bad request',
    401: 'credentials refused',
    404: 'not found',
    405: 'method not allowed',
    413: 'body too large',
    415: 'media type refused',
    422: 'valid request refused',
    500: 'server error',
  }[answer.status];
  const cause = `status: ${answer.status}${what ? ` ${what}` : ''}`;
  if (answer.status !== 422) return fail(cause, message);
  // Which rule refused it, without the field's name: "The x must be a string." → "must be a string".
  const errors = safeJson(answer.body)?.value?.errors ?? {};
  const [field, messages] = Object.entries(errors)[0] ?? ['', []];
  const rule = String(messages?.[0] ?? '')
    .replace(/^The (selected )?.+? (field |format |is |must |may )/, '$1$2')
    .replace(/\d+/g, 'n');
  return fail(`${cause} (${rule.trim()})`, `${field}: ${messages?.[0] ?? message}`);
}

function responseKey(keys, status) {
  const code = String(status);
  const range = `${code[0]}XX`;
  return (
    keys.find((k) => k === code) ??
    keys.find((k) => k.toUpperCase() === range) ??
    keys.find((k) => k === 'default')
  );
}

/** Whether a declared media range covers the type sent (`*\/*`, `image/*`, or the same type). */
function covers(range, sent) {
  if (range === sent || range === '*/*' || range === '*') return true;
  return range.endsWith('/*') && sent.startsWith(range.slice(0, -1));
}

/** The family of a media type, for grouping: json, xml, text, binary. */
function kind(type) {
  if (type === '') return 'no type';
  if (isJson(type)) return 'JSON';
  if (isXml(type)) return 'XML';
  if (type.startsWith('text/')) return 'text';
  if (type.includes('*')) return 'a wildcard';
  return 'binary';
}

function checkBody(ctx, schema, sent, body) {
  if (isJson(sent)) {
    const parsed = safeJson(body);
    if (parsed === undefined) return fail('body: not JSON', body.toString('utf8').slice(0, 80));
    return schemaProblem(ctx, schema, parsed.value);
  }
  // XML described by a structure must be XML; a `type: string` one is opaque text.
  if (isXml(sent)) return isScalarSchema(ctx, schema) ? null : wellFormedXml(body.toString('utf8'));
  if (sent.startsWith('text/') && isScalarSchema(ctx, schema)) {
    return schemaProblem(ctx, schema, body.toString('utf8'), true);
  }
  return null;
}

function schemaProblem(ctx, schema, value, asText = false) {
  if (schema === undefined) return null;
  let problem = ctx.check(schema, value, 'response');
  // A text body holds a number or boolean's text form.
  if (problem && asText && value !== '' && !Number.isNaN(Number(value))) {
    problem = ctx.check(schema, Number(value), 'response') && problem;
  }
  if (problem === null) return null;
  if (problem.unchecked) {
    ctx.unchecked(problem.unchecked);
    return null;
  }
  // No server can send a value the schema does not admit: not judged.
  if (admitsNoValue(ctx, schema)) {
    return { cause: 'response schema admits no value', detail: problem.message, skip: true };
  }
  const format = problem.format ? ` ${problem.format}` : '';
  return fail(`body: ${problem.keyword}${format}`, problem.message);
}

function isScalarSchema(ctx, schema) {
  const resolved = ctx.deref(schema);
  const type = resolved?.type;
  return ['string', 'number', 'integer', 'boolean'].includes(Array.isArray(type) ? type[0] : type);
}

/** Balanced tags after an optional prolog: enough to tell XML from JSON sent as XML. */
function wellFormedXml(text) {
  const body = text.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>)?\s*/, '');
  if (!body.startsWith('<')) return fail('body: not XML', text.slice(0, 80));
  const stack = [];
  for (const match of body.matchAll(/<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) return fail('body: not XML', `unbalanced </${name}>`);
  }
  return stack.length === 0 ? null : fail('body: not XML', `unclosed <${stack.at(-1)}>`);
}

function safeJson(body) {
  try {
    return { value: JSON.parse(body.toString('utf8')) };
  } catch {
    return undefined;
  }
}

function fail(cause, detail) {
  return { cause, detail };
}
