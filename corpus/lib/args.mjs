// Command-line flags of corpus/run.mjs. Every flag and its default is listed in USAGE.
import { SOURCES } from './inputs.mjs';

export const USAGE = `Usage: node corpus/run.mjs [options] [spec files...]

Runs the built mock server (dist/) on real-world OpenAPI documents, sends one generated valid
request to each operation and checks every answer with the tool's own validator.

Which documents (one of --sample, --all, --only; default --sample 100):
  --sample <n>          n documents drawn at random (seeded) from the selected sources
  --seed <n>            seed of the sample (default 1)
  --all                 every document of the selected sources
  --only <text>         documents whose id contains <text> (repeatable; with --sample, a sample of those)
  --source <list>       comma-separated: ${SOURCES.join(', ')} (default: all)
  --spec <file>         a document of your own (repeatable, or list files after the options);
                        with no --source, only those are run

How:
  --per-doc <n>         operations tested per document, spread over it (default 50; 0 = all)
  --concurrency <n>     documents at a time (default 2)
  --timeout <s>         hard limit per document, startup included (default 240)
  --request-timeout <s> a request not answered in this time is a hang (default 20)
  --delay <ms>          the server's --delay; every answer must come within it plus the slack
  --slow-ms <ms>        slack beyond --delay before an answer counts as slow (default 250)
  --max-rss <MB>        a server above this resident size is flagged (default 2048)

  --dist <dir>          the build to run (default dist/; a private copy keeps a run steady
                        while the tree is being rebuilt)

Output:
  --out <file>          JSON summary (default corpus/results/<date>.json; "-" for none)
  --verbose             print every failure, not only the grouped causes
  --help`;

export class UsageError extends Error {}

const DEFAULTS = {
  sample: undefined,
  seed: 1,
  all: false,
  only: [],
  specs: [],
  sources: undefined,
  perDoc: 50,
  concurrency: 2,
  timeout: 240,
  requestTimeout: 20,
  delay: 0,
  slowMs: 250,
  maxRss: 2048,
  out: undefined,
  dist: undefined,
  verbose: false,
  help: false,
};

const NUMBERS = {
  '--sample': ['sample', 1],
  '--seed': ['seed', 0],
  '--per-doc': ['perDoc', 0],
  '--concurrency': ['concurrency', 1],
  '--timeout': ['timeout', 1],
  '--request-timeout': ['requestTimeout', 1],
  '--delay': ['delay', 0],
  '--slow-ms': ['slowMs', 1],
  '--max-rss': ['maxRss', 1],
};

export function parseFlags(argv) {
  const flags = { ...DEFAULTS, only: [], specs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${name} needs a value`);
      return v;
    };
    if (NUMBERS[name]) {
      const [key, min] = NUMBERS[name];
      const n = Number(value());
      if (!Number.isInteger(n) || n < min) {
        throw new UsageError(`${name} must be an integer of at least ${min}`);
      }
      flags[key] = n;
    } else if (name === '--all') flags.all = true;
    else if (name === '--only') flags.only.push(value());
    else if (name === '--source') flags.sources = parseSources(value());
    else if (name === '--spec') flags.specs.push(value());
    else if (name === '--out') flags.out = value();
    else if (name === '--dist') flags.dist = value();
    else if (name === '--verbose') flags.verbose = true;
    else if (name === '--help' || name === '-h') flags.help = true;
    else if (!arg.startsWith('-')) flags.specs.push(arg);
    else throw new UsageError(`unknown option ${arg}`);
  }
  if (flags.all && flags.sample !== undefined) {
    throw new UsageError('--all and --sample exclude each other');
  }
  flags.sources ??= flags.specs.length > 0 ? [] : SOURCES;
  const chosen = flags.all || flags.sample !== undefined || flags.only.length > 0;
  if (!chosen) {
    if (flags.sources.length > 0) flags.sample = 100;
    else flags.all = true;
  }
  return flags;
}

function parseSources(text) {
  const names = text.split(',').map((s) => s.trim());
  for (const name of names) {
    if (!SOURCES.includes(name)) {
      throw new UsageError(`--source: unknown source "${name}" (use ${SOURCES.join(', ')})`);
    }
  }
  return names;
}
