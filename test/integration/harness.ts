import { afterAll, beforeAll } from 'vitest';
import { loadSpec } from '../../src/core/load.js';
import { createMockServer, type MockServer } from '../../src/mock/server.js';
import type { MockServerOptions } from '../../src/mock/options.js';

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

export const TOKEN = { authorization: 'Bearer mock-token-test' };

/** A mock on a free port for the tests of one file, stopped after them. */
export function useMock(spec: string, options: MockServerOptions = {}) {
  const state: { mock?: MockServer; url: string } = { url: '' };
  beforeAll(async () => {
    const { document } = await loadSpec(spec);
    state.mock = createMockServer(document, options);
    state.url = (await state.mock.listen(0, '127.0.0.1')).url;
  });
  afterAll(() => state.mock?.close());

  return async function request(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: unknown; raw?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(state.url + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };
}
