// The benchmark over real operations (issue 20): a fixed, seeded sample of operations of real
// documents — an item read by path parameters, a list with query parameters, a write with a
// validated body, from each of ten documents — each request built valid by the corpus tool's own
// request builder, and each answer checked against the document before it is timed.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildRequest, RequestError } from '../../corpus/lib/request.mjs';
import { checkAnswer as checkDocumentAnswer } from '../../corpus/lib/check.mjs';
import { contextOperations, documentContext } from '../../corpus/lib/context.mjs';
import { sample } from '../../corpus/lib/inputs.mjs';
import { readDocument } from '../../corpus/lib/load.mjs';

/**
 * The documents: GitHub's (the benchmark's own peer) and nine of APIs.guru's directory (the
 * Graph case's peer), chosen for their sizes, their security schemes (none, an API key header,
 * Bearer, Basic, OAuth 2) and their bodies, JSON and form-encoded.
 */
export const CORPUS_DOCUMENTS = [
  { id: 'github', peer: 'github' },
  { id: 'stripe', directory: 'stripe.com.json' },
  { id: 'twilio', directory: 'twilio.com/api.json' },
  { id: 'asana', directory: 'asana.com.json' },
  { id: 'box', directory: 'box.com.json' },
  { id: 'digitalocean', directory: 'digitalocean.com.json' },
  { id: 'circleci', directory: 'circleci.com.json' },
  { id: 'spotify', directory: 'spotify.com.json' },
  { id: 'sendgrid', directory: 'sendgrid.com.json' },
  { id: 'bitbucket', directory: 'bitbucket.org.json' },
];

/** What each document gives: one operation of each kind, in this order. */
export const KINDS = ['item', 'list', 'write'];

/** The sample's seed: change it and the sample changes; keep it and every run loads the same. */
export const CORPUS_SEED = 20;

/** The file of a corpus document among the installed peers, or null. */
export function corpusFile(entry, peers) {
  if (entry.peer) return peers[entry.peer] ?? null;
  if (!peers.graph) return null;
  // The Graph spec's directory is the root of APIs.guru's `api/` tree.
  const api = peers.graph.slice(0, peers.graph.lastIndexOf('/api/') + 5);
  return join(api, entry.directory);
}

/** Reads a document as the corpus tool does, with the project's generator for request values. */
export async function loadCorpusDocument(file, dist) {
  const load = (path) => import(pathToFileURL(join(dist, path)).href);
  const [{ generate }, { loadSpec }] = await Promise.all([
    load('core/engine/generate/index.js'),
    load('core/load.js'),
  ]);
  const read = await readDocument(file, (path) => loadSpec(path));
  const ctx = documentContext(read, generate, CORPUS_SEED);
  return { ctx, operations: contextOperations(ctx) };
}

/**
 * Picks one operation of each kind: candidates in a seeded order, the first whose valid request
 * the running mock answers with a declared 2xx and a body the document accepts. `probe(request)`
 * sends one request to the mock: `{ status, headers, body: Buffer }`. Resolves with targets for
 * the load generator, each with the mock's answer (`reply`) that the bare server will repeat.
 */
export async function pickOperations(docId, { ctx, operations }, probe) {
  const picked = [];
  const used = new Set();
  for (const kind of KINDS) {
    const candidates = operations.filter((op) => !used.has(op) && isKind(ctx, op, kind));
    const order = sample(candidates, candidates.length, CORPUS_SEED ^ hash(`${docId}|${kind}`));
    for (const op of order) {
      const target = await tryOperation(ctx, op, probe);
      if (!target) continue;
      used.add(op);
      picked.push({ ...target, id: `${docId}-${kind}`, kind, doc: docId });
      break;
    }
  }
  return picked;
}

async function tryOperation(ctx, op, probe) {
  let request;
  try {
    request = buildRequest(ctx, op);
  } catch (error) {
    if (error instanceof RequestError) return null;
    throw error;
  }
  const answer = await probe(request);
  if (answer.status < 200 || answer.status > 299) return null;
  if (checkDocumentAnswer(ctx, op, answer)) return null;
  const name = `${op.method.toUpperCase()} ${op.path}`;
  return {
    title: name,
    operation: name,
    method: request.method,
    path: request.target,
    headers: request.headers,
    body: request.body,
    expect: answer.status,
    reply: {
      status: answer.status,
      contentType: answer.headers['content-type'] ?? null,
      body: answer.body.toString('base64'),
    },
  };
}

function isKind(ctx, op, kind) {
  switch (kind) {
    case 'item':
      // One resource: the last segment names it by a parameter (`/users/{id}`, `/{Sid}.json`).
      return op.method === 'get' && /\{[^}/]+\}[^/]*\/?$/.test(op.path) && answersJson(ctx, op);
    case 'list':
      // A collection: its path does not end in an item's parameter.
      return (
        op.method === 'get' &&
        !/\}\/?$/.test(op.path) &&
        queryParameters(ctx, op) > 0 &&
        answersJson(ctx, op)
      );
    case 'write':
      return ['post', 'put', 'patch'].includes(op.method) && hasBodyProperties(ctx, op);
    default:
      throw new Error(`unknown kind ${kind}`);
  }
}

function queryParameters(ctx, op) {
  const params = [...(op.pathItem.parameters ?? []), ...(op.operation.parameters ?? [])];
  return params.filter((raw) => ctx.deref(raw)?.in === 'query').length;
}

function answersJson(ctx, op) {
  const responses = ctx.deref(op.operation.responses) ?? {};
  const success = Object.keys(responses).find((code) => /^2/.test(code));
  const content = success && ctx.deref(ctx.deref(responses[success])?.content);
  return Object.keys(content ?? {}).some((type) => /json/i.test(type));
}

/** A body with named fields, JSON or form-encoded: what a mock validates field by field. */
function hasBodyProperties(ctx, op) {
  const content = ctx.deref(ctx.deref(op.operation.requestBody)?.content) ?? {};
  return Object.entries(content).some(([type, media]) => {
    if (!/json|x-www-form-urlencoded/i.test(type)) return false;
    const schema = ctx.deref(ctx.deref(media)?.schema);
    return Object.keys(schema?.properties ?? {}).length > 0;
  });
}

function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** The q-quantile (0..1) of numbers, by linear interpolation; null when there are none. */
export function quantile(values, q) {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}
