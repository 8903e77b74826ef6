// The hostile requests, by family. Each case is { family, name, parts, expect?, head?,
// allow5xx?, mayClose? }: `parts` are the bytes sent (a number is a pause in ms), `expect` how
// many responses a well-behaved server sends back (1), `mayClose` that the server may close
// the connection after fewer (after an error on a pipelined connection). They are made for the
// spec test/fixtures/specs/hardening.yaml (users, categories, notes).
import { Buffer } from 'node:buffer';
import { request } from './client.mjs';

const HOST = { Host: 'fuzz.test', Connection: 'close' };
const MiB = 1024 * 1024;

/** A small seeded generator (mulberry32): the same --seed sends the same bytes. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max) => Math.floor(next() * max),
    pick: (list) => list[Math.floor(next() * list.length)],
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => Math.floor(next() * 256))),
  };
}

const post = (target, type, body, extra = {}) =>
  request(
    'POST',
    target,
    { ...HOST, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...extra },
    body,
  );

const nested = (depth) => '['.repeat(depth) + ']'.repeat(depth);
const many = (count, make) => Array.from({ length: count }, (_, i) => make(i)).join('');

function multipart(parts, boundary = 'fuzzfuzz') {
  const body = parts
    .map(
      ([name, value, headers = '']) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${headers}\r\n\r\n${value}\r\n`,
    )
    .join('');
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${body}--${boundary}--\r\n` };
}

/** Malformed bodies of every media type the mock reads, to operations that read them. */
function bodies(scale) {
  const json = [
    ['truncated', '{"name":'],
    ['trailing garbage', '{"name":"a","role":"admin"}}'],
    ['a bare word', 'nul'],
    ['nested 600 deep', nested(600)],
    ['nested 100,000 deep', nested(100_000)],
    ['nested 5,000,000 deep (10 MB)', scale >= 1 ? nested(5_000_000) : nested(500_000)],
    [
      'invalid UTF-8 in a string',
      Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    ],
    ['a lone surrogate escape', '{"name":"\\ud800","role":"admin"}'],
    ['a BOM first', '\ufeff{"name":"a","role":"admin"}'],
    [
      'numbers past double',
      '{"name":"a","role":"admin","tags":[1e999,-1e999,123456789012345678901234567890]}',
    ],
    ['a 9 MB string', `{"name":"${'a'.repeat(scale >= 1 ? 9 * MiB : MiB)}","role":"admin"}`],
    [
      '100,000 keys',
      `{${many(scale >= 1 ? 100_000 : 20_000, (i) => `"k${i}":${i},`)}"name":"a","role":"admin"}`,
    ],
    [
      'an array of a million numbers',
      `{"name":"a","role":"admin","tags":[${many(scale >= 1 ? 1_000_000 : 100_000, (i) => `${i},`)}0]}`,
    ],
    ['__proto__ keys', '{"__proto__":{"role":"admin"},"name":"a"}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"role":"admin"}},"name":"a"}'],
    ['a value that backtracks', `{"name":"${'a'.repeat(80)}!","role":"admin"}`],
  ];
  const form = [
    ['a sparse index', 'name=a&role=admin&tags[10000000]=x'],
    ['a negative and a huge index', 'tags[-1]=x&tags[99999999999999999999]=y&name=a&role=admin'],
    ['nested 5,000 deep', `x${'[a]'.repeat(5000)}=1`],
    ['1,001 fields', many(1001, (i) => `f${i}=1&`)],
    ['5 million empty pairs', '&'.repeat(scale >= 1 ? 5 * MiB : MiB)],
    ['a million pairs', many(scale >= 1 ? 1_000_000 : 100_000, () => 'a=1&')],
    ['bad percent escapes', 'name=%zz%&role=%E0%A4%A&tags[]=%'],
    ['__proto__[role]', 'name=a&__proto__[role]=admin'],
    ['constructor[prototype]', 'name=a&constructor[prototype][role]=admin'],
    ['brackets that do not close', 'a[b=1&]]]=2&[x]=3&a[][][][]=4&=5'],
    ['a 9 MB value', `name=${'a'.repeat(scale >= 1 ? 9 * MiB : MiB)}&role=admin`],
  ];
  const parts = [
    [
      'two parts',
      multipart([
        ['name', 'a'],
        ['role', 'admin'],
      ]),
    ],
    ['2,000 parts', multipart(Array.from({ length: 2000 }, (_, i) => [`f${i}`, 'x']))],
    ['a name 5,000 deep', multipart([[`x${'[a]'.repeat(5000)}`, '1']])],
    [
      '__proto__ names',
      multipart([
        ['__proto__[role]', 'admin'],
        ['name', 'a'],
      ]),
    ],
    [
      'a sparse index',
      multipart([
        ['tags[10000000]', 'x'],
        ['name', 'a'],
        ['role', 'admin'],
      ]),
    ],
    [
      'a JSON part nested 100,000 deep',
      multipart([['profile', nested(100_000), '\r\nContent-Type: application/json']]),
    ],
    [
      'a JSON part of invalid UTF-8',
      multipart([['profile', '{"bio":"\xff"}', '\r\nContent-Type: application/json']]),
    ],
    ['part headers of 1 MB', multipart([['name', 'a', `\r\nX-Pad: ${'p'.repeat(MiB)}`]])],
  ].map(([name, { type, body }]) => [name, type, body]);
  parts.push(
    ['no boundary', 'multipart/form-data', '--x\r\n\r\n'],
    [
      'no closing delimiter',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
    ],
    ['an empty boundary', 'multipart/form-data; boundary=', '----\r\n'],
    ['a boundary in quotes, never used', 'multipart/form-data; boundary="q q"', 'just text'],
  );
  const other = [
    ['text/plain', '/api/notes', 'text/plain', 'a note'],
    ['text of invalid UTF-8', '/api/notes', 'text/plain', Buffer.from([0xff, 0xfe, 0x00, 0x41])],
    ['an unknown media type', '/api/users', 'application/x-fuzz', 'bytes'],
    [
      'JSON in UTF-16',
      '/api/users',
      'application/json; charset=utf-16',
      Buffer.from('{"name":"a"}', 'utf16le'),
    ],
    [
      'a type with 5 KB of parameters',
      '/api/users',
      `application/json;${';a=b'.repeat(1200)}`,
      '{}',
    ],
    ['a type that is all separators', '/api/users', ';;;,,,', '{}'],
  ];
  return [
    ...json.map(([name, body]) => ({
      name: `JSON: ${name}`,
      parts: [post('/api/users', 'application/json', body)],
    })),
    // A 413 comes before the body is read; the client, still sending, may see the connection
    // reset before it reads the answer (Node has no lingering close).
    {
      name: 'JSON: over 10 MiB',
      parts: [post('/api/users', 'application/json', `"${'x'.repeat(10 * MiB + 10)}"`)],
      mayClose: true,
    },
    ...json.slice(0, 4).map(([name, body]) => ({
      name: `JSON to a PUT: ${name}`,
      parts: [
        request(
          'PUT',
          '/api/users/1',
          {
            ...HOST,
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
          },
          body,
        ),
      ],
    })),
    ...form.map(([name, body]) => ({
      name: `form: ${name}`,
      parts: [post('/api/users', 'application/x-www-form-urlencoded', body)],
    })),
    // Forms are read on every operation, a JSON-only one too.
    ...form.slice(0, 4).map(([name, body]) => ({
      name: `form to a JSON-only PUT: ${name}`,
      parts: [
        request(
          'PUT',
          '/api/users/1',
          {
            ...HOST,
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': Buffer.byteLength(body),
          },
          body,
        ),
      ],
    })),
    ...parts.map(([name, type, body]) => ({
      name: `multipart: ${name}`,
      parts: [post('/api/users', type, body)],
    })),
    ...other.map(([name, target, type, body]) => ({
      name: `body: ${name}`,
      parts: [post(target, type, body)],
    })),
  ].map((c) => ({ family: 'bodies', ...c }));
}

/** Framing: what Content-Length and Transfer-Encoding may lie about. */
function framing() {
  const body = '{"name":"a","role":"admin"}';
  const head = (headers) =>
    request('POST', '/api/users', {
      Host: 'fuzz.test',
      'Content-Type': 'application/json',
      ...headers,
    });
  return [
    [
      'Content-Length shorter than the body',
      [head({ 'Content-Length': 5, Connection: 'close' }), body],
      true,
    ],
    [
      'two different Content-Lengths',
      [head({ 'Content-Length': [27, 28], Connection: 'close' }), body],
    ],
    [
      'Content-Length and chunked',
      [
        head({ 'Content-Length': 27, 'Transfer-Encoding': 'chunked', Connection: 'close' }),
        `1b\r\n${body}\r\n0\r\n\r\n`,
      ],
    ],
    [
      'valid chunks',
      [head({ 'Transfer-Encoding': 'chunked', Connection: 'close' }), `1b\r\n${body}\r\n0\r\n\r\n`],
    ],
    [
      'a chunk size that is no number',
      [head({ 'Transfer-Encoding': 'chunked', Connection: 'close' }), 'zz\r\nhello\r\n0\r\n\r\n'],
    ],
    [
      'a chunk extension of 20 KB',
      [
        head({ 'Transfer-Encoding': 'chunked', Connection: 'close' }),
        `5;${'e'.repeat(20_000)}\r\nhello\r\n0\r\n\r\n`,
      ],
    ],
    ['a negative Content-Length', [head({ 'Content-Length': -1, Connection: 'close' }), body]],
    [
      'a Content-Length of 2^64',
      [head({ 'Content-Length': '18446744073709551616', Connection: 'close' }), body],
    ],
    ['Transfer-Encoding: gzip', [head({ 'Transfer-Encoding': 'gzip', Connection: 'close' }), body]],
  ].map(([name, parts, mayClose]) => ({ family: 'framing', name, parts, mayClose }));
}

/** Odd request targets and methods. */
function urls() {
  const get = (target, method = 'GET') => request(method, target, HOST);
  const targets = [
    '//x:99999/',
    'http://%zz/',
    '*',
    '/%',
    '/%zz',
    '/%00',
    '/..%2f..%2fetc/passwd',
    '/api/users/%F0%9F%98%80',
    '/api/users/99999999999999999999999999',
    '/api/users/-1',
    '/api/users?page=-5&per_page=1000000',
    '/api/users?page=1e309&per_page=NaN',
    `/${'a'.repeat(15_000)}`,
    `/api/users?${'a=1&'.repeat(1200)}`,
    `/api/users?x${'[a]'.repeat(70)}=1`,
    '/api/users?filter[__proto__][role]=admin&filter[role]=admin',
    '/api/users?filter[constructor][prototype][x]=1',
    `/api/users?q=${'a'.repeat(80)}b`,
    '/api/users?_scenario=bogus',
    '/api//users///',
    '/API/USERS',
    'http://elsewhere.example/api/users',
    '/api/users#fragment',
    '/api/users?%zz=%zz',
    '/api/users?page=2&page[0]=3',
    '/\\\\evil',
  ];
  const methods = ['PROPFIND', 'TRACE', 'PATCH', 'DELETE', 'OPTIONS', 'get', 'BREW', 'CONNECT'];
  return [
    ...targets.map((target) => ({ name: `GET ${target.slice(0, 60)}`, parts: [get(target)] })),
    { name: 'a target of 20 KB', parts: [get(`/${'a'.repeat(20_000)}`)] },
    { name: 'HEAD of a list', parts: [get('/api/users', 'HEAD')], head: true },
    { name: 'OPTIONS *', parts: [get('*', 'OPTIONS')] },
    { name: 'CONNECT authority form', parts: [get('127.0.0.1:80', 'CONNECT')], mayClose: true },
    {
      name: 'a forced error scenario',
      parts: [get('/api/users/1?_scenario=error')],
      allow5xx: true,
    },
    ...methods.map((method) => ({
      name: `${method} /api/users`,
      parts: [get('/api/users', method)],
      mayClose: method === 'CONNECT',
    })),
  ].map((c) => ({ family: 'urls', ...c }));
}

/** Headers: missing, repeated, huge, odd. */
function headers() {
  const get = (extra, host = true) =>
    request('GET', '/api/users/1', {
      ...(host ? { Host: 'fuzz.test' } : {}),
      Connection: 'close',
      ...extra,
    });
  return [
    ['no Host', get({}, false)],
    ['two Hosts', get({ Host: ['a', 'b'] }, false)],
    ['Host: [::1', get({ Host: '[::1' }, false)],
    ['Host with a path', get({ Host: '127.0.0.1/api/categories?' }, false)],
    ['Host of 5 KB', get({ Host: 'h'.repeat(5000) }, false)],
    ['Expect: bogus', get({ Expect: 'bogus' })],
    [
      'Expect: 100-continue',
      post('/api/users', 'application/json', '{"name":"a","role":"admin"}', {
        Expect: '100-continue',
      }),
    ],
    ['a header of 20 KB', get({ 'X-Big': 'b'.repeat(20_000) })],
    [
      '1,500 headers',
      get(Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`X-H${i}`, 'v']))),
    ],
    ['a NUL in a header value', get({ 'X-Nul': 'a\u0000b' })],
    ['a folded header line', get({ 'X-Fold': 'a\r\n b' })],
    ['a header name with a space', get({ 'X Bad': 'v' })],
    ['a Bearer token of 10 KB', get({ Authorization: `Bearer mock-token-${'t'.repeat(10_000)}` })],
    ['Basic auth that is no base64', get({ Authorization: 'Basic !!!' })],
    [
      '500 cookies with bad escapes',
      get({ Cookie: Array.from({ length: 500 }, (_, i) => `c${i}=%zz${i}`).join('; ') }),
    ],
    ['Origin: null', get({ Origin: 'null' })],
    [
      'a preflight asking for 8 KB of headers',
      request('OPTIONS', '/api/users', {
        ...HOST,
        Origin: 'http://a.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-a,'.repeat(1600),
      }),
    ],
    [
      'a WebSocket upgrade to the mock',
      get({
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': 13,
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      }),
    ],
    [
      'Upgrade: h2c',
      get({
        Connection: 'Upgrade, HTTP2-Settings',
        Upgrade: 'h2c',
        'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA',
      }),
    ],
  ].map(([name, bytes]) => ({
    family: 'headers',
    name,
    parts: [bytes],
    mayClose: name.includes('upgrade') || name.includes('h2c'),
  }));
}

/** Bytes that are not HTTP at all, and HTTP in odd pieces. */
function raw(rng, count) {
  const cases = [
    ['the HTTP/2 preface', ['PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n']],
    ['a TLS ClientHello', [Buffer.from('160301020001000200030300', 'hex')]],
    ['LF line ends only', ['GET /api/users/1 HTTP/1.1\nHost: x\nConnection: close\n\n']],
    ['HTTP/0.9', ['GET /\r\n']],
    ['HTTP/3.0', ['GET / HTTP/3.0\r\nHost: x\r\n\r\n']],
    ['a NUL flood', [Buffer.alloc(65_536)]],
    [
      'a head sent a byte at a time',
      [...'GET /api/users/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'].flatMap((c) => [
        c,
        1,
      ]),
    ],
    [
      'garbage between pipelined requests',
      [
        `GET /api/users/1 HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE\r\n\r\nGET /api/users/2 HTTP/1.1\r\nHost: x\r\n\r\n`,
      ],
      2,
    ],
    [
      '50 pipelined requests',
      [
        Array.from(
          { length: 50 },
          (_, i) => `GET /api/users/${i + 1} HTTP/1.1\r\nHost: x\r\n\r\n`,
        ).join('') + 'GET /api/users/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      ],
      51,
    ],
  ].map(([name, parts, expect = 1]) => ({ name, parts, expect, mayClose: true }));
  for (let i = 0; i < count; i++) {
    cases.push({
      name: `random bytes #${i + 1}`,
      parts: [rng.bytes(1 + rng.int(4096))],
      mayClose: true,
      optional: true,
    });
  }
  return cases.map((c) => ({ family: 'raw', ...c }));
}

/** Every family, in order. `scale` < 1 is the quick run's: smaller bodies, fewer random ones. */
export function hostileCases(seed, scale = 1) {
  const rng = random(seed);
  return [
    ...bodies(scale),
    ...framing(),
    ...urls(),
    ...headers(),
    ...raw(rng, scale >= 1 ? 200 : 30),
  ];
}

/** What the docs server of `apidoc watch` gets: targets, headers, raw bytes, upgrades. */
export function pageCases(seed, scale = 1) {
  const rng = random(seed + 1);
  const upgrade = (target, extra = {}) =>
    request('GET', target, {
      Host: 'fuzz.test',
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': 13,
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      ...extra,
    });
  return [
    ...urls().filter((c) => !c.name.includes('_scenario')),
    ...headers(),
    ...raw(rng, scale >= 1 ? 50 : 10),
    {
      family: 'upgrades',
      name: 'an upgrade to //x:99999/',
      parts: [upgrade('//x:99999/')],
      mayClose: true,
    },
    {
      family: 'upgrades',
      name: 'an upgrade to http://%zz/',
      parts: [upgrade('http://%zz/')],
      mayClose: true,
    },
    {
      family: 'upgrades',
      name: 'an upgrade from another origin',
      parts: [upgrade('/__apidoc/live', { Origin: 'http://evil.test' })],
      mayClose: true,
    },
    {
      family: 'upgrades',
      name: 'an upgrade with a bad key',
      parts: [upgrade('/__apidoc/live', { 'Sec-WebSocket-Key': '!' })],
      mayClose: true,
    },
    {
      family: 'upgrades',
      name: 'an upgrade, then garbage frames',
      parts: [upgrade('/__apidoc/live'), 100, rng.bytes(2048)],
      mayClose: true,
      expect: 1,
    },
  ].map((c) => ({ ...c, family: c.family === 'upgrades' ? c.family : `page ${c.family}` }));
}
