// Command-line flags of laravel-apps/run.mjs. Every flag and its default is listed in USAGE.

export const USAGE = `Usage: node laravel-apps/run.mjs [options]

Runs the built generator (dist/) on every real Laravel application of ../shared/laravel-apps,
prints a table of figures per app and compares them with the committed ones
(laravel-apps/figures.json): a figure that got worse fails the run (exit 1).

  --apps <dir>       the folder of apps (default: $APIDOC_LARAVEL_APPS, else ../shared/laravel-apps)
  --only <name>      only this app (repeatable); the others keep their committed figures
  --check            compare only: never write figures.json (CI)
  --accept           write figures.json even when a figure got worse
  --details <dir>    write each app's document and what it misses against its reference
                     (default laravel-apps/.results; "-" for none)
  --misses           print what the apps' tests assert and the document misses, by cause
                     and by operation, each with the test's file:line
  --dist <dir>       the build to run (default dist/)
  --help`;

export class UsageError extends Error {}

export function parseFlags(argv) {
  const flags = { only: [], check: false, accept: false, help: false, misses: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--apps') flags.apps = value();
    else if (arg === '--only') flags.only.push(value());
    else if (arg === '--check') flags.check = true;
    else if (arg === '--accept') flags.accept = true;
    else if (arg === '--details') flags.details = value();
    else if (arg === '--dist') flags.dist = value();
    else if (arg === '--misses') flags.misses = true;
    else if (arg === '--help' || arg === '-h') flags.help = true;
    else throw new UsageError(`unknown option ${arg}`);
  }
  if (flags.check && flags.accept) throw new UsageError('--check and --accept exclude each other');
  return flags;
}
