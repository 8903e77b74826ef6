import { describe, expect, it } from 'vitest';
import { openCommand } from '../../../src/watch/open.js';

describe('openCommand', () => {
  const url = 'http://127.0.0.1:8080';
  it.each<[NodeJS.Platform, string, string[]]>([
    ['linux', 'xdg-open', [url]],
    ['freebsd', 'xdg-open', [url]],
    ['darwin', 'open', [url]],
    ['win32', 'explorer.exe', [url]],
  ])('%s: %s', (platform, command, args) => {
    expect(openCommand(url, platform)).toEqual({ command, args });
  });
});
