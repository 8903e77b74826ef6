import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, type LiveMessage } from '../../../src/watch/protocol.js';

const problem = { message: 'x.php does not parse', findings: [{ file: 'x.php', message: 'm' }] };

describe('the live-reload protocol', () => {
  it.each<[string, LiveMessage]>([
    ['hello', { type: 'hello', version: 'a-1', error: null }],
    ['hello while broken', { type: 'hello', version: 'a-1', error: problem }],
    ['reload', { type: 'reload', version: 'a-2' }],
    ['error', { type: 'error', error: problem }],
  ])('%s survives encoding', (_name, message) => {
    expect(decodeMessage(encodeMessage(message))).toEqual(message);
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '"reload"'],
    ['an unknown type', '{"type":"bye"}'],
    ['a reload without version', '{"type":"reload"}'],
    ['a numeric version', '{"type":"reload","version":2}'],
    ['an error without message', '{"type":"error","error":{}}'],
    ['a hello without error field', '{"type":"hello","version":"a-1"}'],
  ])('refuses %s', (_name, text) => {
    expect(decodeMessage(text)).toBeUndefined();
  });
});
