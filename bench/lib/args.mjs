import { parseArgs } from 'node:util';

export const CASES = ['small', 'stateful', 'github', 'graph', 'corpus', 'proxy'];
/** What a run without --only or --corpus measures: the corpus case takes longer, on request. */
const DEFAULT_CASES = ['small', 'github', 'graph'];
/** Seconds per round when only the corpus case runs: 30 operations, two servers each. */
const CORPUS_DURATION = '2';

export const USAGE = `Usage: npm run bench -- [options]   (or: node bench/run.mjs [options])

  --only <case>        small, stateful, github, graph, corpus or proxy; repeat to run
                       several (default: small, github and graph); proxy: the bare server
                       through \`apidoc mock --proxy\` and directly, on the small spec
  --corpus             the corpus case alone: 30 operations of 10 real documents, each
                       against the bare server (rounds of 2 s unless --duration says)
  --skip-prism         leave Stoplight Prism out (and do not install it)
  --graph-prism        also start Prism on Microsoft Graph beta (very slow)
  --duration <s>       seconds of load per round (default 5; 2 with --corpus)
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
        corpus: { type: 'boolean', default: false },
        'skip-prism': { type: 'boolean', default: false },
        'graph-prism': { type: 'boolean', default: false },
        duration: { type: 'string' },
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
  const only = values.only ?? (values.corpus ? [] : DEFAULT_CASES);
  if (values.corpus) only.push('corpus');
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
    duration: number(
      values.duration ?? (only.length === 1 && only[0] === 'corpus' ? CORPUS_DURATION : '5'),
      '--duration',
      1,
      3600,
    ),
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
