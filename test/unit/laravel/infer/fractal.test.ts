import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { answer } from './fixture.js';

const TRANSFORMER = `<?php
namespace App\\Transformers;
use App\\Models\\Post;
use League\\Fractal\\TransformerAbstract;
class PostTransformer extends TransformerAbstract {
    public function transform(Post $post): array {
        return ['id' => (int) $post->id, 'title' => $post->title, 'published' => $post->published];
    }
}`;

const ITEM: SchemaObject = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    published: { type: 'boolean' },
  },
  required: ['id', 'title', 'published'],
};

const PAGINATION: SchemaObject = {
  type: 'object',
  properties: {
    pagination: {
      type: 'object',
      properties: {
        total: { type: 'integer' },
        count: { type: 'integer' },
        per_page: { type: 'integer' },
        current_page: { type: 'integer' },
        total_pages: { type: 'integer' },
        links: {
          type: 'object',
          properties: {
            previous: { type: 'string', format: 'uri' },
            next: { type: 'string', format: 'uri' },
          },
        },
      },
      required: ['total', 'count', 'per_page', 'current_page', 'total_pages', 'links'],
    },
  },
  required: ['pagination'],
};

/** A base controller with Fractal helpers, as applications write them. */
const BASE = (serializer: string) => `<?php
namespace App\\Http\\Controllers;
use League\\Fractal\\Manager;
use League\\Fractal\\Resource\\Item;
use League\\Fractal\\Resource\\Collection;
use League\\Fractal\\Pagination\\IlluminatePaginatorAdapter;
abstract class Controller {
    protected Manager $fractal;
    public function __construct() {
        $this->fractal = new Manager();
    }
    protected function manager(): Manager {
        $manager = new Manager();
        $manager->setSerializer(new \\${serializer}());
        return $manager;
    }
    protected function item($data, $transformer, string $key = 'posts') {
        return response()->json($this->manager()->createData(new Item($data, $transformer, $key))->toArray());
    }
    protected function paginated($paginator, $transformer) {
        $resource = new Collection($paginator->getCollection(), $transformer, 'posts');
        $resource->setPaginator(new IlluminatePaginatorAdapter($paginator));
        return response()->json($this->manager()->createData($resource)->toArray());
    }
}`;

const files = (serializer: string) => ({
  'app/Transformers/PostTransformer.php': TRANSFORMER,
  'app/Http/Controllers/Controller.php': BASE(serializer),
});

describe('Fractal: transformers shaped by their serializer', () => {
  it.each<[string, string, string, SchemaObject]>([
    [
      'an item, ArraySerializer: the transformer’s output',
      'League\\Fractal\\Serializer\\ArraySerializer',
      '        return $this->item($post, new \\App\\Transformers\\PostTransformer);',
      ITEM,
    ],
    [
      'an item, DataArraySerializer: in data',
      'League\\Fractal\\Serializer\\DataArraySerializer',
      '        return $this->item($post, new \\App\\Transformers\\PostTransformer);',
      { type: 'object', properties: { data: ITEM }, required: ['data'] },
    ],
    [
      'a paginated collection, ArraySerializer: data and meta.pagination',
      'League\\Fractal\\Serializer\\ArraySerializer',
      '        return $this->paginated(Post::paginate(), new \\App\\Transformers\\PostTransformer);',
      {
        type: 'object',
        properties: { data: { type: 'array', items: ITEM }, meta: PAGINATION },
        required: ['data', 'meta'],
      },
    ],
    [
      'an item, JsonApiSerializer: type, id and attributes',
      'League\\Fractal\\Serializer\\JsonApiSerializer',
      '        return $this->item($post, new \\App\\Transformers\\PostTransformer);',
      {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: {
              type: { type: 'string', enum: ['posts'] },
              id: { type: 'string' },
              attributes: {
                type: 'object',
                properties: { title: { type: 'string' }, published: { type: 'boolean' } },
                required: ['title', 'published'],
              },
              links: {
                type: 'object',
                properties: { self: { type: 'string', format: 'uri' } },
                required: ['self'],
              },
            },
            required: ['type', 'id', 'attributes'],
          },
        },
        required: ['data'],
      },
    ],
  ])('%s', (_name, serializer, body, schema) => {
    const got = answer(body, { files: files(serializer) });
    expect(got.status).toBe('200');
    expect(got.schema).toEqual(schema);
  });

  it('spatie/laravel-fractal: fractal($data, $transformer)->toArray()', () => {
    const got = answer(
      '        return response()->json(fractal($post, new \\App\\Transformers\\PostTransformer)->toArray());',
      { files: { 'app/Transformers/PostTransformer.php': TRANSFORMER } },
    );
    expect(got.schema).toEqual(ITEM);
  });

  /** A base controller whose manager's serializer is set in another method, before use. */
  const SETUP = (serializer: string) => `<?php
namespace App\\Http\\Controllers;
use League\\Fractal\\Manager;
use League\\Fractal\\Resource\\Item;
use League\\Fractal\\Resource\\Collection;
use League\\Fractal\\Pagination\\IlluminatePaginatorAdapter;
abstract class Controller {
    protected Manager $manager;
    public function __construct() {
        $this->manager = new Manager();
    }
    private function setUpManager() {
        $this->manager->parseIncludes(request()->input('include', ''));
        $this->manager->setSerializer(new ${serializer}());
    }
    protected function one($data, $transformer) {
        $this->setUpManager();
        return response()->json($this->manager->createData(new Item($data, $transformer))->toArray());
    }
    protected function many($paginator, $transformer) {
        $this->setUpManager();
        $resource = new Collection($paginator->getCollection(), $transformer);
        $resource->setPaginator(new IlluminatePaginatorAdapter($paginator));
        return response()->json($this->manager->createData($resource)->toArray());
    }
}`;

  /** The application's own serializer: items and collections as they are, no `data` key. */
  const PLAIN = `<?php
namespace App\\Serializers;
use League\\Fractal\\Serializer\\ArraySerializer;
class PlainSerializer extends ArraySerializer {
    public function collection(?string $resourceKey, array $data): array { return $data; }
    public function item(?string $resourceKey, array $data): array { return ['item' => $data]; }
}`;

  it.each<[string, string, string, SchemaObject]>([
    [
      'a serializer set on $this->manager in another method: ArraySerializer',
      '\\League\\Fractal\\Serializer\\ArraySerializer',
      '        return $this->one($post, new \\App\\Transformers\\PostTransformer);',
      ITEM,
    ],
    [
      "the application's own serializer: its item() run",
      '\\App\\Serializers\\PlainSerializer',
      '        return $this->one($post, new \\App\\Transformers\\PostTransformer);',
      { type: 'object', properties: { item: ITEM }, required: ['item'] },
    ],
    [
      "the application's own serializer: its collection() run on a page",
      '\\App\\Serializers\\PlainSerializer',
      '        return $this->many(Post::paginate(), new \\App\\Transformers\\PostTransformer);',
      { type: 'array', items: ITEM },
    ],
  ])('%s', (_name, serializer, body, schema) => {
    const got = answer(body, {
      files: {
        'app/Transformers/PostTransformer.php': TRANSFORMER,
        'app/Serializers/PlainSerializer.php': PLAIN,
        'app/Http/Controllers/Controller.php': SETUP(serializer),
      },
    });
    expect(got.status).toBe('200');
    expect(got.schema).toEqual(schema);
  });
});

describe("a transformer's default includes", () => {
  const WITH_INCLUDES = `<?php
namespace App\\Transformers;
use App\\Models\\Post;
use League\\Fractal\\TransformerAbstract;
class PostTransformer extends TransformerAbstract {
    protected array $defaultIncludes = ['author', 'tags'];
    protected array $availableIncludes = ['comments'];
    public function transform(Post $post): array { return ['id' => (int) $post->id]; }
    public function includeAuthor(Post $post) { return $this->item($post, new AuthorTransformer); }
    public function includeTags(Post $post) { return $this->collection($post->tags, new TagTransformer); }
    public function includeComments(Post $post) { return $this->collection($post->comments, new TagTransformer); }
}`;
  const AUTHOR = `<?php
namespace App\\Transformers;
use League\\Fractal\\TransformerAbstract;
class AuthorTransformer extends TransformerAbstract {
    public function transform($post): array { return ['name' => 'Ada']; }
}`;
  const TAG = `<?php
namespace App\\Transformers;
use League\\Fractal\\TransformerAbstract;
class TagTransformer extends TransformerAbstract {
    public function transform($tag): array { return ['label' => (string) $tag]; }
}`;
  const author = {
    type: 'object',
    properties: { name: { type: 'string', enum: ['Ada'] } },
    required: ['name'],
  };
  const tag = { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] };

  it.each<[string, string, SchemaObject]>([
    [
      'DataArraySerializer: each default include under its name, in data as the root is',
      'League\\Fractal\\Serializer\\DataArraySerializer',
      {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              author: { type: 'object', properties: { data: author }, required: ['data'] },
              tags: {
                type: 'object',
                properties: { data: { type: 'array', items: tag } },
                required: ['data'],
              },
            },
            required: ['id', 'author', 'tags'],
          },
        },
        required: ['data'],
      },
    ],
    [
      'ArraySerializer: an item as it is, a collection in data',
      'League\\Fractal\\Serializer\\ArraySerializer',
      {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          author,
          tags: {
            type: 'object',
            properties: { data: { type: 'array', items: tag } },
            required: ['data'],
          },
        },
        required: ['id', 'author', 'tags'],
      },
    ],
  ])('%s; an available include (sent on request) left out', (_name, serializer, schema) => {
    const got = answer(
      '        return $this->item($post, new \\App\\Transformers\\PostTransformer);',
      {
        files: {
          'app/Transformers/PostTransformer.php': WITH_INCLUDES,
          'app/Transformers/AuthorTransformer.php': AUTHOR,
          'app/Transformers/TagTransformer.php': TAG,
          'app/Http/Controllers/Controller.php': BASE(serializer),
        },
      },
    );
    expect(got.schema).toEqual(schema);
  });
});
