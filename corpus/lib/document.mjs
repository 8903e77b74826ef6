// One document, in a process of its own (forked by run.mjs, which kills it and its server when
// the document's time is up): read it, start the server on it, send one valid request per
// operation (capped), judge each answer, stop the server. Reports progress and the result by IPC.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { checkAnswer } from './check.mjs';
import { contextOperations, documentContext } from './context.mjs';
import { readDocument, spread } from './load.mjs';
import { buildRequest, RequestError } from './request.mjs';
import { rssMB, startServer, startupFailure } from './server.mjs';

const MAX_BODY = 64 * 1024 * 1024;

process.once('message', async (job) => {
  let result;
  try {
    result = await runDocument(job);
  } catch (error) {
    result = { id: job.id, status: 'tool-error', reason: String(error?.stack ?? error) };
  }
  process.send({ type: 'result', result }, () => process.exit(0));
});

const progress = (phase, detail) => process.send({ type: 'progress', phase, detail });

async function runDocument(job) {
  const dist = (path) => import(pathToFileURL(join(job.dist, path)).href);
  const [{ generate }, { loadSpec }] = await Promise.all([
    dist('core/engine/generate/index.js'),
    dist('core/load.js'),
  ]);
  progress('startup');
  const server = startServer({
    cli: join(job.dist, 'cli/main.js'),
    file: job.file,
    delay: job.delay,
    cwd: job.root,
  });
  process.send({ type: 'server', pid: server.pid });
  let read;
  try {
    read = await readDocument(job.file, (file) => loadSpec(file));
  } catch (error) {
    read = { error: String(error?.message ?? error) };
  }
  if (!(await server.ready)) {
    const { kind, reason } = startupFailure(server);
    return { id: job.id, status: kind, reason, phase: 'startup' };
  }
  const base = { id: job.id, startupMs: round(server.startupMs), rssAtReady: server.rssAtReady };
  if (read.error) {
    await server.stop();
    return { ...base, status: 'tool-error', reason: `the tool cannot read it: ${read.error}` };
  }
  const ctx = documentContext(read, generate, job.seed);
  const all = contextOperations(ctx);
  const shapes = new Map();
  for (const op of all) {
    const shape = routeShape(ctx, op);
    if (!shapes.has(shape)) shapes.set(shape, op.path);
  }
  const ops = [];
  for (const op of spread(all, job.perDoc)) {
    // `/{applicationId}` after `/{applicationDefinitionId}`: the same path, which OpenAPI
    // forbids; a server can route it to one of the two only.
    const first = shapes.get(routeShape(ctx, op));
    if (first !== op.path) {
      const name = `${op.method.toUpperCase()} ${op.path}`;
      ops.push({
        op: name,
        skipped: true,
        cause: 'path identical to another template',
        detail: first,
      });
      continue;
    }
    progress('requests', `${op.method.toUpperCase()} ${op.path}`);
    const outcome = await runOperation(ctx, server, op, job);
    ops.push(outcome);
    // A server that let one request hang is stuck: the next ones would only wait as long.
    if (server.exit || outcome.cause === 'hang') break;
  }
  const crashed = server.exit !== null;
  const hung = ops.at(-1)?.cause === 'hang';
  const exit = await server.stop();
  // The server logs one line per answer, in order: its own time for each.
  let logged = 0;
  for (const op of ops) if (op.status !== undefined) op.serverMs = server.served[logged++];
  return {
    ...base,
    status: crashed ? 'crashed' : hung ? 'hung' : 'loaded',
    reason: crashed
      ? `exited while serving: ${describeExit(server)}`
      : hung
        ? `no answer to ${ops.at(-1).op} within ${job.requestTimeout} s`
        : undefined,
    operations: all.length,
    ops,
    notes: ctx.tally,
    unchecked: ctx.uncheckedCount,
    rssPeak: Math.max(server.rssPeak, server.rssAtReady ?? 0),
    internalErrors: server.internalErrors,
    stoppedCleanly: crashed || exit.code === 0,
  };
}

async function runOperation(ctx, server, op, job) {
  const name = `${op.method.toUpperCase()} ${op.path}`;
  let request;
  try {
    request = buildRequest(ctx, op);
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    if (error.skip) return { op: name, skipped: true, cause: error.cause, detail: error.message };
    return { op: name, ok: false, cause: error.cause, detail: error.message };
  }
  const started = performance.now();
  let answer;
  try {
    answer = await send(server.url, request, job.requestTimeout * 1000);
  } catch (error) {
    const ms = round(performance.now() - started);
    if (server.exit)
      return { op: name, ok: false, cause: 'server exited', detail: error.message, ms };
    return {
      op: name,
      ok: false,
      cause: error.cause ?? 'connection error',
      detail: error.message,
      ms,
    };
  }
  const ms = round(performance.now() - started);
  const failure = checkAnswer(ctx, op, answer);
  const target =
    request.target.length > 200 ? `${request.target.slice(0, 200)}...` : request.target;
  if (failure?.skip) return { op: name, skipped: true, ms, status: answer.status, ...failure };
  if (failure) return { op: name, ok: false, ms, status: answer.status, target, ...failure };
  return { op: name, ok: true, ms, status: answer.status };
}

/**
 * What a request can tell apart: method, path with parameter names erased, the key's query or
 * fragment part (sent as query keys or headers), the body's types.
 */
function routeShape(ctx, op) {
  const body = Object.keys(ctx.deref(op.operation.requestBody)?.content ?? {}).sort();
  return `${op.method} ${op.path.replace(/\{[^}]*\}/g, '{}')} ${body.join(',')}`;
}

function send(url, request, timeoutMs) {
  const headers = { ...request.headers };
  // Node sends a GET or DELETE body without framing unless told its length.
  if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${request.target}`,
      { method: request.method, headers, agent: false },
      (res) => {
        const chunks = [];
        let size = 0;
        res.on('data', (chunk) => {
          size += chunk.length;
          if (size <= MAX_BODY) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { cause: 'hang' }));
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

function describeExit(server) {
  const { code, signal } = server.exit ?? {};
  const last = server.stderrTail.trim().split('\n').slice(-2).join(' | ');
  return `${signal ?? `code ${code}`}${last ? `: ${last}` : ''} (rss ${rssMB(server.pid)} MB)`;
}

function round(ms) {
  return Math.round(ms * 10) / 10;
}
