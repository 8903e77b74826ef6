import type { Command } from 'commander';
import { writeFileAtomic } from '../../core/write-atomic.js';
import type * as Exporter from '../../export/insomnia.js';
import { parseBaseUrl } from '../options.js';
import { loadForExport, parseOutput, reportWritten } from './export-postman.js';
import { DEFAULT_SPEC } from './mock.js';

export const DEFAULT_INSOMNIA_OUTPUT = 'insomnia.json';

interface ExportInsomniaFlags {
  spec: string;
  output: string;
  baseUrl?: string;
}

export function registerExportInsomnia(program: Command): void {
  program
    .command('export:insomnia')
    .alias('apidoc:export:insomnia')
    .description(
      'Write an Insomnia workspace (export format 4) of the API an OpenAPI document describes',
    )
    .option('--spec <file>', 'OpenAPI document (JSON or YAML; 2.0, 3.0 or 3.1)', DEFAULT_SPEC)
    .option('--output <file>', 'where to write the export', DEFAULT_INSOMNIA_OUTPUT)
    .option(
      '--base-url <url>',
      'value of base_url (default: the first server URL, else http://127.0.0.1:8081)',
    )
    .action((flags: ExportInsomniaFlags) => runExportInsomnia(flags));
}

async function runExportInsomnia(flags: ExportInsomniaFlags): Promise<void> {
  const output = parseOutput(flags.output);
  const baseUrl = flags.baseUrl === undefined ? undefined : parseBaseUrl(flags.baseUrl);
  const spec = await loadForExport(flags.spec);
  // Loaded on use: the exporters (the Postman SDK above all) would slow every other command's start.
  const { toInsomniaExport }: typeof Exporter = await import('../../export/insomnia.js');
  const exported = toInsomniaExport(spec.document, { baseUrl });
  await writeFileAtomic(output, JSON.stringify(exported, null, 2) + '\n');
  const count = (type: string) => exported.resources.filter((r) => r._type === type).length;
  reportWritten(
    'Insomnia export',
    output,
    `${count('request')} request(s) in ${count('request_group')} folder(s)`,
  );
}
