/**
 * What the docs examples tests read from Markdown: fenced code blocks with the HTML-comment
 * markers written above them, shell commands and console sessions inside them, and the option
 * tables of the command pages. Pure functions; running them is `docs-runner.ts`'s job.
 *
 * Markers (HTML comments on the lines just above a fence, blank lines allowed between):
 * - `<!-- not run: <reason> -->` — the block is not executed, for the reason given;
 * - `<!-- run in: <dir> -->` — its working directory, relative to the page's scratch copy of
 *   `examples/` (by default the folder that holds `examples/`, as the repository root does);
 * - `<!-- server: <command> -->` — a server the page started in a block it could not run
 *   (such as `npm start`), started before this block as if it were written in it;
 * - `<!-- file: <name> -->` — a block of any language written to that file in the working
 *   directory, for the shell blocks after it to use (a test module that `node` runs);
 * - `<!-- options: apidoc <command> -->` — above a table: the options of that command.
 */

export const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console']);

export interface Marker {
  kind: 'not run' | 'run in' | 'server' | 'file' | 'options';
  value: string;
}

export interface CodeBlock {
  /** Line of the opening fence, 1-based. */
  line: number;
  /** The info string's first word ('' when the fence has none). */
  lang: string;
  body: string;
  markers: Marker[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const MARKER = /^\s*<!--\s*(not run|run in|server|file|options):\s*(.*?)\s*-->\s*$/;

/** Every fenced code block of a Markdown text, with the markers above it. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  let pending: Marker[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = MARKER.exec(line);
    if (marker) {
      pending.push({ kind: marker[1] as Marker['kind'], value: marker[2]! });
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      if (line.trim() !== '') pending = [];
      continue;
    }
    const [, indent, mark, lang] = fence as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const inner = lines[j]!;
      const trimmed = inner.trim();
      if (trimmed.startsWith(mark[0]!.repeat(mark.length)) && /^(`+|~+)$/.test(trimmed)) break;
      body.push(inner.startsWith(indent) ? inner.slice(indent.length) : inner.trimStart());
    }
    blocks.push({ line: i + 1, lang, body: body.join('\n'), markers: pending });
    pending = [];
    i = j;
  }
  return blocks;
}

/** The markers of one kind above a block. */
export function markersOf(block: CodeBlock, kind: Marker['kind']): string[] {
  return block.markers.filter((m) => m.kind === kind).map((m) => m.value);
}

export interface Command {
  text: string;
  /** Line within the block, 1-based. */
  line: number;
}

/**
 * The commands of a shell block: lines continued with a trailing backslash joined, blank lines
 * and comment lines (a shebang included) left out.
 */
export function shellCommands(body: string): Command[] {
  const commands: Command[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i]!;
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)}${lines[++i]}`;
    if (text.trim() === '' || text.trim().startsWith('#')) continue;
    commands.push({ text: text.trim(), line: start + 1 });
  }
  return commands;
}

export interface ConsoleStep extends Command {
  /** The output the page shows for the command, line by line. */
  expected: string[];
}

/** A console session: `$ command` lines (continued with `\`), each followed by its output. */
export function consoleSteps(body: string): ConsoleStep[] {
  const steps: ConsoleStep[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('$ ')) {
      const start = i;
      let text = line.slice(2);
      while (text.endsWith('\\') && i + 1 < lines.length)
        text = `${text.slice(0, -1)}${lines[++i]}`;
      steps.push({ text: text.trim(), line: start + 1, expected: [] });
    } else if (steps.length === 0) {
      if (line.trim() !== '') throw new Error(`console block: output before any "$ " command`);
    } else {
      steps.at(-1)!.expected.push(line);
    }
  }
  for (const step of steps) {
    while (step.expected.length > 0 && step.expected.at(-1)!.trim() === '') step.expected.pop();
  }
  return steps;
}

function lineMatches(expected: string, actual: string): boolean {
  if (!expected.includes('...')) return expected === actual;
  const pattern = expected
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(actual);
}

/**
 * Whether output lines match what a page shows: line by line, trailing spaces ignored; a line
 * `...` stands for any number of lines, and `...` within a line for any characters.
 */
export function outputMatches(expected: string[], actual: string[]): boolean {
  const want = expected.map((l) => l.trimEnd());
  const got = actual.map((l) => l.trimEnd());
  while (got.length > 0 && got.at(-1) === '') got.pop();
  const memo = new Map<string, boolean>();
  const match = (i: number, j: number): boolean => {
    const key = `${i}:${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === want.length) result = j === got.length;
    else if (want[i] === '...') result = match(i + 1, j) || (j < got.length && match(i, j + 1));
    else result = j < got.length && lineMatches(want[i]!, got[j]!) && match(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}

export interface ServerCommand {
  command: 'mock' | 'watch';
  /** The command line without a trailing `&` or comment. */
  text: string;
  /** The ports it listens on as written (defaults included), by flag. */
  ports: { flag: '--port' | '--mock-port'; declared: number }[];
  readyFile?: string;
}

const SERVER = /^(?:npx\s+)?apidoc\s+(?:apidoc:)?(mock|watch)(?=\s|$)/;

function flagValue(text: string, flag: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${flag}(?:=|\\s+)(\\S+)`).exec(text);
  return match?.[1];
}

/** Strips a trailing `&` and a trailing comment (` # ...`) from a command line. */
export function bareCommand(text: string): string {
  return text
    .replace(/\s+#\s.*$/, '')
    .replace(/\s*&\s*$/, '')
    .trim();
}

/** A command that starts a server (`apidoc mock`, `apidoc watch`), or undefined. */
export function serverCommand(text: string): ServerCommand | undefined {
  const bare = bareCommand(text);
  const match = SERVER.exec(bare);
  if (!match) return undefined;
  const command = match[1] as 'mock' | 'watch';
  const port = (flag: string, fallback: number) => Number(flagValue(bare, flag) ?? fallback);
  const ports: ServerCommand['ports'] = [
    { flag: '--port', declared: port('--port', command === 'mock' ? 8081 : 8080) },
  ];
  if (command === 'watch' && /(?:^|\s)--mock(?=\s|$)/.test(bare)) {
    ports.push({ flag: '--mock-port', declared: port('--mock-port', 8081) });
  }
  return { command, text: bare, ports, readyFile: flagValue(bare, '--ready-file') };
}

/** Sets a flag's value in a command line, appending the flag when it is not there. */
export function withFlag(text: string, flag: string, value: string): string {
  const pattern = new RegExp(`((?:^|\\s)${flag})(?:=|\\s+)\\S+`);
  return pattern.test(text) ? text.replace(pattern, `$1 ${value}`) : `${text} ${flag} ${value}`;
}

/** `127.0.0.1:<port>` and `localhost:<port>` in a text, each with its port. */
export function loopbackPorts(text: string): number[] {
  return [...text.matchAll(/\b(?:127\.0\.0\.1|localhost):(\d+)\b/g)].map((m) => Number(m[1]));
}

/** Replaces the ports of loopback addresses in a text as the map says. */
export function mapPorts(text: string, ports: ReadonlyMap<number, number>): string {
  return text.replace(/\b(127\.0\.0\.1|localhost):(\d+)\b/g, (all, host: string, port: string) => {
    const mapped = ports.get(Number(port));
    return mapped === undefined ? all : `${host}:${mapped}`;
  });
}

/** The long options a `--help` text lists (`--help` and `--version` aside). */
export function helpOptions(help: string): string[] {
  const options = new Set<string>();
  for (const line of help.split('\n')) {
    const match = /^\s{2}(?:-\w,\s+)?(--[\w-]+)/.exec(line);
    if (match && match[1] !== '--help' && match[1] !== '--version') options.add(match[1]!);
  }
  return [...options];
}

/** The `(default: ...)` of each long option of a `--help` text, when it shows one. */
export function helpDefaults(help: string): Map<string, string> {
  const defaults = new Map<string, string>();
  // An option's description may wrap over several lines: join them first.
  const entries = help.split(/\n(?=\s{2}-)/);
  for (const entry of entries) {
    const name = /^\s{2}(?:-\w,\s+)?(--[\w-]+)/.exec(entry)?.[1];
    const value = /\(default: ([^)]*)\)\s*$/.exec(entry.replace(/\s+/g, ' ').trim())?.[1];
    if (name && value !== undefined) defaults.set(name, value.replace(/^"(.*)"$/, '$1'));
  }
  return defaults;
}

export interface OptionRow {
  /** The long options the first cell names (`--proxy-fallback`, `--no-proxy-fallback`). */
  names: string[];
  cells: string[];
}

export interface OptionTable {
  /** The command, as the marker names it (`apidoc generate:optimized` → `generate:optimized`). */
  command: string;
  header: string[];
  rows: OptionRow[];
}

function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The option tables of a page: each Markdown table under an `<!-- options: apidoc X -->`. */
export function optionTables(markdown: string): OptionTable[] {
  const lines = markdown.split('\n');
  const tables: OptionTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    const marker = MARKER.exec(lines[i]!);
    if (!marker || marker[1] !== 'options') continue;
    const command = marker[2]!.replace(/^apidoc\s+/, '');
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() === '') j++;
    const header = cellsOf(lines[j] ?? '');
    const rows: OptionRow[] = [];
    for (j += 2; j < lines.length && lines[j]!.trim().startsWith('|'); j++) {
      const cells = cellsOf(lines[j]!);
      const names = [...(cells[0] ?? '').matchAll(/`(--[\w-]+)/g)].map((m) => m[1]!);
      rows.push({ names, cells });
    }
    tables.push({ command, header, rows });
  }
  return tables;
}

/**
 * The `apidoc <command> ...` invocations in a shell text, with the long options each passes:
 * so that no example, run or not, shows an option its command does not have.
 */
export function invocations(text: string): { command: string; options: string[] }[] {
  const found: { command: string; options: string[] }[] = [];
  for (const line of text.split('\n')) {
    const bare = line.replace(/^\$\s+/, '').replace(/\s+#\s.*$/, '');
    for (const match of bare.matchAll(
      /(?:^|[\s;&|(`])(?:npx\s+)?apidoc\s+(?:apidoc:)?([a-z]+(?::[a-z]+)?(?:\s+clear)?)((?:\s+[^\s;&|)`]+)*)/g,
    )) {
      const options = [...match[2]!.matchAll(/(?:^|\s)(--[\w-]+)/g)].map((m) => m[1]!);
      found.push({ command: match[1]!, options });
    }
  }
  return found;
}
