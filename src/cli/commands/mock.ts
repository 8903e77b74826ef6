import type { Command } from 'commander';
import { isWorker } from '../cluster.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../core/mock-address.js';
import { DEFAULT_PROXY_TIMEOUT } from '../../mock/options.js';
import { SCENARIOS } from '../../core/engine/scenarios.js';
import { DEFAULT_REQUEST_TIMEOUT } from '../../core/server-guard.js';

import type { MockFlags } from './mock-flags.js';

export const DEFAULT_SPEC = 'storage/app/spectrum/openapi.json';

export function registerMock(program: Command): void {
  program
    .command('mock')
    .alias('apidoc:mock')
    .description('Serve a mock of the API an OpenAPI document describes')
    .option('--host <address>', 'address to bind (0.0.0.0 for every interface)', DEFAULT_HOST)
    .option('--port <number>', 'port to listen on (0 picks a free one)', String(DEFAULT_PORT))
    .option('--spec <file>', 'OpenAPI document (JSON or YAML; 2.0, 3.0 or 3.1)', DEFAULT_SPEC)
    .option(
      '--delay <ms>',
      'delay every response by this many milliseconds (at most 2147483647), or by a random time in a range such as 100-800 (default: none)',
    )
    .option('--scenario <name>', `default scenario: ${SCENARIOS.join(', ')}`, 'success')
    .option('--seed <value>', 'seed of generated data (same seed, same bodies)', '0')
    .option('--strict', 'refuse to start when a declared example does not match its schema', false)
    .option('--quiet', 'do not log requests', false)
    .option(
      '--request-timeout <ms>',
      'time a client has to send a whole request (408 after it), 1 to 2147483647',
      String(DEFAULT_REQUEST_TIMEOUT),
    )
    .option(
      '--ready-file <file>',
      'once the mock answers, write its URL to this file (removed when it stops), for scripts to wait on',
    )
    .option(
      '--workers <count>',
      'processes sharing the port (node:cluster), for more throughput: 1 to the number of cores; a dead one is replaced',
      '1',
    )
    .option(
      '--proxy <url>',
      'forward every request to this backend; check requests and responses against the document',
    )
    .option(
      '--proxy-strict',
      'with --proxy: a response that breaks the document becomes a 502 listing how; a request that does is answered by the mock',
      false,
    )
    .option(
      '--proxy-fallback',
      'with --proxy: operations the backend does not route yet (404 route not found, 405, 501) are answered by the mock (default)',
    )
    .option('--no-proxy-fallback', "with --proxy: always pass the backend's answer on")
    .option(
      '--proxy-timeout <ms>',
      `with --proxy: how long to wait for the backend (its answer, and between the bytes of any body) before a 504 or a cut connection, 1 to 2147483647 (default: ${DEFAULT_PROXY_TIMEOUT})`,
    )
    .option(
      '--stateful',
      'keep what clients write: POST, PUT, PATCH and DELETE change what later reads and lists show',
      false,
    )
    .option(
      '--state <where>',
      'where state lives: memory, or redis://host:port/db to share it between --workers and replicas; implies --stateful (default: memory)',
    )
    .option(
      '--state-max-items <count>',
      'with --stateful: created items kept per collection; past it the oldest goes (default: 10000)',
    )
    .option('--dynamic', 'fresh random data on every request instead of seeded data', false)
    .option(
      '--fail-rate <share>',
      'answer this share of requests (0 to 1, such as 0.05) as --fail-mode says (default: 0)',
    )
    .option(
      '--fail-mode <mode>',
      'what --fail-rate requests get: error (the error scenario) or reset (the connection is reset)',
      'error',
    )
    .option('--watch', 'reload the document when it or a file it $refs changes', false)
    .option(
      '--allow-ref-outside',
      "let $refs read files outside the spec's folder (by default they may not)",
      false,
    )
    .option(
      '--control-token <token>',
      'the control API (/__apidoc/) asks for this token (Authorization: Bearer <token> or X-Apidoc-Token); it turns the control API on for a --host other than loopback',
    )
    .option(
      '--no-control',
      'turn the control API (/__apidoc/) off; it is off by default on a --host other than loopback unless --control-token is given',
    )
    .action(async (flags: MockFlags) => {
      // The mock stack (ajv, faker, the loader) loads only when this command runs.
      const run = await import('./mock-run.js');
      await (isWorker ? run.runWorker(flags) : run.runMock(flags));
    });
}
