#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { UserError } from '../core/errors.js';
import { registerMock } from './commands/mock.js';
import { registerGenerate } from './commands/generate.js';
import { registerGenerateOptimized } from './commands/generate-optimized.js';
import { registerCache } from './commands/cache.js';
import { registerExportPostman } from './commands/export-postman.js';
import { registerExportInsomnia } from './commands/export-insomnia.js';
import { registerWatch } from './commands/watch.js';
import { registerVerify } from './commands/verify.js';
import { colors } from './output.js';
import { keepRunningWhenOutputCloses } from './stdio.js';

const { name, version } = createRequire(import.meta.url)('../../package.json') as {
  name: string;
  version: string;
};

/** The CLI is a thin shell: parse flags, call the library, print. Errors are handled here only. */
export async function main(argv: string[]): Promise<number> {
  keepRunningWhenOutputCloses();
  const program = new Command('apidoc')
    .description('OpenAPI documents from Laravel source, and a mock server for them')
    // The package's name with the version: the command is `apidoc`, the package another name.
    .version(`${name} ${version}`)
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: true })
    .exitOverride();
  registerMock(program);
  registerGenerate(program);
  registerGenerateOptimized(program);
  registerCache(program);
  registerExportPostman(program);
  registerExportInsomnia(program);
  registerWatch(program);
  registerVerify(program);
  program.commands.forEach((command) => command.exitOverride());
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    return report(error);
  }
}

function report(error: unknown): number {
  const c = colors(process.stderr);
  if (error instanceof CommanderError) {
    // --help and --version land here with exit code 0; usage errors were already printed.
    return error.exitCode === 0 ? 0 : 2;
  }
  if (error instanceof UserError) {
    process.stderr.write(`${c.red('Error:')} ${error.message}\n`);
    if (error.hint) process.stderr.write(`${error.hint}\n`);
    return error.exitCode;
  }
  process.stderr.write(`${c.red('Internal error (a bug in apidoc; please report it):')}\n`);
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 1;
}

main(process.argv).then((code) => {
  process.exitCode = code;
});
