import { describe, expect, it } from 'vitest';
import {
  bareCommand,
  codeBlocks,
  consoleSteps,
  helpDefaults,
  helpOptions,
  invocations,
  mapPorts,
  optionTables,
  outputMatches,
  serverCommand,
  shellCommands,
  withFlag,
} from '../../support/markdown-blocks.js';

describe('codeBlocks', () => {
  it.each([
    [
      'a block with its language',
      'text\n\n```sh\napidoc --version\n```\n',
      [{ line: 3, lang: 'sh', body: 'apidoc --version', markers: [] }],
    ],
    [
      'markers above it, blank lines between',
      '<!-- not run: needs a Laravel app -->\n<!-- run in: examples/laravel-app -->\n\n```bash\nx\n```',
      [
        {
          line: 4,
          lang: 'bash',
          body: 'x',
          markers: [
            { kind: 'not run', value: 'needs a Laravel app' },
            { kind: 'run in', value: 'examples/laravel-app' },
          ],
        },
      ],
    ],
    [
      'a marker with prose after it belongs to no block',
      '<!-- not run: x -->\nSome prose.\n\n```sh\ny\n```',
      [{ line: 4, lang: 'sh', body: 'y', markers: [] }],
    ],
    [
      'no language, a longer fence, indented in a list',
      '- item\n\n  ````\n  a\n  ```\n  b\n  ````\n',
      [{ line: 3, lang: '', body: 'a\n```\nb', markers: [] }],
    ],
  ])('%s', (_name, markdown, want) => {
    expect(codeBlocks(markdown)).toEqual(want);
  });
});

describe('shellCommands', () => {
  it.each([
    ['one per line', 'a\nb', ['a', 'b']],
    [
      'comments and blank lines left out',
      '#!/usr/bin/env bash\n# note\n\na # inline stays',
      ['a # inline stays'],
    ],
    [
      'continued lines joined',
      "curl -X POST x \\\n  -d '{}'\nnext",
      ["curl -X POST x   -d '{}'", 'next'],
    ],
  ])('%s', (_name, body, want) => {
    expect(shellCommands(body).map((c) => c.text)).toEqual(want);
  });
});

describe('consoleSteps', () => {
  it('splits commands from their output', () => {
    expect(consoleSteps('$ a \\\n  --b\nout 1\nout 2\n\n$ c\n')).toEqual([
      { text: 'a   --b', line: 1, expected: ['out 1', 'out 2'] },
      { text: 'c', line: 6, expected: [] },
    ]);
  });

  it('refuses output before the first command', () => {
    expect(() => consoleSteps('out\n$ a')).toThrow(/output before/);
  });
});

describe('outputMatches', () => {
  it.each([
    ['equal lines', ['a', 'b'], ['a', 'b'], true],
    ['trailing spaces and a final blank line ignored', ['a'], ['a  ', ''], true],
    ['a different line', ['a'], ['b'], false],
    ['a missing line', ['a', 'b'], ['a'], false],
    ['... stands for any lines', ['a', '...', 'z'], ['a', 'b', 'c', 'z'], true],
    ['... for no line at all', ['a', '...', 'z'], ['a', 'z'], true],
    ['... at the end', ['a', '...'], ['a', 'b'], true],
    ['... within a line', ['{"data":{"id":7,...}}'], ['{"data":{"id":7,"title":"x"}}'], true],
    ['... within a line, not matching', ['{"id":7,...'], ['{"id":8}'], false],
    ['regex characters are literal', ['a.b (c)'], ['aXb (c)'], false],
  ])('%s', (_name, expected, actual, want) => {
    expect(outputMatches(expected, actual)).toBe(want);
  });
});

describe('serverCommand', () => {
  it.each([
    ['not a server', 'apidoc generate', undefined],
    [
      'the mock with its default port',
      'apidoc mock --spec examples/openapi.yaml &  # in the background',
      {
        command: 'mock',
        text: 'apidoc mock --spec examples/openapi.yaml',
        ports: [{ flag: '--port', declared: 8081 }],
        readyFile: undefined,
      },
    ],
    [
      'a port and a ready file',
      'npx apidoc mock --port 9000 --ready-file .url',
      {
        command: 'mock',
        text: 'npx apidoc mock --port 9000 --ready-file .url',
        ports: [{ flag: '--port', declared: 9000 }],
        readyFile: '.url',
      },
    ],
    [
      'watch with its mock',
      'apidoc watch --project x --mock',
      {
        command: 'watch',
        text: 'apidoc watch --project x --mock',
        ports: [
          { flag: '--port', declared: 8080 },
          { flag: '--mock-port', declared: 8081 },
        ],
        readyFile: undefined,
      },
    ],
    [
      'a mock-port without --mock',
      'apidoc watch --mock-port 9',
      {
        command: 'watch',
        text: 'apidoc watch --mock-port 9',
        ports: [{ flag: '--port', declared: 8080 }],
        readyFile: undefined,
      },
    ],
  ])('%s', (_name, text, want) => {
    expect(serverCommand(text)).toEqual(want);
  });

  it.each([
    ['a trailing & and comment', 'a b &   # c', 'a b'],
    ['a # inside a word stays', "curl 'x#y'", "curl 'x#y'"],
  ])('bareCommand: %s', (_name, text, want) => {
    expect(bareCommand(text)).toBe(want);
  });
});

describe('withFlag and mapPorts', () => {
  it.each([
    [
      'replaces a value',
      'apidoc mock --port 9000 --quiet',
      '--port',
      '5',
      'apidoc mock --port 5 --quiet',
    ],
    [
      'replaces a value written with =',
      'apidoc mock --port=9000',
      '--port',
      '5',
      'apidoc mock --port 5',
    ],
    ['appends the flag', 'apidoc mock', '--port', '5', 'apidoc mock --port 5'],
    [
      'leaves a longer flag alone',
      'apidoc watch --mock-port 9',
      '--port',
      '5',
      'apidoc watch --mock-port 9 --port 5',
    ],
  ])('withFlag %s', (_name, text, flag, value, want) => {
    expect(withFlag(text, flag, value)).toBe(want);
  });

  it('maps the ports it knows, on loopback addresses only', () => {
    const ports = new Map([[8081, 40001]]);
    expect(
      mapPorts('http://127.0.0.1:8081/a localhost:8081 127.0.0.1:8000 x.com:8081', ports),
    ).toBe('http://127.0.0.1:40001/a localhost:40001 127.0.0.1:8000 x.com:8081');
  });
});

const HELP = `Usage: apidoc mock [options]

Options:
  --host <address>   address to bind (default:
                     "127.0.0.1")
  --strict           refuse to start (default: false)
  --proxy-fallback   answered by the mock (default)
  --no-proxy-fallback
                     always pass the backend's answer on
  --workers <n>      threads (default: the number of cores, 2 here)
  -h, --help         display help for command

Global Options:
  -V, --version      output the version number
`;

describe('help text', () => {
  it('lists the long options, --help and --version aside', () => {
    expect(helpOptions(HELP)).toEqual([
      '--host',
      '--strict',
      '--proxy-fallback',
      '--no-proxy-fallback',
      '--workers',
    ]);
  });

  it('reads the defaults, wrapped or quoted', () => {
    expect([...helpDefaults(HELP)]).toEqual([
      ['--host', '127.0.0.1'],
      ['--strict', 'false'],
      ['--workers', 'the number of cores, 2 here'],
    ]);
  });
});

describe('optionTables', () => {
  it('reads the table under an options marker', () => {
    const page = [
      '<!-- options: apidoc mock -->',
      '',
      '| Option | Default | Meaning | Example |',
      '| --- | --- | --- | --- |',
      '| `--port <number>` | `8081` | the port \\| the other | `--port 9000` |',
      '| `--proxy-fallback`, `--no-proxy-fallback` | on | fallback | `--no-proxy-fallback` |',
      '',
      '| Not | an option table |',
    ].join('\n');
    expect(optionTables(page)).toEqual([
      {
        command: 'mock',
        header: ['Option', 'Default', 'Meaning', 'Example'],
        rows: [
          {
            names: ['--port'],
            cells: ['`--port <number>`', '`8081`', 'the port \\| the other', '`--port 9000`'],
          },
          {
            names: ['--proxy-fallback', '--no-proxy-fallback'],
            cells: [
              '`--proxy-fallback`, `--no-proxy-fallback`',
              'on',
              'fallback',
              '`--no-proxy-fallback`',
            ],
          },
        ],
      },
    ]);
  });
});

describe('invocations', () => {
  it.each([
    [
      'a command and its options',
      'apidoc mock --spec x.yaml --port 9000',
      [{ command: 'mock', options: ['--spec', '--port'] }],
    ],
    [
      'npx, a prefix, a pipe',
      'npx apidoc apidoc:generate --no-cache | tee x --y',
      [{ command: 'generate', options: ['--no-cache'] }],
    ],
    [
      'a subcommand',
      'apidoc cache clear --project .',
      [{ command: 'cache clear', options: ['--project'] }],
    ],
    [
      'two on a line',
      'apidoc generate && apidoc mock --quiet',
      [
        { command: 'generate', options: [] },
        { command: 'mock', options: ['--quiet'] },
      ],
    ],
    [
      'a console prompt and a comment',
      '$ apidoc verify --dry-run # --not-this',
      [{ command: 'verify', options: ['--dry-run'] }],
    ],
    ['the package name is no command', 'npm install laravel-apidoc && apidoc --version', []],
  ])('%s', (_name, text, want) => {
    expect(invocations(text)).toEqual(want);
  });
});
