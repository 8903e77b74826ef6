import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { documentOf } from '../helpers.js';

const USER_MODEL = `<?php
namespace App\\Models;
use Illuminate\\Foundation\\Auth\\User as Authenticatable;
class User extends Authenticatable {
    protected $casts = ['is_admin' => 'boolean', 'email_verified_at' => 'datetime'];
    protected $hidden = ['password'];
    public function posts() { return $this->hasMany(Post::class); }
    public function isAdmin(): bool { return $this->is_admin; }
}`;
const POST_MODEL = `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Model;
class Post extends Model { public function user() { return $this->belongsTo(User::class); } }`;
const MIGRATION = `<?php
use Illuminate\\Support\\Facades\\Schema;
return new class extends Illuminate\\Database\\Migrations\\Migration {
    public function up() {
        Schema::create('users', function ($table) {
            $table->id(); $table->string('name'); $table->string('email')->unique(); $table->string('password');
            $table->boolean('is_admin')->default(false); $table->timestamp('email_verified_at')->nullable(); $table->timestamps();
        });
        Schema::create('posts', function ($table) { $table->id(); $table->foreignId('user_id'); $table->string('title'); $table->timestamps(); });
    }
};`;

function resource(name: string, body: string, extra = ''): string {
  return `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Resources\\Json\\JsonResource;
${extra}
class ${name} extends JsonResource {
${body}
}`;
}

/** The document of a project whose single route returns `expression` from a closure. */
function project(
  expression: string,
  resources: Record<string, string>,
  extra: Record<string, string> = {},
) {
  const files: Record<string, string> = {
    'routes/api.php': `<?php
use Illuminate\\Support\\Facades\\Route;
use App\\Models\\User;
use App\\Http\\Resources\\UserResource;
use App\\Http\\Resources\\PostResource;
use App\\Http\\Resources\\ProfileResource;
use App\\Http\\Resources\\UserCollection;
Route::get('users/{user}', function (User $user) { return ${expression}; });`,
    'app/Models/User.php': USER_MODEL,
    'app/Models/Post.php': POST_MODEL,
    'database/migrations/2024_01_01_000000_create_tables.php': MIGRATION,
    ...extra,
  };
  for (const [name, code] of Object.entries(resources))
    files[`app/Http/Resources/${name}.php`] = code;
  return documentOf(files).document;
}

function responseSchema(document: ReturnType<typeof project>): SchemaObject | undefined {
  const op = document.paths?.['/api/users/{user}']?.get;
  const ok = op?.responses?.['200'] as
    { content?: Record<string, { schema?: SchemaObject }> } | undefined;
  return ok?.content?.['application/json']?.schema;
}

describe('resources: toArray() → component schema', () => {
  const cases: [string, { body: string; want: SchemaObject }][] = [
    [
      'attributes typed from casts and migrations',
      {
        body: `public function toArray($request) { return ['id' => $this->id, 'name' => $this->name, 'is_admin' => $this->is_admin, 'verified_at' => $this->email_verified_at]; }`,
        want: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            is_admin: { type: 'boolean' },
            verified_at: { type: 'string', format: 'date-time', nullable: true },
          },
          required: ['id', 'name', 'is_admin', 'verified_at'],
        },
      },
    ],
    [
      'conditional helpers make keys optional',
      {
        body: `public function toArray($request) { return [
            'id' => $this->id,
            'secret' => $this->when($request->user()->isAdmin(), 'x'),
            'posts' => PostResource::collection($this->whenLoaded('posts')),
            'posts_count' => $this->whenCounted('posts'),
            $this->mergeWhen(true, ['email' => $this->email]),
            $this->merge(['name' => $this->name]),
            'always' => $this->when(false, 1, 2),
        ]; }`,
        want: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            secret: { type: 'string', enum: ['x'] },
            posts: { type: 'array', items: { $ref: '#/components/schemas/PostResource' } },
            posts_count: { type: 'integer' },
            email: { type: 'string' },
            name: { type: 'string' },
            always: { type: 'integer', enum: [1, 2] },
          },
          required: ['id', 'name', 'always'],
        },
      },
    ],
    [
      'values of known types',
      {
        body: `public function toArray($request) { return [
            'created' => $this->created_at->toIso8601String(),
            'day' => $this->email_verified_at?->toDateString(),
            'admin' => $this->isAdmin(),
            'label' => 'User ' . $this->name,
            'count' => (int) $this->posts_count,
            'url' => route('users.show', $this->id),
            'kind' => $this->is_admin ? 'admin' : 'member',
            'nested' => ['a' => 1],
            'list' => [1, 2],
        ]; }`,
        want: {
          type: 'object',
          properties: {
            created: { type: 'string', format: 'date-time' },
            day: { type: 'string', format: 'date', nullable: true },
            admin: { type: 'boolean' },
            label: { type: 'string' },
            count: { type: 'integer' },
            url: { type: 'string', format: 'uri' },
            kind: { type: 'string', enum: ['admin', 'member'] },
            nested: {
              type: 'object',
              properties: { a: { type: 'integer', enum: [1] } },
              required: ['a'],
            },
            list: { type: 'array', items: { type: 'integer', enum: [1, 2] } },
          },
          required: ['created', 'day', 'admin', 'label', 'count', 'url', 'kind', 'nested', 'list'],
        },
      },
    ],
    [
      'no toArray(): the model attributes, $hidden left out',
      {
        body: '',
        want: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            email: { type: 'string' },
            is_admin: { type: 'boolean' },
            email_verified_at: { type: 'string', format: 'date-time', nullable: true },
            created_at: { type: 'string', format: 'date-time' },
            updated_at: { type: 'string', format: 'date-time' },
          },
          required: ['id', 'name', 'email', 'created_at', 'updated_at'],
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { body, want }) => {
    const document = project('new UserResource($user)', {
      UserResource: resource('UserResource', body),
      PostResource: resource(
        'PostResource',
        `public function toArray($request) { return ['id' => $this->id]; }`,
      ),
    });
    expect(document.components?.schemas?.UserResource).toEqual(want);
  });

  it('finds the model through @mixin when the name does not say', () => {
    const document = project('new ProfileResource($user)', {
      ProfileResource: resource(
        'ProfileResource',
        `public function toArray($request) { return ['name' => $this->name]; }`,
        '/** @mixin \\App\\Models\\User */',
      ),
    });
    expect(document.components?.schemas?.ProfileResource?.properties?.name).toEqual({
      type: 'string',
    });
  });
});

describe('resources: response envelopes', () => {
  const ID_ONLY = `public function toArray($request) { return ['id' => $this->id]; }`;
  const REF = { $ref: '#/components/schemas/UserResource' };
  const cases: [
    string,
    {
      expression: string;
      body?: string;
      extra?: Record<string, string>;
      want: SchemaObject | undefined;
    },
  ][] = [
    [
      'a resource is wrapped in data',
      {
        expression: 'new UserResource($user)',
        want: { type: 'object', required: ['data'], properties: { data: REF } },
      },
    ],
    [
      'make() as new',
      {
        expression: 'UserResource::make($user)',
        want: { type: 'object', required: ['data'], properties: { data: REF } },
      },
    ],
    [
      '$wrap renames the wrapper',
      {
        expression: 'new UserResource($user)',
        body: `public static $wrap = 'user';\n${ID_ONLY}`,
        want: { type: 'object', required: ['user'], properties: { user: REF } },
      },
    ],
    [
      '$wrap = null: no wrapper',
      {
        expression: 'new UserResource($user)',
        body: `public static $wrap = null;\n${ID_ONLY}`,
        want: REF,
      },
    ],
    [
      'withoutWrapping() in a provider',
      {
        expression: 'new UserResource($user)',
        extra: {
          'app/Providers/AppServiceProvider.php': `<?php namespace App\\Providers; use Illuminate\\Http\\Resources\\Json\\JsonResource; class AppServiceProvider { public function boot() { JsonResource::withoutWrapping(); } }`,
        },
        want: REF,
      },
    ],
    [
      'additional() adds top-level keys',
      {
        expression: "(new UserResource($user))->additional(['meta' => ['v' => 2]])",
        want: {
          type: 'object',
          required: ['data', 'meta'],
          properties: {
            data: REF,
            meta: {
              type: 'object',
              properties: { v: { type: 'integer', enum: [2] } },
              required: ['v'],
            },
          },
        },
      },
    ],
    [
      'with() adds top-level keys to a single resource',
      {
        expression: 'new UserResource($user)',
        body: `${ID_ONLY}\npublic function with($request) { return ['version' => '1']; }`,
        want: {
          type: 'object',
          required: ['data', 'version'],
          properties: { data: REF, version: { type: 'string', enum: ['1'] } },
        },
      },
    ],
    [
      'a collection is wrapped in data',
      {
        expression: 'UserResource::collection(User::all())',
        want: {
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: REF } },
        },
      },
    ],
    [
      'a paginated collection has links and meta',
      {
        expression: 'UserResource::collection(User::query()->paginate())',
        want: {
          type: 'object',
          required: ['data', 'links', 'meta'],
          properties: {
            data: { type: 'array', items: REF },
            links: { $ref: '#/components/schemas/PaginationLinks' },
            meta: { $ref: '#/components/schemas/PaginationMeta' },
          },
        },
      },
    ],
    [
      'a simple paginator',
      {
        expression: 'UserResource::collection(User::simplePaginate(5))',
        want: {
          type: 'object',
          required: ['data', 'links', 'meta'],
          properties: {
            data: { type: 'array', items: REF },
            links: { $ref: '#/components/schemas/SimplePaginationLinks' },
            meta: { $ref: '#/components/schemas/SimplePaginationMeta' },
          },
        },
      },
    ],
    [
      'a ResourceCollection class',
      {
        expression: 'new UserCollection(User::all())',
        extra: {
          'app/Http/Resources/UserCollection.php': `<?php namespace App\\Http\\Resources; use Illuminate\\Http\\Resources\\Json\\ResourceCollection; class UserCollection extends ResourceCollection {}`,
        },
        want: {
          type: 'object',
          required: ['data'],
          properties: { data: { $ref: '#/components/schemas/UserCollection' } },
        },
      },
    ],
    [
      'a model returned as is',
      { expression: '$user', want: { $ref: '#/components/schemas/User' } },
    ],
    ['a flat paginator returned as is', { expression: 'User::paginate()', want: undefined }],
  ];
  it.each(cases)('%s', (_name, { expression, body, extra, want }) => {
    const document = project(
      expression,
      { UserResource: resource('UserResource', body ?? ID_ONLY) },
      extra,
    );
    const schema = responseSchema(document);
    if (want === undefined) {
      expect(schema?.properties?.data).toEqual({
        type: 'array',
        items: { $ref: '#/components/schemas/User' },
      });
      expect(Object.keys(schema?.properties ?? {})).toContain('last_page_url');
    } else expect(schema).toEqual(want);
  });
});
