import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import type { WatchEvent } from '../../../src/watch/events.js';
import { reportEvent, type Paint } from '../../../src/watch/report.js';

const plain: Paint = { dim: (t) => t, red: (t) => t, green: (t) => t, yellow: (t) => t };
const marked: Paint = {
  dim: (t) => `<dim>${t}</dim>`,
  red: (t) => `<red>${t}</red>`,
  green: (t) => `<green>${t}</green>`,
  yellow: (t) => `<yellow>${t}</yellow>`,
};
const stats = { files: 19, analysed: 1, operations: 14, schemas: 9, ms: 12 };
const none = { added: [], removed: [], changed: [] };
const regenerated = (over: Partial<Extract<WatchEvent, { type: 'regenerated' }>>): WatchEvent => ({
  type: 'regenerated',
  files: ['app/Http/Requests/StoreUserRequest.php'],
  ms: 42,
  diff: none,
  changed: true,
  stats,
  newWarnings: [],
  recovered: false,
  ...over,
});

describe('reportEvent', () => {
  it.each<[string, { given: WatchEvent; want: { out: string[]; err: string[] } }]>([
    [
      'operations changed',
      {
        given: regenerated({ diff: { ...none, changed: ['POST /api/users'] } }),
        want: {
          out: [
            '12:00:01 app/Http/Requests/StoreUserRequest.php changed: regenerated in 42 ms, operations: 1 changed',
            '  ~ POST /api/users',
          ],
          err: [],
        },
      },
    ],
    [
      'operations added and removed, several files',
      {
        given: regenerated({
          files: ['a.php', 'b.php', 'c.php', 'd.php', 'e.php'],
          diff: { added: ['GET /api/ping'], removed: ['DELETE /api/users/{user}'], changed: [] },
        }),
        want: {
          out: [
            '12:00:01 a.php, b.php, c.php and 2 more changed: regenerated in 42 ms, operations: 1 added, 1 removed',
            '  + GET /api/ping',
            '  - DELETE /api/users/{user}',
          ],
          err: [],
        },
      },
    ],
    [
      'a change that leaves the operations alone',
      {
        given: regenerated({}),
        want: {
          out: [
            '12:00:01 app/Http/Requests/StoreUserRequest.php changed: regenerated in 42 ms, no operation changed',
          ],
          err: [],
        },
      },
    ],
    [
      'the same document, after a fix, with a new warning',
      {
        given: regenerated({
          changed: false,
          recovered: true,
          newWarnings: [{ file: 'routes/api.php', line: 3, message: 'unknown controller' }],
        }),
        want: {
          out: [
            '12:00:01 app/Http/Requests/StoreUserRequest.php changed: regenerated in 42 ms (fixed), the document is unchanged',
          ],
          err: ['Warning: routes/api.php:3: unknown controller'],
        },
      },
    ],
    [
      'a file that does not parse',
      {
        given: {
          type: 'broken',
          files: ['x.php'],
          ms: 9,
          problem: {
            message: 'x.php does not parse: showing the last good document.',
            findings: [{ file: 'x.php', line: 4, message: 'cannot parse: syntax error' }],
          },
        },
        want: {
          out: [],
          err: [
            '12:00:01 x.php changed: x.php does not parse: showing the last good document.',
            '  x.php:4: cannot parse: syntax error',
          ],
        },
      },
    ],
    [
      'a UserError while writing (no stack)',
      {
        given: {
          type: 'broken',
          files: ['x.php'],
          ms: 9,
          problem: {
            message: 'Cannot write out.json: EACCES: showing the last good document.',
            findings: [],
          },
          error: new UserError('Cannot write out.json: EACCES'),
        },
        want: {
          out: [],
          err: [
            '12:00:01 x.php changed: Cannot write out.json: EACCES: showing the last good document.',
          ],
        },
      },
    ],
    [
      'the watcher failing',
      {
        given: {
          type: 'watcher-error',
          error: new Error('ENOSPC: System limit for number of file watchers reached'),
        },
        want: {
          out: [],
          err: ['Watching failed: ENOSPC: System limit for number of file watchers reached'],
        },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(reportEvent(given, '12:00:01', plain)).toEqual(want);
  });

  it('prints the stack of a bug', () => {
    const bug = new TypeError('x is undefined');
    const { err } = reportEvent(
      {
        type: 'broken',
        files: ['x.php'],
        ms: 1,
        problem: { message: 'm', findings: [] },
        error: bug,
      },
      '12:00:01',
      plain,
    );
    expect(err[1]).toBe(bug.stack);
  });

  it('colours each stream with its own paint', () => {
    const lines = reportEvent(
      regenerated({ diff: { ...none, added: ['GET /a'] }, newWarnings: [{ message: 'w' }] }),
      '12:00:01',
      plain,
      marked,
    );
    expect(lines.out[0]).toMatch(/^12:00:01 /);
    expect(lines.err).toEqual(['<yellow>Warning: w</yellow>']);
  });
});
