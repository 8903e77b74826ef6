import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { attributeSchema } from '../../../../src/laravel/emit/attribute-schema.js';
import { castType } from '../../../../src/laravel/models/casts.js';
import { documentOf } from '../helpers.js';

describe('casts → type → schema', () => {
  const enums = (name: string) =>
    name === 'App\\Enums\\Status'
      ? { values: ['draft', 'live'], type: 'string' as const }
      : undefined;
  const cases: [string, { given: string; want: SchemaObject | undefined }][] = [
    ['int', { given: 'int', want: { type: 'integer' } }],
    ['integer', { given: 'integer', want: { type: 'integer' } }],
    ['float', { given: 'float', want: { type: 'number' } }],
    [
      'decimal:2 is a string',
      { given: 'decimal:2', want: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' } },
    ],
    ['boolean', { given: 'boolean', want: { type: 'boolean' } }],
    ['datetime is ISO-8601', { given: 'datetime', want: { type: 'string', format: 'date-time' } }],
    [
      'date is serialised as a datetime',
      { given: 'date', want: { type: 'string', format: 'date-time' } },
    ],
    ['date:Y-m-d', { given: 'date:Y-m-d', want: { type: 'string', format: 'date' } }],
    ['datetime with a format', { given: 'datetime:Y-m-d H:i', want: { type: 'string' } }],
    ['timestamp is an integer', { given: 'timestamp', want: { type: 'integer' } }],
    [
      'array',
      {
        given: 'array',
        want: {
          anyOf: [
            { type: 'object', additionalProperties: true },
            { type: 'array', items: {} },
          ],
        },
      },
    ],
    ['hashed', { given: 'hashed', want: { type: 'string' } }],
    [
      'a backed enum',
      { given: 'App\\Enums\\Status', want: { type: 'string', enum: ['draft', 'live'] } },
    ],
    [
      'AsStringable',
      { given: 'Illuminate\\Database\\Eloquent\\Casts\\AsStringable', want: { type: 'string' } },
    ],
    ['an unknown cast class', { given: 'App\\Casts\\Money', want: undefined }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const type = castType(given, enums);
    expect(type && attributeSchema(type)).toEqual(want);
  });
});

const MODEL = (body: string, extra = '') => `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Model;
${extra}
class Thing extends Model {
${body}
}`;

function migration(columns: string): string {
  return `<?php
use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\Schema;
return new class extends Migration {
    public function up(): void {
        Schema::create('things', function (Blueprint $table) {
${columns}
        });
    }
    public function down(): void { Schema::dropIfExists('things'); }
};`;
}

/** The schema of Thing's `toArray()`, through a route returning `Thing::findOrFail`. */
function thingSchema(
  model: string,
  columns: string,
  extra: Record<string, string> = {},
): SchemaObject {
  const { document } = documentOf({
    'routes/api.php': `<?php use Illuminate\\Support\\Facades\\Route; use App\\Models\\Thing; Route::get('things/{id}', fn ($id) => Thing::findOrFail($id));`,
    'app/Models/Thing.php': model,
    'database/migrations/2024_01_01_000000_create_things_table.php': migration(columns),
    ...extra,
  });
  return document.components!.schemas!.Thing!;
}

describe('migrations → column types', () => {
  const cases: [string, { given: string; want: Record<string, SchemaObject> }][] = [
    [
      'id and foreign ids',
      {
        given: "$table->id(); $table->foreignId('user_id')->constrained();",
        want: { id: { type: 'integer' }, user_id: { type: 'integer' } },
      },
    ],
    [
      'strings and text',
      {
        given: "$table->string('name', 100); $table->text('body')->nullable();",
        want: { name: { type: 'string' }, body: { type: 'string', nullable: true } },
      },
    ],
    [
      'uuid',
      { given: "$table->uuid('uuid');", want: { uuid: { type: 'string', format: 'uuid' } } },
    ],
    [
      'enum column',
      {
        given: "$table->enum('status', ['draft', 'live']);",
        want: { status: { type: 'string', enum: ['draft', 'live'] } },
      },
    ],
    [
      'numbers',
      {
        given: "$table->integer('n'); $table->float('f'); $table->unsignedBigInteger('b');",
        want: { n: { type: 'integer' }, f: { type: 'number' }, b: { type: 'integer' } },
      },
    ],
    [
      'a boolean without a cast is 0/1 or true/false',
      {
        given: "$table->boolean('active');",
        want: { active: { anyOf: [{ type: 'boolean' }, { type: 'integer', enum: [0, 1] }] } },
      },
    ],
    [
      'a date column',
      { given: "$table->date('born_on');", want: { born_on: { type: 'string', format: 'date' } } },
    ],
    [
      'a datetime column without a cast is the database format',
      {
        given: "$table->dateTime('seen');",
        want: { seen: { type: 'string', example: '2024-01-31 12:00:00' } },
      },
    ],
    [
      'timestamps are cast to ISO-8601',
      {
        given: '$table->timestamps();',
        want: {
          created_at: { type: 'string', format: 'date-time' },
          updated_at: { type: 'string', format: 'date-time' },
        },
      },
    ],
    [
      'json',
      {
        given: "$table->json('meta');",
        want: {
          meta: {
            anyOf: [
              { type: 'object', additionalProperties: true },
              { type: 'array', items: {} },
            ],
          },
        },
      },
    ],
    [
      'morphs',
      {
        given: "$table->morphs('owner');",
        want: { owner_type: { type: 'string' }, owner_id: { type: 'integer' } },
      },
    ],
    [
      'comment becomes the description',
      {
        given: "$table->string('sku')->comment('Stock keeping unit');",
        want: { sku: { type: 'string', description: 'Stock keeping unit' } },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(thingSchema(MODEL(''), given).properties).toEqual(want);
  });

  it('replays later migrations: added, renamed and dropped columns', () => {
    const alter = `<?php
use Illuminate\\Support\\Facades\\Schema;
class AlterThings extends Illuminate\\Database\\Migrations\\Migration {
    public function up() {
        Schema::table('things', function ($table) {
            $table->string('code')->nullable();
            $table->renameColumn('name', 'title');
            $table->dropColumn(['legacy']);
        });
    }
}`;
    const schema = thingSchema(
      MODEL(''),
      "$table->id(); $table->string('name'); $table->string('legacy');",
      {
        'database/migrations/2024_02_01_000000_alter_things.php': alter,
      },
    );
    expect(Object.keys(schema.properties ?? {})).toEqual(['id', 'title', 'code']);
  });

  const loops: [string, string][] = [
    [
      'a literal list in the foreach',
      "foreach (['others', 'things'] as $name) {\n            Schema::table($name, function (Blueprint $table) {\n                $table->integer('owned_by');\n            });\n        }",
    ],
    [
      'a list kept in a local, the closure parameter named like the loop variable',
      "$tables = ['others', 'things'];\n        foreach ($tables as $table) {\n            Schema::table($table, function (Blueprint $table) {\n                $table->integer('owned_by');\n            });\n        }",
    ],
  ];
  it.each(loops)('replays a migration looping over tables: %s', (_, body) => {
    const alter = `<?php
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\Schema;
return new class extends Illuminate\\Database\\Migrations\\Migration {
    public function up(): void {
        ${body}
    }
};`;
    const schema = thingSchema(MODEL(''), "$table->id(); $table->string('name');", {
      'database/migrations/2024_02_01_000000_add_owner.php': alter,
    });
    expect(Object.keys(schema.properties ?? {})).toEqual(['id', 'name', 'owned_by']);
  });
});

describe('models: casts, hidden, table names', () => {
  it('applies $casts over columns and drops $hidden', () => {
    const model =
      MODEL(`protected $casts = ['active' => 'boolean', 'price' => 'decimal:2', 'meta' => 'array'];
    protected $hidden = ['secret'];`);
    const schema = thingSchema(
      model,
      "$table->id(); $table->boolean('active'); $table->decimal('price', 8, 2); $table->json('meta')->nullable(); $table->string('secret');",
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        active: { type: 'boolean' },
        price: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' },
        meta: {
          anyOf: [
            { type: 'object', additionalProperties: true },
            { type: 'array', items: {} },
          ],
          nullable: true,
        },
      },
      required: ['id', 'active', 'price'],
    });
  });

  it('reads a casts() method (Laravel 11) and enum casts from the enum file', () => {
    const model = MODEL(
      `protected function casts(): array { return ['status' => Status::class]; }`,
      'use App\\Enums\\Status;',
    );
    const schema = thingSchema(model, "$table->id(); $table->string('status');", {
      'app/Enums/Status.php': `<?php namespace App\\Enums; enum Status: string { case Draft = 'draft'; case Live = 'live'; }`,
    });
    expect(schema.properties?.status).toEqual({ type: 'string', enum: ['draft', 'live'] });
  });

  it('uses $table when the model names its table', () => {
    const model = MODEL(`protected $table = 'legacy_things';`);
    const { document } = documentOf({
      'routes/api.php': `<?php use Illuminate\\Support\\Facades\\Route; use App\\Models\\Thing; Route::get('t', fn () => Thing::all());`,
      'app/Models/Thing.php': model,
      'database/migrations/2024_01_01_000000_x.php': migration('$table->id();')
        .replace("'things'", "'legacy_things'")
        .replace("'things'", "'legacy_things'"),
    });
    expect(Object.keys(document.components!.schemas!.Thing!.properties ?? {})).toEqual(['id']);
  });
});
