import { describe, expect, it } from 'vitest';
import { deref } from '../../../../src/core/refs.js';
import { answer, component, type Case } from './fixture.js';

/** A base controller with fluent setters, as older API packages wrote them. */
const FLUENT = {
  'app/Http/Controllers/Controller.php': `<?php
namespace App\\Http\\Controllers;
abstract class Controller {
    protected $meta = [];
    protected $data = null;
    protected $status = 200;
    protected function setMeta(array $meta) { $this->meta = $meta; return $this; }
    protected function setData($data) { $this->data = $data; return $this; }
    protected function setStatus($status) { $this->status = $status; return $this; }
    protected function respond() {
        $response = [];
        if (!empty($this->meta)) {
            $response['meta'] = $this->meta;
        }
        $response['data'] = $this->data;
        return response()->json($response, $this->status);
    }
}`,
};

/** A post whose `createdBy` relation, once loaded, is answered as `created_by`. */
const CREATED_BY: Pick<Case, 'files' | 'status' | 'schema'> = {
  files: {
    'app/Models/Post.php': `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Model;
class Post extends Model {
    public function createdBy() { return $this->belongsTo(User::class, 'user_id'); }
}`,
  },
  status: '200',
  schema: {
    allOf: [
      { $ref: '#/components/schemas/Post' },
      {
        type: 'object',
        properties: {
          created_by: { allOf: [{ $ref: '#/components/schemas/User' }], nullable: true },
        },
      },
    ],
  },
};

const JOBS: Record<string, string> = {
  'app/Jobs/FindPost.php': `<?php
namespace App\\Jobs;
use App\\Models\\Post;
use Illuminate\\Foundation\\Bus\\Dispatchable;
class FindPost {
    use Dispatchable;
    public function __construct(private int $id) {}
    public function handle(): Post { return Post::findOrFail($this->id); }
}`,
  'app/Bus/Commands/PublishPostCommand.php': `<?php
namespace App\\Bus\\Commands;
class PublishPostCommand {
    public function __construct(public $id) {}
}`,
  'app/Bus/Handlers/Commands/PublishPostCommandHandler.php': `<?php
namespace App\\Bus\\Handlers\\Commands;
use App\\Bus\\Commands\\PublishPostCommand;
use App\\Http\\Resources\\PostResource;
use App\\Models\\Post;
class PublishPostCommandHandler {
    public function handle(PublishPostCommand $command) { return new PostResource(Post::findOrFail($command->id)); }
}`,
  'app/Http/Controllers/Controller.php': `<?php
namespace App\\Http\\Controllers;
use Illuminate\\Foundation\\Bus\\DispatchesJobs;
abstract class Controller { use DispatchesJobs; }`,
};

/**
 * Idioms of real applications, each on a snippet written for this test: a controller method's
 * body in, the documented success status and schema out.
 */
const CASES: [string, Case][] = [
  [
    'a property set by a method the constructor runs, read by another method',
    {
      body: `        return response()->json((new \\App\\Support\\Finder())->one(1));`,
      files: {
        'app/Support/Finder.php': `<?php
namespace App\\Support;
use App\\Models\\Post;
class Finder {
    protected $model;
    public function __construct() { $this->boot(); }
    protected function boot() { return $this->model = app(Post::class); }
    public function one($id) { return $this->model->findOrFail($id); }
}`,
      },
      status: '200',
      schema: { $ref: '#/components/schemas/Post' },
    },
  ],
  [
    'a property set only by a method that may not have run: that value or null',
    {
      body: `        return response()->json((new \\App\\Support\\Holder())->get());`,
      files: {
        'app/Support/Holder.php': `<?php
namespace App\\Support;
use App\\Models\\Post;
class Holder {
    protected $post;
    public function load() { $this->post = app(Post::class); return $this; }
    public function get() { return $this->post; }
}`,
      },
      status: '200',
      schema: { allOf: [{ $ref: '#/components/schemas/Post' }], nullable: true },
    },
  ],
  [
    'a method named by a value known statically, and a query method on a model instance',
    {
      body: `        $method = 'findOrFail';
        return response()->json((new \\App\\Models\\Post())->{$method}(1));`,
      status: '200',
      schema: { $ref: '#/components/schemas/Post' },
    },
  ],
  [
    "PHP's method names are case-insensitive: ->orderby() is ->orderBy()",
    {
      body: `        return response()->json(\\App\\Models\\Post::query()->orderby('id')->first());`,
      status: '200',
      schema: { allOf: [{ $ref: '#/components/schemas/Post' }], nullable: true },
    },
  ],
  [
    'keys added on some paths: one object, the conditional keys optional',
    {
      body: `        $data = ['id' => $post->id];
        if ($request->boolean('full')) {
            $data['title'] = $post->title;
        }
        if ($request->boolean('stamps')) {
            $data['created_at'] = 'now';
        }
        return response()->json($data);`,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          title: { type: 'string' },
          created_at: { type: 'string', enum: ['now'] },
        },
        required: ['id'],
      },
    },
  ],
  [
    'a ternary between two envelopes: both branches documented',
    {
      body: `        $ok = $post->title !== '';
        return response()->json($ok ? ['status' => 'success', 'payload' => $post->id] : ['status' => 'error', 'message' => 'empty']);`,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['success', 'error'] },
          payload: { type: 'integer' },
          message: { type: 'string', enum: ['empty'] },
        },
        required: ['status'],
      },
    },
  ],
  [
    'an object built with a query, which its methods read back from a property',
    {
      body: `        return (new \\App\\Support\\Listing(Post::query()->where('published', true)))->respond();`,
      files: {
        'app/Support/Listing.php': `<?php
namespace App\\Support;
use Illuminate\\Database\\Eloquent\\Builder;
class Listing {
    protected Builder $query;
    public function __construct(Builder $query) { $this->query = $query; }
    public function respond() {
        return response()->json(['data' => $this->query->get(['id', 'title']), 'total' => $this->query->count()]);
    }
}`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'integer' }, title: { type: 'string' } },
              required: ['id', 'title'],
            },
          },
          total: { type: 'integer' },
        },
        required: ['data', 'total'],
      },
    },
  ],
  [
    'fluent setters on the controller, then one method that answers what they set',
    {
      body: `        return $this->setMeta(['count' => 1])->setData($post)->respond();`,
      files: FLUENT,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          meta: {
            type: 'object',
            properties: { count: { type: 'integer', enum: [1] } },
            required: ['count'],
          },
          data: { $ref: '#/components/schemas/Post' },
        },
        required: ['data'],
      },
    },
  ],
  [
    'a fluent status setter: 204, no body',
    {
      method: 'delete',
      body: `        return $this->setStatus(204)->respond();`,
      files: FLUENT,
      status: '204',
      schema: undefined,
    },
  ],
  [
    'a check that answers an error or true, returned unless it is true: the created model is a 201',
    {
      method: 'post',
      body: `        $valid = $this->check($request);
        if ($valid !== true) {
            return $valid;
        }
        return new PostResource(Post::create($request->all()));
    }
    private function check($request)
    {
        if ($request->input('title') === '') {
            return response()->json(['error' => 'A title is needed.'], 400);
        }
        return true;`,
      status: '201',
      schema: {
        type: 'object',
        properties: { data: { $ref: '#/components/schemas/PostResource' } },
        required: ['data'],
      },
    },
  ],
  [
    "laravel-auto-presenter: a model decorated with its presenter answers the presenter's toArray()",
    {
      body: `        return response()->json(['data' => \\McCool\\LaravelAutoPresenter\\Facades\\AutoPresenter::decorate($post)]);`,
      files: {
        'app/Models/Post.php': `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Model;
class Post extends Model {
    protected $casts = ['published' => 'boolean'];
    public function getPresenterClass() { return \\App\\Presenters\\PostPresenter::class; }
}`,
        'app/Presenters/PostPresenter.php': `<?php
namespace App\\Presenters;
use McCool\\LaravelAutoPresenter\\BasePresenter;
class PostPresenter extends BasePresenter {
    public function excerpt(): string { return substr($this->wrappedObject->title, 0, 10); }
    public function toArray() {
        return array_merge($this->wrappedObject->toArray(), ['excerpt' => $this->excerpt()]);
    }
}`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              user_id: { type: 'integer' },
              title: { type: 'string' },
              published: { type: 'boolean' },
              created_at: { type: 'string', format: 'date-time' },
              updated_at: { type: 'string', format: 'date-time' },
              excerpt: { type: 'string' },
            },
            required: ['id', 'user_id', 'title', 'created_at', 'updated_at', 'excerpt'],
          },
        },
        required: ['data'],
      },
    },
  ],
  [
    "Laravel 12's JSON:API resource: id, type, attributes and relationships, in data; with relationships, the related resources may come in included",
    {
      body: `        return new \\App\\Http\\Resources\\PostApiResource($post);`,
      files: {
        'app/Http/Resources/PostApiResource.php': `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Request;
use Illuminate\\Http\\Resources\\JsonApi\\JsonApiResource;
/** @mixin \\App\\Models\\Post */
class PostApiResource extends JsonApiResource {
    public function toAttributes(Request $request): array {
        return ['title' => $this->title, 'published' => $this->published];
    }
    public function toRelationships(Request $request): array {
        return ['user' => UserResource::class];
    }
}`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: {
          data: { $ref: '#/components/schemas/PostApiResource' },
          included: {
            type: 'array',
            items: { $ref: '#/components/schemas/JsonApiResourceObject' },
          },
        },
        required: ['data'],
      },
    },
  ],
  [
    'a loaded camelCase relation is written snake_case, as Laravel serialises relations',
    {
      body: `        $found = Post::query()->findOrFail($post->id);
        $found->load('createdBy');
        return response()->json($found);`,
      ...CREATED_BY,
    },
  ],
  [
    'relations loaded on the bound model itself ($post->load(...); return $post;)',
    {
      body: `        $post->load('createdBy');
        return response()->json($post);`,
      ...CREATED_BY,
    },
  ],
  [
    'keys set on a model instance: setAttribute, setRelation, a property assigned, loadCount',
    {
      body: `        $post->setAttribute('links', ['html' => 'a', 'markdown' => 'b']);
        $post->setRelation('relatedPosts', [1, 2]);
        $post->excerpt = 'short';
        $post->loadCount('comments');
        return response()->json($post);`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Post' },
          {
            type: 'object',
            properties: {
              comments_count: { type: 'integer' },
              excerpt: { type: 'string', enum: ['short'] },
              links: {
                type: 'object',
                properties: {
                  html: { type: 'string', enum: ['a'] },
                  markdown: { type: 'string', enum: ['b'] },
                },
                required: ['html', 'markdown'],
              },
              related_posts: { type: 'array', items: { type: 'integer', enum: [1, 2] } },
            },
          },
        ],
      },
    },
  ],
  [
    'a model changed by the helpers it is passed to ($this->format($post)), as objects pass by handle',
    {
      body: `        $this->format($post);
        return response()->json($post);
    }
    private function format(Post $post)
    {
        $this->addLinks($post);
        $post->load('createdBy');
    }
    private static function addLinks(Post $post)
    {
        $post->setAttribute('links', ['html' => 'a']);`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Post' },
          {
            type: 'object',
            properties: {
              created_by: { allOf: [{ $ref: '#/components/schemas/User' }], nullable: true },
              links: {
                type: 'object',
                properties: { html: { type: 'string', enum: ['a'] } },
                required: ['html'],
              },
            },
          },
        ],
      },
    },
  ],
  [
    "a helper that replaces its parameter leaves the caller's model as it was",
    {
      body: `        $this->replace($post);
        return response()->json($post);
    }
    private function replace(Post $post)
    {
        $post = new Post();
        $post->excerpt = 'another';`,
      files: CREATED_BY.files,
      status: '200',
      schema: { $ref: '#/components/schemas/Post' },
    },
  ],
  [
    'a job run now answers what its handle() returns: dispatch_sync()',
    {
      body: `        return response()->json(dispatch_sync(new \\App\\Jobs\\FindPost(1)));`,
      files: JOBS,
      status: '200',
      schema: { $ref: '#/components/schemas/Post' },
    },
  ],
  [
    'a job run now: Job::dispatchSync(...) with its constructor arguments',
    {
      body: `        return response()->json(\\App\\Jobs\\FindPost::dispatchSync(1));`,
      files: JOBS,
      status: '200',
      schema: { $ref: '#/components/schemas/Post' },
    },
  ],
  [
    'a job run now: $this->dispatchSync() in a controller',
    {
      body: `        return response()->json($this->dispatchSync(new \\App\\Jobs\\FindPost(1)));`,
      files: JOBS,
      status: '200',
      schema: { $ref: '#/components/schemas/Post' },
    },
  ],
  [
    'a command without handle() runs its <Command>Handler: dispatchNow() on the bus',
    {
      body: `        return app(\\Illuminate\\Contracts\\Bus\\Dispatcher::class)->dispatchNow(new \\App\\Bus\\Commands\\PublishPostCommand(1));`,
      files: JOBS,
      status: '200',
      schema: {
        type: 'object',
        properties: { data: { $ref: '#/components/schemas/PostResource' } },
        required: ['data'],
      },
    },
  ],
  [
    'a command run by the Bus facade',
    {
      body: `        return \\Illuminate\\Support\\Facades\\Bus::dispatchNow(new \\App\\Bus\\Commands\\PublishPostCommand(1));`,
      files: JOBS,
      status: '200',
      schema: {
        type: 'object',
        properties: { data: { $ref: '#/components/schemas/PostResource' } },
        required: ['data'],
      },
    },
  ],
  [
    'a first-class callable mapped over a collection (self::present(...))',
    {
      body: `        return response()->json(Post::all()->map(self::present(...)));
    }
    public static function present(Post $post): array
    {
        return ['id' => $post->id, 'title' => $post->title];`,
      status: '200',
      schema: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'integer' }, title: { type: 'string' } },
          required: ['id', 'title'],
        },
      },
    },
  ],
  [
    'makeVisible() shows an attribute the class hides, and a hidden relation once loaded',
    {
      body: `        $user = User::findOrFail(1);
        $user->load('posts');
        $user->makeVisible(['password', 'posts']);
        return response()->json($user);`,
      files: {
        'app/Models/User.php': `<?php
namespace App\\Models;
use Illuminate\\Foundation\\Auth\\User as Authenticatable;
class User extends Authenticatable {
    protected $hidden = ['password', 'posts'];
    public function posts() {
        if (! $this->id) {
            return;
        }
        return $this->hasMany(Post::class);
    }
}`,
      },
      status: '200',
      schema: {
        allOf: [
          { $ref: '#/components/schemas/User' },
          {
            type: 'object',
            properties: {
              password: { type: 'string' },
              posts: { type: 'array', items: { $ref: '#/components/schemas/Post' } },
            },
          },
        ],
      },
    },
  ],
  [
    'a relation the class hides stays out when loaded',
    {
      body: `        return response()->json(User::with('posts')->findOrFail(1));`,
      files: {
        'app/Models/User.php': `<?php
namespace App\\Models;
use Illuminate\\Foundation\\Auth\\User as Authenticatable;
class User extends Authenticatable {
    protected $hidden = ['password', 'posts'];
    public function posts() { return $this->hasMany(Post::class); }
}`,
      },
      status: '200',
      schema: { $ref: '#/components/schemas/User' },
    },
  ],
  [
    'a typed property set by a method the action runs (a service object): the created model is a 201',
    {
      method: 'post',
      body: `        $post = (new \\App\\Services\\CreatePost())->execute(['title' => 'x']);
        return new PostResource($post);`,
      files: {
        'app/Services/CreatePost.php': `<?php
namespace App\\Services;
use App\\Models\\Post;
class CreatePost {
    private Post $post;
    private array $data;
    public function execute(array $data): Post {
        $this->data = $data;
        $this->create();
        return $this->post;
    }
    private function create(): void {
        $this->post = Post::create(['title' => $this->data['title']]);
    }
}`,
      },
      status: '201',
      schema: {
        type: 'object',
        properties: { data: { $ref: '#/components/schemas/PostResource' } },
        required: ['data'],
      },
    },
  ],
  [
    "a query's aggregates: withCount (an alias too), withSum, withExists on each row",
    {
      body: `        return response()->json(Post::query()
            ->withCount(['comments', 'likes as fans'])
            ->withSum('orders', 'total')
            ->withExists('createdBy')
            ->get());`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        type: 'array',
        items: {
          allOf: [
            { $ref: '#/components/schemas/Post' },
            {
              type: 'object',
              properties: {
                comments_count: { type: 'integer' },
                created_by_exists: { type: 'boolean' },
                fans: { type: 'integer' },
                orders_sum_total: { type: 'number' },
              },
            },
          ],
        },
      },
    },
  ],
  [
    "a select's aliases and keyed subqueries: each row gains those keys",
    {
      body: `        return response()->json(Post::query()
            ->select(['posts.*', 'users.name as author_name', 'book_slug' => function ($q) {
                $q->select('slug')->from('books')->limit(1);
            }])
            ->addSelect(['last_comment_at' => Post::select('created_at')->limit(1)])
            ->selectRaw('count(*) as total')
            ->get());`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        type: 'array',
        items: {
          allOf: [
            { $ref: '#/components/schemas/Post' },
            {
              type: 'object',
              properties: { author_name: {}, book_slug: {}, last_comment_at: {}, total: {} },
            },
          ],
        },
      },
    },
  ],
  [
    'JSON streamed with a JSON content type beside a plain JSON answer: the JSON answer',
    {
      body: `        if ($request->boolean('external')) {
            return response()->json(['id' => 1, 'content' => 'x']);
        }
        return response()->stream(function () { echo '{}'; }, 200, ['Content-Type' => 'application/json']);`,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          id: { type: 'integer', enum: [1] },
          content: { type: 'string', enum: ['x'] },
        },
        required: ['id', 'content'],
      },
    },
  ],
  [
    "a model's array with keys added, one of them nested ($data['content']['html'] = ...)",
    {
      body: `        $data = $post->toArray();
        $data['created_by'] = $post->createdBy;
        $data['content'] = [];
        $data['content']['html'] = '<p>';
        $data['content']['tags'][] = 'a';
        return response()->json($data);`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Post' },
          {
            type: 'object',
            properties: {
              content: {
                type: 'object',
                properties: {
                  html: { type: 'string', enum: ['<p>'] },
                  tags: { type: 'array', items: { type: 'string', enum: ['a'] } },
                },
                required: ['html', 'tags'],
              },
              created_by: { allOf: [{ $ref: '#/components/schemas/User' }], nullable: true },
            },
          },
        ],
      },
    },
  ],
  [
    'columns listed by spreading a list and adding to it: each a column of the rows',
    {
      body: `        $fields = ['id', 'title'];
        return response()->json(Post::query()->withCount('comments')->get([...$fields, 'comments_count']));`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            title: { type: 'string' },
            comments_count: { type: 'integer' },
          },
          required: ['id', 'title'],
        },
      },
    },
  ],
  [
    "get(columns) after select(): the query's columns, as Laravel ignores get's",
    {
      body: `        return response()->json(Post::query()->select(['*'])->get(['id']));`,
      files: CREATED_BY.files,
      status: '200',
      schema: { type: 'array', items: { $ref: '#/components/schemas/Post' } },
    },
  ],
  [
    "keys set in a loop over a property's literal list, in a subclass that overrides the list",
    {
      body: `        return response()->json(['distance' => (new \\App\\Units\\Distance(5))->inUnits()]);`,
      files: {
        'app/Units/Unit.php': `<?php
namespace App\\Units;
abstract class Unit {
    public array $units = [];
    public function __construct(protected float $value) {}
    public function inUnits(): array {
        $out = [];
        foreach ($this->units as $unit) { $out[$unit] = round($this->value, 2); }
        return $out;
    }
}`,
        'app/Units/Distance.php': `<?php
namespace App\\Units;
class Distance extends Unit { public array $units = ['km', 'mi']; }`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: {
          distance: {
            type: 'object',
            properties: { km: { type: 'number' }, mi: { type: 'number' } },
          },
        },
        required: ['distance'],
      },
    },
  ],
  [
    'counts keyed by a value read from each row: a map, not a list',
    {
      body: `        $stats = [];
        foreach (['source', 'device'] as $field) { $stats[$field] = []; }
        foreach (Post::all() as $post) {
            foreach (['source', 'device'] as $field) {
                $value = $post->$field;
                $stats[$field][$value] = ($stats[$field][$value] ?? 0) + 1;
            }
        }
        return response()->json(['by' => $stats]);`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          by: {
            type: 'object',
            properties: {
              source: { type: 'object', additionalProperties: { type: 'number' } },
              device: { type: 'object', additionalProperties: { type: 'number' } },
            },
          },
        },
        required: ['by'],
      },
    },
  ],
  [
    "a list's positions as keys keep a list; a shape's keys name its fields",
    {
      body: `        $titles = [];
        foreach (Post::all()->all() as $i => $post) { $titles[$i] = $post->title; }
        $copy = [];
        foreach (['a' => 1, 'b' => 'x'] as $key => $value) { $copy[$key] = (string) $value; }
        return response()->json(['titles' => $titles, 'copy' => $copy]);`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          titles: { type: 'array', items: { type: 'string' } },
          copy: {
            type: 'object',
            properties: { a: { type: 'string' }, b: { type: 'string' } },
          },
        },
        required: ['titles', 'copy'],
      },
    },
  ],
  [
    'an unknown value narrowed by instanceof a project class is that class',
    {
      body: `        $value = $request->input('unit');
        if ($value instanceof \\App\\Units\\Meters) {
            return response()->json($value->describe());
        }
        return response()->noContent();`,
      files: {
        'app/Units/Meters.php': `<?php
namespace App\\Units;
class Meters { public function describe(): array { return ['unit' => 'm']; } }`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: { unit: { type: 'string', enum: ['m'] } },
        required: ['unit'],
      },
    },
  ],
  [
    "a base resource's own collection(): an AnonymousResourceCollection subclass of static::class",
    {
      body: `        return \\App\\Http\\Resources\\ItemResource::collection(Post::paginate());`,
      files: {
        'app/Http/Resources/BaseResource.php': `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Resources\\Json\\JsonResource;
class BaseResource extends JsonResource {
    public static function collection($resource) {
        return tap(new AppCollection($resource, static::class), function ($collection) {});
    }
}`,
        'app/Http/Resources/AppCollection.php': `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Resources\\Json\\AnonymousResourceCollection;
class AppCollection extends AnonymousResourceCollection {}`,
        'app/Http/Resources/ItemResource.php': `<?php
namespace App\\Http\\Resources;
/** @mixin \\App\\Models\\Post */
class ItemResource extends BaseResource {
    public function toArray($request) { return ['id' => $this->id, 'title' => $this->title]; }
}`,
      },
      status: '200',
      schema: {
        type: 'object',
        required: ['data', 'links', 'meta'],
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/ItemResource' } },
          links: { $ref: '#/components/schemas/PaginationLinks' },
          meta: { $ref: '#/components/schemas/PaginationMeta' },
        },
      },
    },
  ],
  [
    "Arr::only() of a model's array: those keys",
    {
      body: `        return response()->json(\\Illuminate\\Support\\Arr::only($post->toArray(), ['id', 'title']));`,
      status: '200',
      schema: {
        type: 'object',
        properties: { id: { type: 'integer' }, title: { type: 'string' } },
        required: ['id', 'title'],
      },
    },
  ],
  [
    'a model made an array (collect($post)): its loaded relations and the keys set on it stay',
    {
      body: `        $post = Post::with('createdBy')->where('id', 1)->first();
        if (! $post) { return response()->json(['message' => 'no'], 404); }
        $post->setAttribute('score', 5);
        $post->makeHidden(['user_id']);
        return response()->json(collect($post)->sortKeys());`,
      files: CREATED_BY.files,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          created_at: { type: 'string', format: 'date-time' },
          created_by: { allOf: [{ $ref: '#/components/schemas/User' }], nullable: true },
          id: { type: 'integer' },
          published: { anyOf: [{ type: 'boolean' }, { type: 'integer', enum: [0, 1] }] },
          score: { type: 'integer', enum: [5] },
          title: { type: 'string' },
          updated_at: { type: 'string', format: 'date-time' },
        },
        required: ['id', 'title', 'created_at', 'updated_at', 'created_by', 'score'],
      },
    },
  ],
  [
    'Arr::wrap() and Arr::get() with a dotted key',
    {
      body: `        $data = ['user' => ['name' => $post->title]];
        return response()->json(['names' => \\Illuminate\\Support\\Arr::wrap(\\Illuminate\\Support\\Arr::get($data, 'user.name'))]);`,
      status: '200',
      schema: {
        type: 'object',
        properties: { names: { type: 'array', items: { type: 'string' } } },
        required: ['names'],
      },
    },
  ],
  [
    "a relation loaded with its columns named (`with('user:id,name')`) keeps only those",
    {
      body: "        return Post::with('user:id,name')->get();",
      status: '200',
      schema: {
        type: 'array',
        items: {
          allOf: [
            { $ref: '#/components/schemas/Post' },
            {
              type: 'object',
              properties: {
                user: {
                  type: 'object',
                  properties: { id: { type: 'integer' }, name: { type: 'string' } },
                  required: ['id', 'name'],
                  nullable: true,
                },
              },
            },
          ],
        },
      },
    },
  ],
  [
    "a relation loaded later with qualified columns (`load(['user:users.id,name'])`)",
    {
      body: "        return $post->load(['user:users.id,name']);",
      status: '200',
      schema: {
        allOf: [
          { $ref: '#/components/schemas/Post' },
          {
            type: 'object',
            properties: {
              user: {
                type: 'object',
                properties: { id: { type: 'integer' }, name: { type: 'string' } },
                required: ['id', 'name'],
                nullable: true,
              },
            },
          },
        ],
      },
    },
  ],
  [
    "Symfony's status constants, as Laravel's responses inherit them",
    {
      body: `        return response()->json(['id' => $post->id], Response::HTTP_CREATED);`,
      method: 'post',
      uses: 'use Illuminate\\Http\\Response;',
      status: '201',
      schema: {
        type: 'object',
        properties: { id: { type: 'integer' } },
        required: ['id'],
      },
    },
  ],
  [
    "a status constant read through JsonResponse, and Symfony's own Response class",
    {
      body: `        if ($request->boolean('queued')) {
            return new JsonResponse(['queued' => true], SymfonyResponse::HTTP_ACCEPTED);
        }
        return response()->json(null, JsonResponse::HTTP_NO_CONTENT);`,
      uses: 'use Illuminate\\Http\\JsonResponse;\nuse Symfony\\Component\\HttpFoundation\\Response as SymfonyResponse;',
      status: '202',
      schema: {
        type: 'object',
        properties: { queued: { type: 'boolean', enum: [true] } },
        required: ['queued'],
      },
    },
  ],
  [
    'one helper called with different named arguments: each call its own answer',
    {
      body: `        if ($request->boolean('denied')) {
            return \\App\\Support\\Reply::send(data: null, code: Response::HTTP_FORBIDDEN);
        }
        return \\App\\Support\\Reply::send(data: ['id' => $post->id]);`,
      uses: 'use Illuminate\\Http\\Response;',
      files: {
        'app/Support/Reply.php': `<?php
namespace App\\Support;
class Reply {
    public static function send($data, $message = 'ok', $code = 200) {
        return response()->json(['data' => $data, 'message' => $message], $code);
    }
}`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: { id: { type: 'integer' } },
            required: ['id'],
          },
          message: { type: 'string', enum: ['ok'] },
        },
        required: ['data', 'message'],
      },
    },
  ],
  [
    'an attribute cast to an enum: the case, with its name, value and methods',
    {
      body: `        return response()->json(['name' => $post->title->name, 'value' => $post->title->value, 'label' => $post->title->label()]);`,
      files: {
        'app/Enums/Tone.php': `<?php
namespace App\\Enums;
enum Tone: string {
    case Calm = 'calm';
    case Loud = 'loud';
    public function label(): string { return ucfirst($this->value); }
}`,
        'app/Models/Post.php': `<?php
namespace App\\Models;
use App\\Enums\\Tone;
use Illuminate\\Database\\Eloquent\\Model;
class Post extends Model {
    protected $casts = ['title' => Tone::class];
}`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          value: { type: 'string', enum: ['calm', 'loud'] },
          label: { type: 'string' },
        },
        required: ['name', 'value', 'label'],
      },
    },
  ],
  [
    'compact() of local variables, names in lists too; a name with no variable left out',
    {
      body: `        $count = 3;
        $title = $post->title;
        return response()->json(compact('count', ['title', 'nothing']));`,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          count: { type: 'integer', enum: [3] },
          title: { type: 'string' },
        },
        required: ['count', 'title'],
      },
    },
  ],
  [
    "a validator's errors: each field's messages, and what the bag's accessors give",
    {
      body: `        $validator = Validator::make($request->all(), ['title' => 'required']);
        return response()->json(['errors' => $validator->errors(), 'first' => $validator->errors()->first('title')]);`,
      uses: 'use Illuminate\\Support\\Facades\\Validator;',
      status: '200',
      schema: {
        type: 'object',
        properties: {
          errors: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
          first: { type: 'string' },
        },
        required: ['errors', 'first'],
      },
    },
  ],
  [
    "a collection's higher-order messages: ->map->id, ->map->only(), ->sum->id, ->filter->published",
    {
      body: `        $posts = Post::all();
        return response()->json([
            'ids' => $posts->map->id,
            'titles' => $posts->map->only(['title']),
            'total' => $posts->sum->id,
            'published' => $posts->filter->published->values(),
        ]);`,
      status: '200',
      schema: {
        type: 'object',
        properties: {
          ids: { type: 'array', items: { type: 'integer' } },
          titles: {
            type: 'array',
            items: {
              type: 'object',
              properties: { title: { type: 'string' } },
              required: ['title'],
            },
          },
          total: { type: 'number' },
          published: { type: 'array', items: { $ref: '#/components/schemas/Post' } },
        },
        required: ['ids', 'titles', 'total', 'published'],
      },
    },
  ],
  [
    "select() keeps the columns it names, addSelect() adds to them; 'table.*' keeps them all; a table's rows too",
    {
      body: `        return response()->json([
            'rows' => Post::query()->select('id')->addSelect(['posts.title'])->get(),
            'all' => Post::select('posts.*')->first(),
            'table' => DB::table('posts')->select('id', 'title as name')->get(),
        ]);`,
      uses: 'use Illuminate\\Support\\Facades\\DB;',
      status: '200',
      schema: {
        type: 'object',
        properties: {
          rows: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'integer' }, title: { type: 'string' } },
              required: ['id', 'title'],
            },
          },
          all: { allOf: [{ $ref: '#/components/schemas/Post' }], nullable: true },
          table: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'integer' }, name: { type: 'string' } },
              required: ['id', 'name'],
            },
          },
        },
        required: ['rows', 'all', 'table'],
      },
    },
  ],
  [
    "an interface's method: what its one implementation in the project returns",
    {
      body: `        return response()->json(app(\\App\\Contracts\\Stats::class)->of($post));`,
      files: {
        'app/Contracts/Stats.php': `<?php
namespace App\\Contracts;
use App\\Models\\Post;
interface Counts { public function of(Post $post): array; }
interface Stats extends Counts {}`,
        'app/Services/PostStats.php': `<?php
namespace App\\Services;
use App\\Contracts\\Stats;
use App\\Models\\Post;
abstract class BaseStats implements Stats {
    public function of(Post $post): array { return ['title' => $post->title, 'words' => 3]; }
}
class PostStats extends BaseStats {}`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          words: { type: 'integer', enum: [3] },
        },
        required: ['title', 'words'],
      },
    },
  ],
  [
    "an interface implemented twice: the container's choice is not known, the declared type stands",
    {
      body: `        return response()->json(['stats' => app(\\App\\Contracts\\Stats::class)->of($post)]);`,
      files: {
        'app/Contracts/Stats.php': `<?php
namespace App\\Contracts;
use App\\Models\\Post;
interface Stats { public function of(Post $post): array; }`,
        'app/Services/PostStats.php': `<?php
namespace App\\Services;
use App\\Contracts\\Stats;
use App\\Models\\Post;
class PostStats implements Stats { public function of(Post $post): array { return ['title' => $post->title]; } }
class CachedStats implements Stats { public function of(Post $post): array { return ['cached' => true]; } }`,
      },
      status: '200',
      schema: {
        type: 'object',
        properties: { stats: { type: 'array', items: {} } },
        required: ['stats'],
      },
    },
  ],
];

describe('the type engine on idioms of real applications', () => {
  it('documents a JSON:API resource object as its component', () => {
    const got = answer(CASES.find(([name]) => name.includes('JSON:API'))![1].body, {
      files: CASES.find(([name]) => name.includes('JSON:API'))![1].files!,
    });
    const identifier = {
      type: 'object',
      properties: { id: { type: 'string' }, type: { type: 'string' } },
      required: ['id', 'type'],
    };
    expect(got.document.components?.schemas?.PostApiResource).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        type: { type: 'string' },
        attributes: {
          type: 'object',
          properties: { title: { type: 'string' }, published: { type: 'boolean' } },
          required: ['title', 'published'],
        },
        relationships: {
          type: 'object',
          properties: {
            user: {
              type: 'object',
              properties: {
                data: { anyOf: [identifier, { type: 'array', items: identifier }] },
              },
              required: ['data'],
            },
          },
        },
      },
      required: ['id', 'type', 'attributes'],
    });
  });

  it("reads a class of a Models namespace extending a package's class as a model when it uses Eloquent's traits", () => {
    const files = {
      'app/Models/Team.php': `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;
use Laravel\\Jetstream\\Team as JetstreamTeam;
class Team extends JetstreamTeam { use HasFactory; }`,
      'app/Models/Note.php': `<?php
namespace App\\Models;
use Some\\Package\\Note as PackageNote;
class Note extends PackageNote { }`,
      'app/Transformers/NoteTransformer.php': `<?php
namespace App\\Transformers;
use Illuminate\\Database\\Eloquent\\SoftDeletes;
use League\\Fractal\\TransformerAbstract;
class NoteTransformer extends TransformerAbstract { use SoftDeletes; }`,
    };
    const team = answer(
      `        return response()->json(\\App\\Models\\Team::query()->paginate());`,
      { files },
    ).schema!;
    expect(team.required).toContain('total');
    expect(team.properties?.data).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Team' },
    });
    const note = answer(
      `        return response()->json(\\App\\Models\\Note::query()->paginate());`,
      { files },
    ).schema!;
    expect(note.properties?.data).toBeUndefined();
    const transformer = answer(
      `        return response()->json(\\App\\Transformers\\NoteTransformer::query()->paginate());`,
      { files },
    ).schema!;
    expect(transformer.properties?.data).toBeUndefined();
  });

  it("types an appended accessor without a declared type by what its getter returns, in the model's component", () => {
    const got = answer(`        return response()->json(Post::findOrFail(1));`, {
      files: {
        'app/Models/Post.php': `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Casts\\Attribute;
use Illuminate\\Database\\Eloquent\\Model;
class Post extends Model {
    protected $appends = ['headline', 'mystery'];
    protected function headline(): Attribute {
        return Attribute::make(get: fn () => strtoupper($this->title));
    }
    public function getMysteryAttribute() { return $this->undeclared; }
}`,
      },
    });
    expect(got.schema).toEqual({ $ref: '#/components/schemas/Post' });
    const properties = component(got, 'Post')?.properties ?? {};
    expect(properties.headline).toEqual({ type: 'string' });
    expect(properties.mystery).toEqual({});
  });

  it.each([
    ['a ternary', '$post->wasRecentlyCreated ? 201 : Response::HTTP_OK', ['200', '201']],
    ['a variable set on two paths', '$status', ['200', '202']],
    ['one status', '201', ['201']],
  ])('documents each status the value may be: %s', (_name, status, statuses) => {
    const got = answer(
      `        $status = 200;
        if ($request->boolean('queued')) $status = 202;
        $post = Post::firstOrCreate(['title' => $request->input('title')]);
        return response()->json(['id' => $post->id], ${status});`,
      { method: 'put', uses: 'use Illuminate\\Http\\Response;' },
    );
    const responses = got.document.paths?.['/api/posts/{post}']?.put?.responses ?? {};
    expect(Object.keys(responses).filter((s) => s.startsWith('2'))).toEqual(statuses);
    for (const s of statuses)
      expect(deref(got.document, responses[s])).toMatchObject({
        content: { 'application/json': { schema: { properties: { id: { type: 'integer' } } } } },
      });
  });

  it.each([
    [
      'thrown in the action',
      `        if (! $post->published) {
            throw new HttpResponseException(response()->json(['error' => 'Not published'], 403));
        }`,
      '403',
      { error: { type: 'string', enum: ['Not published'] } },
    ],
    [
      'thrown by a helper called as a statement',
      '        $this->deny($post);',
      '409',
      { error: { type: 'string', enum: ['Taken'] }, id: { type: 'integer' } },
    ],
    [
      'thrown by a static helper with named arguments',
      "        self::fail(message: 'Gone', code: 410);",
      '410',
      { message: { type: 'string', enum: ['Gone'] } },
    ],
    [
      "thrown by a helper in findOr()'s callback",
      `        $post = Post::findOr($request->input('id'), function () {
            self::fail(message: 'Missing', code: 404);
        });`,
      '404',
      { message: { type: 'string', enum: ['Missing'] } },
    ],
  ])(
    'documents a response thrown as an HttpResponseException: %s',
    (_name, body, status, fields) => {
      const got = answer(`${body}\n        return new PostResource($post);`, {
        uses: 'use Illuminate\\Http\\Exceptions\\HttpResponseException;',
        files: {
          'app/Http/Controllers/Controller.php': `<?php
namespace App\\Http\\Controllers;
use Illuminate\\Http\\Exceptions\\HttpResponseException;
abstract class Controller {
    protected function deny($post) {
        if ($post->user_id !== auth()->id()) {
            throw new HttpResponseException(response()->json(['error' => 'Taken', 'id' => $post->id], 409));
        }
    }
    protected static function fail(string $message, int $code = 500) {
        throw new HttpResponseException(response: response()->json(data: ['message' => $message], status: $code));
    }
}`,
        },
      });
      const responses = got.document.paths?.['/api/posts/{post}']?.get?.responses ?? {};
      expect(got.status).toBe('200');
      expect(deref(got.document, responses[status])).toMatchObject({
        content: { 'application/json': { schema: { properties: fields } } },
      });
    },
  );

  it("types an exception's message and line in a catch block's answer", () => {
    const got = answer(
      `        try {
            $post->publish();
        } catch (\\Exception $e) {
            return response()->json(['message' => $e->getMessage(), 'line' => $e->getLine()], 500);
        }
        return new PostResource($post);`,
      { method: 'post' },
    );
    const responses = got.document.paths?.['/api/posts/{post}']?.post?.responses ?? {};
    expect(deref(got.document, responses['500'])).toMatchObject({
      content: {
        'application/json': {
          schema: { properties: { message: { type: 'string' }, line: { type: 'integer' } } },
        },
      },
    });
  });

  it.each(CASES)('%s', (_name, c) => {
    const got = answer(c.body, c);
    expect(got.status).toBe(c.status);
    expect(got.schema).toEqual(c.schema);
  });
});
