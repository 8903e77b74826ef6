import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the measuring tool is plain JavaScript (laravel-apps/lib).
import { extractFacts } from '../../../laravel-apps/lib/ground-truth/extract.mjs';

interface Fact {
  kind: string;
  path?: string[];
  anywhere?: boolean;
  status?: number;
  field?: string;
  line: number;
  request: { method: string; url: string };
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The facts of one app whose tests/ holds these files; each fact as one short line. */
function facts(files: Record<string, string>, routes: Record<string, string> = {}): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-ground-truth-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'composer.json'),
    JSON.stringify({
      autoload: { 'psr-4': { 'App\\': 'app/' } },
      'autoload-dev': { 'psr-4': { 'Tests\\': 'tests/' } },
    }),
  );
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  }
  const out = extractFacts(dir, new Map(Object.entries(routes))) as { facts: Fact[] };
  return out.facts.map((f) => {
    const what = f.path ? `${f.anywhere ? '..' : ''}${f.path.join('.')}` : (f.status ?? f.field);
    return `${f.kind} ${f.request.method.toUpperCase()} ${f.request.url.replaceAll('\u0000', '{?}')} ${what}`;
  });
}

/** A PHPUnit test class around a body of test methods. */
const phpunit = (body: string, extra = '') => ({
  'tests/Feature/ThingTest.php': `<?php
namespace Tests\\Feature;
use Tests\\TestCase;
use Illuminate\\Testing\\Fluent\\AssertableJson;
class ThingTest extends TestCase
{
${body}
}
${extra}`,
  'tests/TestCase.php': `<?php
namespace Tests;
abstract class TestCase extends \\Illuminate\\Foundation\\Testing\\TestCase
{
    protected $prefix = '/api/v1';
    public function getAuthorized($uri) { return $this->withToken('x')->getJson($this->prefix . $uri); }
}`,
});

const CASES: [
  string,
  { given: Record<string, string>; routes?: Record<string, string>; want: string[] },
][] = [
  [
    'a literal URL, a status helper and a structure with *',
    {
      given: phpunit(`public function test_index() {
        $this->getJson('/api/things')->assertOk()->assertJsonStructure(['data' => ['*' => ['id', 'name']], 'meta']);
      }`),
      want: [
        'status GET /api/things 200',
        'property GET /api/things data.*.id',
        'property GET /api/things data.*.name',
        'property GET /api/things meta',
      ],
    },
  ],
  [
    'method spoofing: a POST whose data holds _method is that method',
    {
      given: phpunit(`public function test_spoofed() {
        $this->postJson('/api/things/1/upload', ['file' => 'x', '_method' => 'PUT'])->assertOk();
        $this->json('POST', '/api/things/2', ['_method' => 'delete'])->assertNoContent();
        $this->postJson('/api/things', ['_method' => 'GET'])->assertCreated();
      }`),
      want: [
        'status PUT /api/things/1/upload 200',
        'status DELETE /api/things/2 204',
        'status POST /api/things 201',
      ],
    },
  ],
  [
    'concatenation, interpolation and sprintf; unknown ids stay unknown',
    {
      given: phpunit(`public function test_show() {
        $thing = Thing::factory()->create();
        $this->getJson('/api/things/' . $thing->id)->assertStatus(200);
        $this->deleteJson("/api/things/{$thing->id}/tags/7")->assertNoContent();
        $this->putJson(sprintf('/api/things/%d', $thing->id), [])->assertJsonPath('data.0.id', 5);
      }`),
      want: [
        'status GET /api/things/{?} 200',
        'status DELETE /api/things/{?}/tags/7 204',
        'property PUT /api/things/{?} data.*.id',
      ],
    },
  ],
  [
    'route() through the route table, url(), json() and call()',
    {
      given: phpunit(`public function test_routes() {
        $this->getJson(route('things.show', ['thing' => 3]))->assertCreated();
        $this->json('PATCH', url('api/things'))->assertAccepted();
        $this->call('POST', route('things.store'))->assertUnprocessable();
      }`),
      routes: { 'things.show': 'api/things/{thing}', 'things.store': 'api/things' },
      want: [
        'status GET /api/things/3 201',
        'status PATCH /api/things 202',
        'status POST /api/things 422',
      ],
    },
  ],
  [
    'a base-class helper inlined with its argument bound, a property set in the class',
    {
      given: phpunit(`public function test_helper() {
        $this->getAuthorized('/things')->assertJson(['data' => [['id' => 1]], 'total' => 1]);
      }`),
      want: ['property GET /api/v1/things data.*.id', 'property GET /api/v1/things total'],
    },
  ],
  [
    'setUp assigns what a test reads; class constants of the test',
    {
      given: phpunit(`const URL = '/api/things';
      protected $base;
      protected function setUp(): void { parent::setUp(); $this->base = self::URL . '/mine'; }
      public function test_it() { $this->getJson($this->base)->assertJsonCount(2, 'data'); }`),
      want: ['property GET /api/things/mine data.*'],
    },
  ],
  [
    'a data provider, row by row',
    {
      given: phpunit(`/** @dataProvider routes */
      public function test_guarded($method, $uri) { $this->json($method, $uri)->assertUnauthorized(); }
      public static function routes(): array { return ['index' => ['GET', '/api/a'], 'store' => ['POST', '/api/b']]; }`),
      want: ['status GET /api/a 401', 'status POST /api/b 401'],
    },
  ],
  [
    'validation errors in their three forms, with list indexes made *',
    {
      given: phpunit(`public function test_invalid() {
        $r = $this->postJson('/api/things', []);
        $r->assertJsonValidationErrors(['name', 'items.0.sku']);
        $r->assertInvalid(['email' => 'The email field is required.']);
        $r->assertJsonValidationErrorFor('age');
      }`),
      want: [
        'validation POST /api/things name',
        'validation POST /api/things items.*.sku',
        'validation POST /api/things email',
        'validation POST /api/things age',
      ],
    },
  ],
  [
    'fluent AssertableJson: has, where, first, each, etc',
    {
      given: phpunit(`public function test_fluent() {
        $this->getJson('/api/things')->assertJson(fn (AssertableJson $json) =>
          $json->has('data', 3, fn ($item) => $item->where('id', 1)->etc())
               ->where('meta.total', 3)
               ->has('links')
               ->missing('secret'));
      }`),
      want: [
        'property GET /api/things data.*',
        'property GET /api/things data.*.id',
        'property GET /api/things meta.total',
        'property GET /api/things links',
      ],
    },
  ],
  [
    'json() reads compared, optional reads left out',
    {
      given: phpunit(`public function test_reads() {
        $response = $this->getJson('/api/things/1');
        $this->assertEquals('a', $response->json('data.name'));
        $data = $response->json('data');
        $this->assertSame(2, $data['count']);
        $this->assertNull($response->json('data.deleted_at'));
        $maybe = $response->json('data.optional') ?? null;
        $this->assertEquals(null, $maybe);
        if (isset($response['data']['x'])) {}
        $this->assertEquals(200, $response->status());
      }`),
      want: [
        'property GET /api/things/1 data.name',
        'property GET /api/things/1 data.count',
        'status GET /api/things/1 200',
      ],
    },
  ],
  [
    'a value read before a later request is an input of that request, not a fact',
    {
      given: phpunit(`public function test_stale() {
        $id = $this->postJson('/api/things')->json('data.id');
        $r = $this->getJson('/api/orders');
        $this->assertEquals($id, $r->json('data.thing_id'));
      }`),
      want: ['property GET /api/orders data.thing_id'],
    },
  ],
  [
    'assertions in a catch block (a failed main path) are not read',
    {
      given: phpunit(`public function test_catch() {
        try { $r = $this->postJson('/api/things'); } catch (\\Exception $e) { $r->assertStatus(302); }
        $r->assertCreated();
      }`),
      want: ['status POST /api/things 201'],
    },
  ],
  [
    'assertJsonFragment holds at any depth; assertJsonMissing is no fact',
    {
      given: phpunit(`public function test_fragment() {
        $this->getJson('/api/things')->assertJsonFragment(['name' => 'x'])->assertJsonMissing(['secret' => 1]);
        $this->getJson('/api/other')->assertJsonFragment([['id' => 1]]);
      }`),
      want: ['property GET /api/things ..name', 'property GET /api/other ..id'],
    },
  ],
  [
    'a null expected value of assertJsonPath is no fact',
    {
      given: phpunit(`public function test_null() {
        $this->getJson('/api/things')->assertJsonPath('data.parent', null)->assertJsonPath('data.id', 1);
      }`),
      want: ['property GET /api/things data.id'],
    },
  ],
  [
    'Pest: beforeEach, a dataset, expect() on a read and on the status',
    {
      given: {
        'tests/Feature/ThingsTest.php': `<?php
use function Pest\\Laravel\\getJson;
beforeEach(function () { $this->url = '/api/things'; });
it('lists', function (string $suffix) {
  $response = $this->getJson($this->url . $suffix);
  expect($response->json('data'))->toHaveCount(1);
  expect($response->json('meta'))->toBeNull();
  expect($response->status())->toBe(200);
})->with(['/a', '/b']);
describe('nested', function () {
  test('posts', function () {
    getJson('/api/other')->assertForbidden();
  });
});`,
      },
      want: [
        'property GET /api/things/a data',
        'status GET /api/things/a 200',
        'property GET /api/things/b data',
        'status GET /api/things/b 200',
        'status GET /api/other 403',
      ],
    },
  ],
  [
    'a named Pest dataset and a global helper function',
    {
      given: {
        'tests/Pest.php': `<?php
dataset('verbs', [['GET'], ['DELETE']]);
function thingUrl($id) { return "/api/things/$id"; }`,
        'tests/Feature/VerbsTest.php': `<?php
test('verbs', function ($verb) { $this->json($verb, thingUrl(9))->assertNotFound(); })->with('verbs');`,
      },
      want: ['status GET /api/things/9 404', 'status DELETE /api/things/9 404'],
    },
  ],
  [
    'class constants of the app (PSR-4) in a URL',
    {
      given: {
        ...phpunit(
          `public function test_const() { $this->getJson(\\App\\Routes::THINGS)->assertOk(); }`,
        ),
        'app/Routes.php': `<?php
namespace App;
class Routes { const BASE = '/api'; const THINGS = self::BASE . '/things'; }`,
      },
      want: ['status GET /api/things 200'],
    },
  ],
];

describe('the ground-truth extractor reads what tests request and assert', () => {
  it.each(CASES)('%s', (_name, { given, routes, want }) => {
    expect(facts(given, routes)).toEqual(want);
  });
});
