import { parseArgs } from 'node:util';

export const CASES = ['small', 'github', 'graph'];

export const USAGE = `Usage: npm run bench -- [options]   (or: node bench/run.mjs [options])

  --only <case>        small, github or graph; repeat to run several (default: all three)
  --skip-prism         leave Stoplight Prism out (and do not install it)
  --graph-prism        also start Prism on Microsoft Graph beta (very slow)
  --duration <s>       seconds of load per round (default 5)
  --rounds <n>         rounds per case; each round loads every server once (default 3)
  --connections <n>    autocannon connections (default 50)
  --warmup <s>         seconds of untimed load per server before the rounds (default 1; 0 for none)
  --small-spec <file>  the small case's document (default examples/openapi.yaml)
  --out <file>         where to write the JSON results (default bench/results/latest.json)
  --no-out             do not write JSON
  --markdown           print the tables as Markdown (for bench/README.md)
  -h, --help           this help`;

export class UsageError extends Error {}

/** Parses the command line; throws UsageError with a one-line message. */
export function parseFlags(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      strict: true,
      options: {
        only: { type: 'string', multiple: true },
        'skip-prism': { type: 'boolean', default: false },
        'graph-prism': { type: 'boolean', default: false },
        duration: { type: 'string', default: '5' },
        rounds: { type: 'string', default: '3' },
        connections: { type: 'string', default: '50' },
        warmup: { type: 'string', default: '1' },
        'small-spec': { type: 'string' },
        out: { type: 'string' },
        'no-out': { type: 'boolean', default: false },
        markdown: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  const only = values.only ?? CASES;
  for (const name of only) {
    if (!CASES.includes(name)) {
      throw new UsageError(`Invalid value for --only: "${name}". Use one of: ${CASES.join(', ')}.`);
    }
  }
  return {
    help: values.help,
    cases: CASES.filter((name) => only.includes(name)),
    skipPrism: values['skip-prism'],
    graphPrism: values['graph-prism'] && !values['skip-prism'],
    duration: number(values.duration, '--duration', 1, 3600),
    rounds: number(values.rounds, '--rounds', 1, 100),
    connections: number(values.connections, '--connections', 1, 10000),
    warmup: number(values.warmup, '--warmup', 0, 600),
    smallSpec: values['small-spec'],
    out: values['no-out'] ? null : values.out,
    markdown: values.markdown,
  };
}

function number(text, flag, min, max) {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max) {
    throw new UsageError(
      `Invalid value for ${flag}: "${text}". Use a whole number from ${min} to ${max}.`,
    );
  }
  return n;
}
