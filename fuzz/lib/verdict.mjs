// What counts as a failure, and the checks that later requests are answered as before.
import { exchange, request } from './client.mjs';

/**
 * The problems with one exchange, as strings (none: it passed). A hang, an unexpected 5xx,
 * and (where `jsonErrors`) an error status without a JSON body are failures; closing the
 * connection without an answer only where the case allows it.
 */
export function judge(c, result, { jsonErrors }) {
  const problems = [];
  if (result.timedOut) problems.push(`hang: no answer and no close within ${result.ms} ms`);
  if (result.responses.length === 0 && !result.timedOut && !c.mayClose) {
    problems.push(`closed without an answer${result.error ? ` (${result.error})` : ''}`);
  }
  const expected = c.expect ?? 1;
  if (
    !result.timedOut &&
    !c.mayClose &&
    result.responses.length > 0 &&
    result.responses.length < expected
  ) {
    problems.push(`answered ${result.responses.length} of ${expected} requests`);
  }
  for (const response of result.responses) {
    if (response.status === 0) problems.push('an answer that is not HTTP');
    if (response.status >= 500 && !c.allow5xx)
      problems.push(`answered ${response.status}: ${snippet(response.body)}`);
    if (jsonErrors && response.status >= 400 && !c.head && !isJsonBody(response)) {
      problems.push(`a ${response.status} whose body is not JSON: ${snippet(response.body)}`);
    }
  }
  return problems;
}

function isJsonBody(response) {
  if (!/^application\/json\b/.test(response.headers['content-type'] ?? '')) return false;
  try {
    const value = JSON.parse(response.body.toString('utf8'));
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

function snippet(body) {
  return JSON.stringify(body.subarray(0, 120).toString('utf8'));
}

const HEAD = { Host: 'fuzz.test', Connection: 'close' };

/**
 * Requests whose answers must not change whatever came before: the user, a JSON body without
 * the required `role` (a polluted prototype once let it through), an operation first used now.
 * Returns the problems found.
 */
export async function mockHealth(port) {
  const checks = [
    [request('GET', '/api/users/1', HEAD), 200, (body) => body.id === 1],
    [
      request(
        'POST',
        '/api/users',
        { ...HEAD, 'Content-Type': 'application/json', 'Content-Length': 14 },
        '{"name":"Ann"}',
      ),
      422,
      (body) => JSON.stringify(body.errors) === '{"role":["The role field is required."]}',
    ],
    [request('GET', '/api/categories', HEAD), 200, Array.isArray],
    [request('DELETE', `/api/users/${1 + (Date.now() % 1000)}`, HEAD), 204, () => true],
  ];
  return runChecks(port, checks);
}

/** The docs page's document, and the mock `apidoc watch --mock` serves beside it. */
export async function watchHealth(pagePort, mockPort) {
  const page = await runChecks(pagePort, [
    [request('GET', '/openapi.json', HEAD), 200, (body) => typeof body.openapi === 'string'],
  ]);
  const mock = await runChecks(mockPort, [
    [
      request('GET', '/api/projects', { ...HEAD, Authorization: 'Bearer mock-token-fuzz' }),
      200,
      (body) => typeof body === 'object',
    ],
  ]);
  return [...page, ...mock];
}

async function runChecks(port, checks) {
  const problems = [];
  for (const [bytes, status, ok] of checks) {
    const result = await exchange(port, [bytes], { deadlineMs: 10_000, head: false });
    const response = result.responses[0];
    const line = bytes.toString('latin1').split('\r\n')[0];
    if (!response) {
      problems.push(`${line}: no answer${result.timedOut ? ' (hang)' : ''}`);
      continue;
    }
    let body;
    try {
      body = response.body.length > 0 ? JSON.parse(response.body.toString('utf8')) : null;
    } catch {
      body = undefined;
    }
    if (response.status !== status || (status !== 204 && (body === undefined || !ok(body)))) {
      problems.push(`${line}: ${response.status} ${snippet(response.body)} (wanted ${status})`);
    }
  }
  return problems;
}
