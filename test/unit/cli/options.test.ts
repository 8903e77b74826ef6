import { describe, expect, it } from 'vitest';
import {
  parseChoice,
  parseHost,
  parseNonNegativeInt,
  parsePort,
} from '../../../src/cli/options.js';

describe('option parsers', () => {
  it.each([
    ['port', () => parsePort('8081'), 8081],
    ['port 0', () => parsePort('0'), 0],
    ['delay', () => parseNonNegativeInt('250', '--delay'), 250],
    ['scenario', () => parseChoice('empty', '--scenario', ['success', 'empty']), 'empty'],
    ['host', () => parseHost('0.0.0.0'), '0.0.0.0'],
  ])('accepts %s', (_name, parse, want) => {
    expect(parse()).toBe(want);
  });

  it.each([
    [
      'a word as port',
      () => parsePort('abc'),
      'Invalid value for --port: "abc". Use an integer from 0 to 65535 (0 picks a free port).',
    ],
    [
      'a port too large',
      () => parsePort('70000'),
      'Invalid value for --port: "70000". Use an integer from 0 to 65535 (0 picks a free port).',
    ],
    [
      'a negative delay',
      () => parseNonNegativeInt('-5', '--delay', ' of milliseconds'),
      'Invalid value for --delay: "-5". Use a whole number of milliseconds of 0 or more.',
    ],
    [
      'an unknown scenario',
      () => parseChoice('bogus', '--scenario', ['success', 'error']),
      'Invalid value for --scenario: "bogus". Use one of: success, error.',
    ],
    [
      'an empty host',
      () => parseHost(' '),
      'Invalid value for --host: " ". Use an address such as 127.0.0.1, 0.0.0.0 or localhost.',
    ],
  ])('refuses %s with exit code 2', (_name, parse, message) => {
    expect(parse).toThrow(message);
    try {
      parse();
    } catch (error) {
      expect((error as { exitCode: number }).exitCode).toBe(2);
    }
  });
});
