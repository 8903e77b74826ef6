import type { Command } from 'commander';
import path from 'node:path';
import { formatFinding } from '../../core/errors.js';
import type { LoadedSpec } from '../../core/load.js';
import { checkWritable, isStdout, writeFileAtomic } from '../../core/write-atomic.js';
import type * as Exporter from '../../export/postman.js';
import { parseBaseUrl, usage } from '../options.js';
import { colors } from '../output.js';
import { DEFAULT_SPEC } from './mock.js';

export const DEFAULT_POSTMAN_OUTPUT = 'postman_collection.json';

interface ExportPostmanFlags {
  spec: string;
  output: string;
  includeTests?: boolean;
  baseUrl?: string;
}

export function registerExportPostman(program: Command): void {
  program
    .command('export:postman')
    .alias('apidoc:export:postman')
    .description('Write a Postman Collection v2.1 of the API an OpenAPI document describes')
    .option('--spec <file>', 'OpenAPI document (JSON or YAML; 2.0, 3.0 or 3.1)', DEFAULT_SPEC)
    .option('--output <file>', 'where to write the collection', DEFAULT_POSTMAN_OUTPUT)
    .option(
      '--include-tests',
      'add tests to every request: status, JSON content type, body schema, pagination',
      false,
    )
    .option(
      '--base-url <url>',
      'value of {{baseUrl}} (default: the first server URL, else http://127.0.0.1:8081)',
    )
    .action((flags: ExportPostmanFlags) => runExportPostman(flags));
}

async function runExportPostman(flags: ExportPostmanFlags): Promise<void> {
  const output = parseOutput(flags.output);
  const baseUrl = flags.baseUrl === undefined ? undefined : parseBaseUrl(flags.baseUrl);
  const spec = await loadForExport(flags.spec);
  // Loaded on use: the exporters (the Postman SDK above all) would slow every other command's start.
  const { toPostmanCollection }: typeof Exporter = await import('../../export/postman.js');
  const collection = toPostmanCollection(spec.document, {
    includeTests: flags.includeTests === true,
    baseUrl,
  });
  await writeFileAtomic(output, JSON.stringify(collection, null, 2) + '\n');
  const folders = collection.item.length;
  const requests = collection.item.reduce((n, folder) => n + (folder.item?.length ?? 0), 0);
  const tests = flags.includeTests ? ', with tests' : '';
  reportWritten(
    'Postman collection',
    output,
    `${requests} request(s) in ${folders} folder(s)${tests}`,
  );
}

/** The output file, resolved against the working directory; checked as `checkWritable` does. */
export function parseOutput(value: string, flag = '--output'): string {
  if (value.trim() === '') throw usage(`Invalid value for ${flag}: "". Name the file to write.`);
  const resolved = path.resolve(value);
  checkWritable(value, resolved, flag);
  return resolved;
}

/** Loads the spec (a missing or broken one is a one-line UserError) and shows its load warnings. */
export async function loadForExport(file: string): Promise<LoadedSpec> {
  // The loader (and its YAML parser) loads only when an export runs, not with every command.
  const { loadSpec } = await import('../../core/load.js');
  const spec = await loadSpec(file);
  const c = colors(process.stderr);
  for (const warning of spec.warnings)
    process.stderr.write(c.yellow(`Warning: ${formatFinding(warning)}`) + '\n');
  return spec;
}

/** What was written where: on stdout, unless the file written is stdout (`/dev/stdout`). */
export function reportWritten(what: string, file: string, summary: string): void {
  const stream = isStdout(file) ? process.stderr : process.stdout;
  const c = colors(stream);
  stream.write(`${c.green(`${what} written to`)} ${c.bold(file)} (${summary})\n`);
}
