import type { OpenApiDocument, ResponseObject, SchemaObject } from '../../../../src/core/types.js';
import { deref } from '../../../../src/core/refs.js';
import { controller, documentOf, routesFile } from '../helpers.js';

/**
 * A small project for the type engine's tests: users and posts (migrations, models with
 * casts, a relation and a scope), a resource, a resource collection, a base controller.
 */
export const PROJECT: Record<string, string> = {
  'database/migrations/2024_01_01_000000_create_tables.php': `<?php
use Illuminate\\Support\\Facades\\Schema;
return new class extends Illuminate\\Database\\Migrations\\Migration {
    public function up() {
        Schema::create('users', function ($table) {
            $table->id(); $table->string('name'); $table->string('email'); $table->string('password');
            $table->timestamps();
        });
        Schema::create('posts', function ($table) {
            $table->id(); $table->foreignId('user_id'); $table->string('title');
            $table->boolean('published')->default(false); $table->timestamps();
        });
    }
};`,
  'app/Models/User.php': `<?php
namespace App\\Models;
use Illuminate\\Foundation\\Auth\\User as Authenticatable;
class User extends Authenticatable {
    protected $hidden = ['password'];
    public function posts() { return $this->hasMany(Post::class); }
}`,
  'app/Models/Post.php': `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Model;
class Post extends Model {
    protected $casts = ['published' => 'boolean'];
    public function user() { return $this->belongsTo(User::class); }
    public function scopeFilter($query, array $filters) {
        return $query->when($filters['q'] ?? null, fn ($q, $term) => $q->where('title', 'like', $term));
    }
}`,
  'app/Http/Resources/PostResource.php': `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Resources\\Json\\JsonResource;
class PostResource extends JsonResource {
    public function toArray($request) {
        return ['id' => $this->id, 'title' => $this->title, 'author' => new UserResource($this->whenLoaded('user'))];
    }
}`,
  'app/Http/Resources/UserResource.php': `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Resources\\Json\\JsonResource;
class UserResource extends JsonResource {
    public function toArray($request) { return ['id' => $this->id, 'name' => $this->name]; }
}`,
  'app/Http/Resources/PostCollection.php': `<?php
namespace App\\Http\\Resources;
use Illuminate\\Http\\Resources\\Json\\ResourceCollection;
class PostCollection extends ResourceCollection {}`,
  'app/Http/Controllers/Controller.php': `<?php
namespace App\\Http\\Controllers;
abstract class Controller {
    protected function respond($data, int $status = 200) { return response()->json($data, $status); }
    protected function errorInternal() { return response()->json(['message' => 'Server Error'], 500); }
}`,
};

export interface Answer {
  status: string;
  description: string;
  schema: SchemaObject | undefined;
  document: OpenApiDocument;
  warnings: string[];
}

/** A table row of the engine's tests: a handler's body (and files) in, its answer out. */
export interface Case {
  body: string;
  method?: string;
  uses?: string;
  files?: Record<string, string>;
  params?: string;
  status: string;
  /** Undefined: no body. */
  schema: SchemaObject | undefined;
}

/**
 * What `PostController::action` answers on `METHOD /api/posts/{post}`: the lowest 2xx status,
 * its description and its schema (the document's own `$ref`s kept).
 */
export function answer(
  body: string,
  options: { method?: string; uses?: string; files?: Record<string, string>; params?: string } = {},
): Answer {
  const method = options.method ?? 'get';
  const files = {
    ...PROJECT,
    'routes/api.php': routesFile(
      `Route::${method}('posts/{post}', [PostController::class, 'action']);`,
      'use App\\Http\\Controllers\\PostController;',
    ),
    'app/Http/Controllers/PostController.php': controller(
      'PostController',
      `    public function action(${options.params ?? 'Request $request, Post $post'})\n    {\n${body}\n    }`,
      `use App\\Models\\Post;\nuse App\\Models\\User;\nuse App\\Http\\Resources\\PostResource;\nuse App\\Http\\Resources\\UserResource;\nuse App\\Http\\Resources\\PostCollection;\n${options.uses ?? ''}`,
    ),
    ...options.files,
  };
  const { document, warnings } = documentOf(files);
  const op = document.paths?.['/api/posts/{post}']?.[method as 'get'];
  const responses = op?.responses ?? {};
  const status =
    Object.keys(responses)
      .filter((s) => /^2/.test(s))
      .sort()[0] ?? '';
  const response = deref(document, responses[status]) as ResponseObject | undefined;
  const content = response?.content ? Object.values(response.content)[0] : undefined;
  return {
    status,
    description: response?.description ?? '',
    schema: content?.schema,
    document,
    warnings: warnings.map((w) => w.message),
  };
}

/** A component schema of the answer's document. */
export function component(a: Answer, name: string): SchemaObject | undefined {
  return a.document.components?.schemas?.[name];
}
