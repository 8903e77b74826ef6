import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run fuzz -- [options]   (or: node fuzz/run.mjs [options])

  --quick                 the short run CI makes (under a minute): smaller bodies, fewer
                          random cases, a 12 s soak
  --soak <s>              seconds of mixed soak, memory sampled (default 60; --quick: 12)
  --concurrency <n>       client loops during the soak (default 16)
  --max-requests <n>      the soak stops after this many requests, if not before (default 2000000)
  --request-timeout <ms>  the mock's --request-timeout, which slow clients run into (default 2000)
  --max-growth <MB>       the most the server's memory may grow after warm-up (default 50)
  --seed <n>              seed of the random cases (default 1)
  --no-watch              leave apidoc watch out (by default its page and mock are fuzzed too)
  --out <file>            also write the results as JSON
  -h, --help              this help`;

export class UsageError extends Error {}

export function parseFlags(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean', default: false },
        soak: { type: 'string' },
        concurrency: { type: 'string', default: '16' },
        'max-requests': { type: 'string', default: '2000000' },
        'request-timeout': { type: 'string', default: '2000' },
        'max-growth': { type: 'string', default: '50' },
        seed: { type: 'string', default: '1' },
        'no-watch': { type: 'boolean', default: false },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  return {
    help: values.help,
    quick: values.quick,
    soak: number(values.soak ?? (values.quick ? '12' : '60'), '--soak', 1, 86_400),
    concurrency: number(values.concurrency, '--concurrency', 1, 512),
    maxRequests: number(values['max-requests'], '--max-requests', 1, 1e9),
    requestTimeout: number(values['request-timeout'], '--request-timeout', 100, 600_000),
    maxGrowth: number(values['max-growth'], '--max-growth', 1, 100_000),
    seed: number(values.seed, '--seed', 0, 2 ** 31),
    watch: !values['no-watch'],
    out: values.out,
  };
}

function number(text, flag, min, max) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(
      `Invalid value for ${flag}: "${text}". Use a whole number from ${min} to ${max}.`,
    );
  }
  return value;
}
