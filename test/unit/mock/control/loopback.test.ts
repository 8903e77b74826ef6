import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHost } from '../../../../src/mock/control/loopback.js';

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['localhost:8081', true],
    ['LOCALHOST.', true],
    ['app.localhost:3000', true],
    ['127.0.0.1', true],
    ['127.0.0.1:8081', true],
    ['127.255.1.2:80', true],
    ['[::1]', true],
    ['[::1]:8081', true],
    ['[::ffff:127.0.0.1]:8081', true],
    ['evil.example', false],
    ['evil.example:8081', false],
    ['localhost.evil.example', false],
    ['notlocalhost', false],
    ['128.0.0.1', false],
    ['0.0.0.0:8081', false],
    ['192.168.1.5:8081', false],
    ['[::2]:8081', false],
    ['[::ffff:10.0.0.1]', false],
    ['', false],
  ])('%j → %s', (host, want) => {
    expect(isLoopbackHost(host)).toBe(want);
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    [undefined, false],
  ])('%j → %s', (address, want) => {
    expect(isLoopbackAddress(address)).toBe(want);
  });
});
