import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../../src/laravel/generate.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A copy of a fixture project without its vendor shim or caches. */
function copy(fixture: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-patch-'));
  cpSync(path.join(ROOT, fixture), dir, {
    recursive: true,
    filter: (src) => !src.includes(`${path.sep}vendor`) && !src.includes(`${path.sep}storage`),
  });
  return dir;
}

interface Step {
  name: string;
  /** Changes the project. */
  edit: (dir: string) => void;
}

function replaceIn(file: string, from: string | RegExp, to: string): (dir: string) => void {
  return (dir) => {
    const full = path.join(dir, file);
    const text = readFileSync(full, 'utf8');
    const next = text.replace(from, to);
    if (next === text) throw new Error(`${file}: ${String(from)} not found`);
    writeFileSync(full, next);
  };
}

/**
 * Each step edits the project, then `--incremental` runs and must write exactly what a run
 * without the cache writes, warnings included.
 */
async function check(dir: string, step: Step): Promise<void> {
  step.edit(dir);
  const incremental = await generateOpenApi(dir, { incremental: true });
  const full = await generateOpenApi(dir, { cache: false });
  expect(incremental.text).toBe(full.text);
  expect(incremental.warnings).toEqual(full.warnings);
  expect(incremental.stats.operations).toBe(full.stats.operations);
  expect(incremental.stats.schemas).toBe(full.stats.schemas);
  expect(incremental.document).toEqual(JSON.parse(full.text));
}

const LARAVEL_8: Step[] = [
  {
    name: "a controller method's docblock",
    edit: replaceIn(
      'app/Http/Controllers/PostController.php',
      'List posts, newest first.',
      'List the posts.',
    ),
  },
  {
    name: "a FormRequest's rules",
    edit: replaceIn(
      'app/Http/Requests/StorePostRequest.php',
      "'required|string|min:20'",
      "'required|string|min:50'",
    ),
  },
  {
    name: "a resource's fields (a component changes)",
    edit: replaceIn(
      'app/Http/Resources/CategoryResource.php',
      "'slug' => $this->slug,",
      "'slug' => $this->slug,\n            'label' => strtoupper($this->name),",
    ),
  },
  {
    name: "a model's casts",
    edit: replaceIn('app/Models/Product.php', "'stock' => 'integer',", "'stock' => 'string',"),
  },
  {
    name: 'inline validation in a controller',
    edit: replaceIn(
      'app/Http/Controllers/AuthController.php',
      "'password' => 'required|string|min:8|confirmed'",
      "'password' => 'required|string|min:12|confirmed'",
    ),
  },
  {
    name: 'a file touched, its content unchanged',
    edit: (dir) => {
      const file = path.join(dir, 'app/Http/Controllers/UserController.php');
      const later = new Date(Date.now() + 60_000);
      utimesSync(file, later, later);
    },
  },
  {
    name: 'a comment in a controller (operations built again, the same)',
    edit: replaceIn(
      'app/Http/Controllers/OrderController.php',
      /\n}\s*$/,
      '\n    // The end.\n}\n',
    ),
  },
  {
    name: 'a route file',
    edit: replaceIn('routes/api.php', "->name('search')", "->name('search.all')"),
  },
  {
    name: 'patchable again after a full run',
    edit: replaceIn(
      'app/Http/Controllers/PostController.php',
      'List the posts.',
      'List every post.',
    ),
  },
  {
    name: 'a migration (the tables every model reads)',
    edit: replaceIn(
      'database/migrations/2021_04_12_000000_create_products_table.php',
      "$table->string('name');",
      "$table->string('name');\n            $table->string('colour')->nullable();",
    ),
  },
  {
    name: 'a handler that returns a resource for another model (resource hints)',
    edit: replaceIn(
      'app/Http/Controllers/SearchController.php',
      /PostResource::collection\(/,
      'PostResource::collection((array) ',
    ),
  },
  {
    name: 'a new class file',
    edit: (dir) =>
      writeFileSync(
        path.join(dir, 'app/Http/Resources/TagResource.php'),
        '<?php\nnamespace App\\Http\\Resources;\n\nuse Illuminate\\Http\\Resources\\Json\\JsonResource;\n\nclass TagResource extends JsonResource\n{\n}\n',
      ),
  },
  {
    name: 'a file deleted',
    edit: (dir) => rmSync(path.join(dir, 'app/Http/Resources/TagResource.php')),
  },
  {
    name: 'a syntax error (reported with file and line)',
    edit: replaceIn(
      'app/Http/Controllers/CategoryController.php',
      /public function show/,
      'public function show(',
    ),
  },
  {
    name: 'the syntax error mended',
    edit: replaceIn(
      'app/Http/Controllers/CategoryController.php',
      'public function show((',
      'public function show(',
    ),
  },
  {
    name: 'a config file',
    edit: replaceIn('config/app.php', /'name' => [^\n]*/, "'name' => 'Renamed API',"),
  },
  {
    name: '.env (the title and server)',
    edit: (dir) =>
      writeFileSync(path.join(dir, '.env'), 'APP_NAME="From env"\nAPP_URL=http://api.test\n'),
  },
  {
    name: 'a controller again, after all that',
    edit: replaceIn('app/Http/Controllers/PostController.php', 'List every post.', 'List posts.'),
  },
];

const LARAVEL_11: Step[] = [
  {
    name: "an invokable controller's docblock (another file does not parse)",
    edit: replaceIn(
      'app/Http/Controllers/Api/OrderController.php',
      'List orders.',
      'List all orders.',
    ),
  },
  {
    name: "a backed enum's cases (Rule::enum, casts)",
    edit: replaceIn(
      'app/Enums/OrderStatus.php',
      "case Cancelled = 'cancelled';",
      "case Cancelled = 'cancelled';\n    case Refunded = 'refunded';",
    ),
  },
  {
    name: "a model's casts() method",
    edit: replaceIn('app/Models/Order.php', "'is_gift' => 'boolean',", "'is_gift' => 'integer',"),
  },
];

/** A project with a class only PSR-4 discovery finds (autoload-dev `Modules\\`). */
const DISCOVERED: Step[] = [
  {
    name: 'the rules of a FormRequest found through autoload-dev',
    edit: replaceIn(
      'modules/Billing/Requests/StoreInvoiceRequest.php',
      "'required|numeric|min:0'",
      "'required|numeric|min:1'",
    ),
  },
  {
    name: 'a controller type-hints a class no file declares yet',
    edit: replaceIn(
      'app/Http/Controllers/InvoiceController.php',
      'public function show($id)',
      'public function show(\\Modules\\Billing\\Support\\Clock $clock, $id)',
    ),
  },
  {
    name: "that class's file appears (discovery reads it)",
    edit: (dir) => {
      mkdirSync(path.join(dir, 'modules/Billing/Support'), { recursive: true });
      writeFileSync(
        path.join(dir, 'modules/Billing/Support/Clock.php'),
        '<?php\nnamespace Modules\\Billing\\Support;\n\nclass Clock\n{\n}\n',
      );
    },
  },
  {
    name: 'the discovered class file changed',
    edit: replaceIn(
      'modules/Billing/Support/Clock.php',
      'class Clock\n{\n}',
      'class Clock\n{\n    public $zone = "UTC";\n}',
    ),
  },
  {
    name: 'a controller no longer refers to the discovered FormRequest',
    edit: replaceIn(
      'app/Http/Controllers/InvoiceController.php',
      'public function store(StoreInvoiceRequest $request)',
      'public function store(\\Illuminate\\Http\\Request $request)',
    ),
  },
];

describe.each([
  { fixture: 'test/fixtures/laravel-8', steps: LARAVEL_8 },
  { fixture: 'test/fixtures/laravel-11', steps: LARAVEL_11 },
  { fixture: 'test/fixtures/laravel-mini/legacy-spectrum', steps: DISCOVERED },
])(
  'generate --incremental on $fixture: the same document as a run without the cache',
  ({ fixture, steps }) => {
    let dir: string;
    beforeAll(async () => {
      dir = copy(fixture);
      await generateOpenApi(dir);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    // In order: each step starts from the state the one before left.
    it.each(steps)('$name', (step) => check(dir, step));
  },
);

/** Runs `fn` on a copy of the Laravel 8 fixture that one run has generated (cache on). */
async function afterOneRun(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = copy('test/fixtures/laravel-8');
  try {
    await generateOpenApi(dir);
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('generate --incremental, edge cases', () => {
  it('with an emptied cache, it analyses everything and writes the same document', () =>
    afterOneRun(async (dir) => {
      rmSync(path.join(dir, 'storage/app/spectrum/cache'), { recursive: true });
      await check(dir, LARAVEL_8[0]!);
      await check(dir, LARAVEL_8[1]!);
    }));

  it('with nothing changed, it analyses no file', () =>
    afterOneRun(async (dir) => {
      const first = await generateOpenApi(dir, { incremental: true });
      expect(first.stats.analysed).toBe(0);
      await check(dir, { name: 'nothing', edit: () => {} });
    }));

  it('with other route patterns than the last run, it writes what a run without the cache writes', () =>
    afterOneRun(async (dir) => {
      LARAVEL_8[0]!.edit(dir);
      const only = await generateOpenApi(dir, { incremental: true, patterns: ['api/posts*'] });
      const full = await generateOpenApi(dir, { cache: false, patterns: ['api/posts*'] });
      expect(only.text).toBe(full.text);
    }));
});
