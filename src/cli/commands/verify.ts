import type { Command } from 'commander';
import { DEFAULT_VERIFY_TIMEOUT } from '../../verify/defaults.js';
import { DEFAULT_SPEC } from './mock.js';
import type { VerifyFlags } from './verify-flags.js';

/** A repeatable option's values, in order. */
const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .alias('apidoc:verify')
    .description(
      'Check a running backend against its OpenAPI document: a request to every operation, each answer checked',
    )
    .option('--url <backend>', "the backend's base URL, such as http://127.0.0.1:8000")
    .option('--spec <file>', 'OpenAPI document (JSON or YAML; 2.0, 3.0 or 3.1)', DEFAULT_SPEC)
    .option('--bearer <token>', 'token for operations secured by bearer, OAuth2 or OpenID Connect')
    .option('--basic <user:password>', 'credentials for operations secured by http basic')
    .option(
      '--header <"Name: value">',
      'a header for every request, such as an API key (repeatable)',
      collect,
    )
    .option(
      '--operation <id>',
      'only this operation: an operationId or "METHOD /path" (repeatable)',
      collect,
    )
    .option(
      '--pattern <pattern>',
      'only operations whose path matches this Str::is pattern, such as "api/posts*" (repeatable)',
      collect,
    )
    .option('--junit <file>', 'write the results as JUnit XML, for CI')
    .option('--json <file>', 'write the results as JSON')
    .option('--timeout <ms>', 'how long each request may take', String(DEFAULT_VERIFY_TIMEOUT))
    .option('--dry-run', 'list the requests that would be sent, in order, and send none', false)
    .action(async (flags: VerifyFlags) => {
      // The engine (ajv, faker, the loader) loads only when this command runs.
      const run = await import('./verify-run.js');
      await run.runVerify(flags);
    });
}
