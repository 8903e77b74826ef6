import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { answer, component, type Case } from './fixture.js';

const POST_REF = { $ref: '#/components/schemas/Post' };
const USER_REF = { $ref: '#/components/schemas/User' };
const RESOURCE_REF = { $ref: '#/components/schemas/PostResource' };
const wrapped = (data: SchemaObject): SchemaObject => ({
  type: 'object',
  required: ['data'],
  properties: { data },
});
const envelope = (items: SchemaObject): SchemaObject => ({
  type: 'object',
  required: ['data', 'links', 'meta'],
  properties: {
    data: { type: 'array', items },
    links: { $ref: '#/components/schemas/PaginationLinks' },
    meta: { $ref: '#/components/schemas/PaginationMeta' },
  },
});
const object = (properties: Record<string, SchemaObject>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
});

const POST_DATA = `<?php
namespace App\\Data;
use Spatie\\LaravelData\\Data;
class PostData extends Data {
    public function __construct(public int $id, public string $title, public ?string $body = null) {}
}`;
const POST_DATA_SCHEMA = object({
  id: { type: 'integer' },
  title: { type: 'string' },
  body: { type: 'string', nullable: true },
});

/**
 * The type engine, idiom by idiom: a controller method's body in, the documented success
 * status and schema out (issue 14's list).
 */
const CASES: [string, Case][] = [
  // Calls followed.
  [
    'a helper on $this that wraps a resource',
    {
      body: '        return $this->show($post);\n    }\n    private function show(Post $post)\n    {\n        return new PostResource($post);',
      status: '200',
      schema: wrapped(RESOURCE_REF),
    },
  ],
  [
    'a parent:: method of the base controller',
    {
      body: "        return parent::respond(['id' => $post->id], 200);",
      status: '200',
      schema: object({ id: { type: 'integer' } }),
    },
  ],
  [
    'an inherited helper called on $this',
    {
      body: "        return $this->respond(['title' => $post->title]);",
      status: '200',
      schema: object({ title: { type: 'string' } }),
    },
  ],
  [
    'a service through a promoted constructor property',
    {
      body: '        return response()->json($this->stats->total());\n    }\n    public function __construct(private \\App\\Services\\Stats $stats)\n    {',
      files: {
        'app/Services/Stats.php': `<?php
namespace App\\Services;
class Stats { public function total(): array { return ['posts' => \\App\\Models\\Post::count(), 'ok' => true]; } }`,
      },
      status: '200',
      schema: object({ posts: { type: 'integer' }, ok: { type: 'boolean', enum: [true] } }),
    },
  ],
  [
    'a service through a typed property',
    {
      body: '        return $this->stats->latest();\n    }\n    private \\App\\Services\\Stats $stats;\n    private function unused()\n    {',
      files: {
        'app/Services/Stats.php': `<?php
namespace App\\Services;
use App\\Models\\Post;
class Stats { public function latest() { return Post::latest()->first(); } }`,
      },
      // A `null` model answers an empty 200, not JSON: the body is the post.
      status: '200',
      schema: POST_REF,
    },
  ],
  [
    'a global helper function (composer autoload.files)',
    {
      body: "        return respond_json(['title' => $post->title]);",
      files: {
        'app/helpers.php': `<?php
if (! function_exists('respond_json')) {
    function respond_json(array $data, int $status = 200) { return response()->json(['data' => $data], $status); }
}`,
      },
      status: '200',
      schema: wrapped(object({ title: { type: 'string' } })),
    },
  ],
  [
    'a static helper',
    {
      body: '        return \\App\\Support\\Api::ok($post);',
      files: {
        'app/Support/Api.php': `<?php
namespace App\\Support;
class Api { public static function ok($data) { return response()->json(['success' => true, 'data' => $data]); } }`,
      },
      status: '200',
      schema: object({ success: { type: 'boolean', enum: [true] }, data: POST_REF }),
    },
  ],
  // Declared types and PHPDoc.
  [
    'a declared return type where the body says nothing',
    {
      body: "        return $this->find();\n    }\n    private function find(): PostResource\n    {\n        return app()->make('x');",
      status: '200',
      schema: wrapped(RESOURCE_REF),
    },
  ],
  [
    'a @return array shape',
    {
      body: '        return response()->json($this->price());\n    }\n    /** @return array{value: int, currency: string} */\n    private function price()\n    {\n        return $this->lookup();',
      status: '200',
      schema: object({ value: { type: 'integer' }, currency: { type: 'string' } }),
    },
  ],
  [
    'a @return Collection<int, User>',
    {
      body: '        return response()->json($this->people());\n    }\n    /** @return \\Illuminate\\Support\\Collection<int, User> */\n    private function people()\n    {\n        return $this->lookup();',
      status: '200',
      schema: { type: 'array', items: USER_REF },
    },
  ],
  // Values through variables.
  [
    'a query built through a variable and branches, paginated into a resource collection',
    {
      body: "        $q = Post::query();\n        if ($request->has('mine')) {\n            $q->where('user_id', 1);\n        }\n        return new PostCollection($q->paginate());",
      status: '200',
      schema: envelope(RESOURCE_REF),
    },
  ],
  [
    'a local scope and when()',
    {
      body: '        return PostResource::collection(Post::filter($request->all())->when(true, fn ($q) => $q)->simplePaginate());',
      status: '200',
      schema: {
        type: 'object',
        required: ['data', 'links', 'meta'],
        properties: {
          data: { type: 'array', items: RESOURCE_REF },
          links: { $ref: '#/components/schemas/SimplePaginationLinks' },
          meta: { $ref: '#/components/schemas/SimplePaginationMeta' },
        },
      },
    },
  ],
  [
    'tap() gives back its value',
    {
      body: "        return response()->json(tap($post)->update(['title' => 'x']));",
      status: '200',
      schema: POST_REF,
    },
  ],
  [
    'an early error branch does not hide the success',
    {
      body: '        if (! $post->published) {\n            return $this->errorInternal();\n        }\n        return new PostResource($post);',
      status: '200',
      schema: wrapped(RESOURCE_REF),
    },
  ],
  [
    'a branch that cannot be read does not hide the one that can',
    {
      body: "        if ($request->has('x')) {\n            return $this->mystery();\n        }\n        return new PostResource($post);",
      status: '200',
      schema: wrapped(RESOURCE_REF),
    },
  ],
  // Statuses.
  [
    'new JsonResponse([...], 200) on GET is a 200',
    {
      body: "        return new \\Illuminate\\Http\\JsonResponse(['ok' => true], 200);",
      status: '200',
      schema: object({ ok: { type: 'boolean', enum: [true] } }),
    },
  ],
  [
    'a created model is a 201',
    {
      method: 'post',
      body: "        return Post::create(['title' => 'x']);",
      status: '201',
      schema: POST_REF,
    },
  ],
  [
    'new + save() is a created model',
    {
      method: 'post',
      body: "        $p = new Post();\n        $p->title = 'x';\n        $p->save();\n        return new PostResource($p);",
      status: '201',
      schema: wrapped(RESOURCE_REF),
    },
  ],
  [
    "a resource's own response for a created model is a 201",
    {
      method: 'post',
      body: "        $p = Post::create(['title' => 'x']);\n        return (new PostResource($p))->response();",
      status: '201',
      schema: wrapped(RESOURCE_REF),
    },
  ],
  [
    "a resource's own response for a model found is a 200",
    {
      method: 'post',
      body: '        return (new PostResource($post))->response();',
      status: '200',
      schema: wrapped(RESOURCE_REF),
    },
  ],
  [
    'never a 201 on GET, even for firstOrCreate',
    {
      body: "        return Post::firstOrCreate(['title' => 'x']);",
      status: '200',
      schema: POST_REF,
    },
  ],
  // Models returned directly.
  [
    'response()->json($model)',
    { body: '        return response()->json($post);', status: '200', schema: POST_REF },
  ],
  [
    'a bound model returned as is',
    { body: '        return $post;', status: '200', schema: POST_REF },
  ],
  [
    'Model::findOrFail()',
    { body: '        return Post::findOrFail(1);', status: '200', schema: POST_REF },
  ],
  [
    'a model with a relation loaded',
    {
      body: "        return $post->load('user');",
      status: '200',
      schema: {
        allOf: [
          POST_REF,
          { type: 'object', properties: { user: { allOf: [USER_REF], nullable: true } } },
        ],
      },
    },
  ],
  [
    "spatie/laravel-query-builder's QueryBuilder::for() is the model's query",
    {
      uses: 'use Spatie\\QueryBuilder\\QueryBuilder;',
      body: "        return QueryBuilder::for(Post::class)->allowedFilters(['title'])->allowedSorts('id')->get();",
      status: '200',
      schema: { type: 'array', items: POST_REF },
    },
  ],
  [
    'a body the application encodes itself (response()->make(json_encode($data)))',
    {
      body: "        return response()->make(json_encode(['id' => $post->id]), 200, ['Content-Type' => 'application/json']);",
      status: '200',
      schema: object({ id: { type: 'integer' } }),
    },
  ],
  [
    "a key the client may change, documented under its default (@var string $index = 'data')",
    {
      body: "        $index = request()->input('index') ?: $this->index;\n        return response()->json([$index => ['id' => $post->id]]);\n    }\n    /** @var string */\n    public $index = 'data';\n    private function unused() {",
      status: '200',
      schema: object({ data: object({ id: { type: 'integer' } }) }),
    },
  ],
  [
    'a spatie/laravel-data object is its public properties',
    {
      uses: 'use App\\Data\\PostData;',
      files: { 'app/Data/PostData.php': POST_DATA },
      body: '        return PostData::from($post);',
      status: '200',
      schema: POST_DATA_SCHEMA,
    },
  ],
  [
    'PostData::collect() of models is a list of data objects',
    {
      uses: 'use App\\Data\\PostData;',
      files: { 'app/Data/PostData.php': POST_DATA },
      body: '        return PostData::collect(Post::all());',
      status: '200',
      schema: { type: 'array', items: POST_DATA_SCHEMA },
    },
  ],
  [
    'a global constant listing model classes, queried in a loop',
    {
      files: {
        'composer.json': JSON.stringify({ autoload: { files: ['app/constants.php'] } }),
        'app/constants.php': '<?php\nconst POST_MODELS = [\\App\\Models\\Post::class];',
      },
      body: "        foreach (POST_MODELS as $model) {\n            $found = $model::whereTitle('x')->first();\n            if ($found) {\n                return $found;\n            }\n        }\n        abort(404);",
      status: '200',
      schema: POST_REF,
    },
  ],
  [
    "config() values are their settings' types, env() ?: a default included",
    {
      files: {
        'config/app.php':
          "<?php\nreturn ['version' => env('APP_VERSION') ?: '2.0.0', 'name' => 'Shop', 'per_page' => 15];",
      },
      body: "        return response()->json(['version' => config('app.version'), 'name' => config('app.name'), 'per_page' => config('app.per_page')]);",
      status: '200',
      schema: object({
        version: { type: 'string' },
        name: { type: 'string' },
        per_page: { type: 'integer' },
      }),
    },
  ],
  [
    'instanceof narrows a local: an early error response, then the value it was otherwise',
    {
      body: "        $teamId = $this->teamOrError();\n        if ($teamId instanceof \\Illuminate\\Http\\JsonResponse) {\n            return $teamId;\n        }\n        return response()->json(['team' => $teamId]);\n    }\n    private function teamOrError(): int|\\Illuminate\\Http\\JsonResponse\n    {\n        return rand(0, 1) ? 7 : response()->json(['message' => 'Invalid token.'], 400);",
      status: '200',
      schema: object({ team: { type: 'integer', enum: [7] } }),
    },
  ],
  [
    'is_int() narrows a local, and a declared int|JsonResponse fills what the body leaves unknown',
    {
      method: 'post',
      body: "        $teamId = $this->teamOrError();\n        if (! is_int($teamId)) {\n            return $teamId;\n        }\n        return response()->json(['team' => $teamId], 201);\n    }\n    private function teamOrError(): int|\\Illuminate\\Http\\JsonResponse\n    {\n        $id = lookup_team();\n        if (is_null($id)) {\n            return response()->json(['message' => 'Invalid token.'], 400);\n        }\n        return $id;",
      status: '201',
      schema: object({ team: { type: 'integer' } }),
    },
  ],
  // Collections.
  [
    '->map(fn) over a collection the engine does not know is still a list of what fn builds',
    {
      body: "        return response()->json($request->user()->tokens->sortByDesc('created_at')->map(fn ($t) => ['id' => $t->id, 'current' => true])->values());",
      status: '200',
      schema: {
        type: 'array',
        items: object({ id: {}, current: { type: 'boolean', enum: [true] } }),
      },
    },
  ],
  [
    '->map(fn)->all() over models',
    {
      body: "        return response()->json(Post::all()->map(fn ($p) => ['id' => $p->id, 'title' => $p->title])->all());",
      status: '200',
      schema: {
        type: 'array',
        items: object({ id: { type: 'integer' }, title: { type: 'string' } }),
      },
    },
  ],
  [
    'additional() on a resource',
    {
      body: "        return (new PostResource($post))->additional(['meta' => ['version' => 2]]);",
      status: '200',
      schema: {
        type: 'object',
        required: ['data', 'meta'],
        properties: {
          data: RESOURCE_REF,
          meta: object({ version: { type: 'integer', enum: [2] } }),
        },
      },
    },
  ],
];

describe('the type engine: what a handler answers', () => {
  it.each(CASES)('%s', (_name, c) => {
    const got = answer(c.body, c);
    expect(got.status).toBe(c.status);
    expect(got.schema).toEqual(c.schema);
  });
});

describe('resources through the engine', () => {
  it('types a resource from its model: whenLoaded makes a key optional', () => {
    const got = answer('        return new PostResource($post);');
    expect(component(got, 'PostResource')).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        title: { type: 'string' },
        author: { allOf: [{ $ref: '#/components/schemas/UserResource' }], nullable: true },
      },
      required: ['id', 'title'],
    });
  });

  it('merges parent::toArray(), when() and mergeWhen()', () => {
    const got = answer('        return new \\App\\Http\\Resources\\FullPostResource($post);', {
      files: {
        'app/Http/Resources/FullPostResource.php': `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Resources\\Json\\JsonResource;
class FullPostResource extends JsonResource {
    public function toArray($request) {
        return array_merge(parent::toArray($request), [
            'secret' => $this->when($request->user() !== null, 'yes'),
            $this->mergeWhen(true, ['extra' => 1]),
        ]);
    }
}`,
      },
    });
    const schema = component(got, 'FullPostResource')!;
    expect(Object.keys(schema.properties ?? {})).toEqual([
      'id',
      'user_id',
      'title',
      'published',
      'created_at',
      'updated_at',
      'secret',
      'extra',
    ]);
    expect(schema.required).toEqual(['id', 'user_id', 'title', 'created_at', 'updated_at']);
  });
});

describe('honest where it gives up', () => {
  it('says why in the description and in one warning with file and line', () => {
    const got = answer('        return $this->mystery();');
    expect(got.description).toBe(
      'Successful response (not inferred: what `->mystery()` gives could not be typed)',
    );
    expect(got.schema).toEqual({});
    expect(got.warnings).toEqual([
      'GET api/posts/{post}: the response of App\\Http\\Controllers\\PostController::action() is not inferred (what `->mystery()` gives could not be typed); documented without a schema',
    ]);
  });
});
