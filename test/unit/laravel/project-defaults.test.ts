import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/laravel/config.js';

const COMPOSER = JSON.stringify({
  name: 'acme/firefly-iii',
  description: 'Personal finances, tracked.',
  version: '2.1.0',
});

describe('title, version, description and server: config, else .env, else .env.example, else composer.json', () => {
  it.each([
    [
      'composer.json alone',
      { 'composer.json': COMPOSER },
      ['Firefly III API', '2.1.0', 'Personal finances, tracked.', 'http://localhost'],
    ],
    [
      '.env.example over composer.json',
      {
        'composer.json': COMPOSER,
        '.env.example': 'APP_NAME="Acme Books"\nAPP_URL=https://books.test/\n',
      },
      ['Acme Books API', '2.1.0', 'Personal finances, tracked.', 'https://books.test'],
    ],
    [
      '.env over .env.example',
      {
        'composer.json': COMPOSER,
        '.env.example': 'APP_NAME=Example\nAPP_URL=https://example.test\n',
        '.env': 'APP_NAME=Real\nAPP_URL=https://real.test\n',
      },
      ['Real API', '2.1.0', 'Personal finances, tracked.', 'https://real.test'],
    ],
    [
      "the skeleton's values name no application",
      {
        'composer.json': JSON.stringify({
          name: 'laravel/laravel',
          description: 'The skeleton application for the Laravel framework.',
        }),
        '.env.example': 'APP_NAME=Laravel\n',
      },
      ['Laravel API', '1.0.0', undefined, 'http://localhost'],
    ],
    [
      'config/apidoc.php over everything',
      {
        'composer.json': COMPOSER,
        '.env': 'APP_NAME=Real\n',
        'config/apidoc.php':
          "<?php return ['title' => 'Mine', 'version' => '9', 'description' => 'D', 'servers' => [['url' => 'https://mine.test']]];",
      },
      ['Mine', '9', 'D', 'https://mine.test'],
    ],
    ['nothing at all', {}, ['Laravel API', '1.0.0', undefined, 'http://localhost']],
  ])('%s', (_name, files, [title, version, description, url]) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-defaults-'));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const config = readConfig(dir);
    expect([config.title, config.version, config.description, config.servers[0]?.url]).toEqual([
      title,
      version,
      description,
      url,
    ]);
  });
});
