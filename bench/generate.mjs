#!/usr/bin/env node
/**
 * `apidoc generate` on a large synthetic Laravel project: 400 controllers, 400 FormRequests,
 * 400 API resources, 400 models and migrations, 2,000 routes (one `apiResource` each).
 * Times, as a user would see them (process start to exit):
 *   - cold: empty cache, every file analysed;
 *   - warm: the cache is up to date, nothing analysed;
 *   - incremental: `--incremental` after one controller changed.
 * Targets (issue 5, on a 2-core machine): cold < 5 s, warm < 1 s, incremental < 300 ms.
 *
 * Then `generate:optimized` (issue 7) with 1, 2 and 4 workers (`--workers 1,2,4`), cold and warm,
 * and its speed-up over `generate` cold (target: 2 workers at least 1.6 times faster). Each run
 * times every command once, in an order that rotates from run to run, so that drift of a shared
 * machine hits them alike; the figures are medians over the runs.
 *
 * `--workers n` counts the threads that analyse files, the main one included (n - 1 worker
 * threads). Both commands run V8 without inlining in TurboFan (`--no-turbo-inlining`).
 *
 * Last, `apidoc watch` on the same project: the time of each regeneration after one controller
 * changed (`--watch-edits`, default 5; 0 leaves it out), as the watch reports it (from the start
 * of the regeneration to the pages being told); its document must equal a `--no-cache` run's.
 *
 * Then a real application, when ../shared/laravel-apps is there (found as laravel-apps/run.mjs
 * finds it; `--apps <dir>` to point at it): `generate` on a copy of `--app` (default invoiceninja,
 * 2,255 PHP files; `--app none` leaves it out) cold, warm and `--no-cache`, each run's peak
 * resident memory with its times, all three documents checked equal.
 *
 *   npm run build && node bench/generate.mjs [--size 400] [--runs 5] [--workers 1,2,4]
 *                                            [--chunk-size <n>] [--watch-edits <n>] [--keep]
 *                                            [--app <name>|none] [--apps <dir>]
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { findAppsDir } from '../laravel-apps/lib/apps.mjs';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SIZE = option('size', 400);
const RUNS = option('runs', 5);
const list = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1].split(',').map(Number) : fallback;
};
const WORKERS = list('workers', [1, 2, 4]);
/** Passed on to `generate:optimized` when given (else its default). */
const CHUNK_SIZE = option('chunk-size', undefined);
const WATCH_EDITS = option('watch-edits', 5);
const text = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const APP = text('app', 'invoiceninja');
const APPS_DIR =
  APP === 'none'
    ? undefined
    : findAppsDir(fileURLToPath(new URL('..', import.meta.url)), text('apps'));

function write(root, file, text) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

const pascal = (i) => `Thing${String(i).padStart(3, '0')}`;
const snake = (i) => `thing${String(i).padStart(3, '0')}s`;

function controller(i) {
  const N = pascal(i);
  return `<?php

namespace App\\Http\\Controllers;

use App\\Http\\Requests\\Store${N}Request;
use App\\Http\\Resources\\${N}Resource;
use App\\Models\\${N};
use Illuminate\\Http\\Request;

class ${N}Controller extends Controller
{
    /**
     * List ${snake(i)}.
     */
    public function index(Request $request)
    {
        $items = ${N}::query()
            ->when($request->query('search'), fn ($query, $search) => $query->where('name', 'like', "%{$search}%"))
            ->when($request->boolean('active'), fn ($query) => $query->where('is_active', true))
            ->latest()
            ->paginate($request->integer('per_page', 15));

        return ${N}Resource::collection($items);
    }

    /**
     * Create a ${N}.
     */
    public function store(Store${N}Request $request)
    {
        $item = ${N}::create($request->validated());

        return new ${N}Resource($item);
    }

    public function show(${N} $item)
    {
        return new ${N}Resource($item->load('owner'));
    }

    public function update(Store${N}Request $request, ${N} $item)
    {
        $item->update($request->validated());

        return new ${N}Resource($item);
    }

    public function destroy(${N} $item)
    {
        $this->authorize('delete', $item);
        $item->delete();

        return response()->noContent();
    }
}
`;
}

function formRequest(i) {
  const N = pascal(i);
  return `<?php

namespace App\\Http\\Requests;

use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Validation\\Rule;

class Store${N}Request extends FormRequest
{
    public function authorize()
    {
        return true;
    }

    public function rules()
    {
        return [
            'name' => 'required|string|max:255',
            'email' => ['required', 'email', Rule::unique('${snake(i)}')->ignore($this->route('item'))],
            'price' => 'required|numeric|between:0,9999.99',
            'quantity' => ['required', 'integer', 'min:1'],
            'status' => ['required', Rule::in(['draft', 'live', 'archived'])],
            'tags' => 'nullable|array|max:5',
            'tags.*' => 'string|max:30',
            'address.city' => 'required_with:address|string',
            'is_active' => 'boolean',
            'released_on' => 'nullable|date_format:Y-m-d',
        ];
    }
}
`;
}

function resource(i) {
  const N = pascal(i);
  return `<?php

namespace App\\Http\\Resources;

use Illuminate\\Http\\Resources\\Json\\JsonResource;

class ${N}Resource extends JsonResource
{
    public function toArray($request)
    {
        return [
            'id' => $this->id,
            'name' => $this->name,
            'email' => $this->email,
            'price' => $this->price,
            'quantity' => $this->quantity,
            'status' => $this->status,
            'tags' => $this->tags,
            'is_active' => $this->is_active,
            'owner' => new UserResource($this->whenLoaded('owner')),
            'secret' => $this->when($request->user()?->is_admin, $this->secret),
            'created_at' => $this->created_at,
            'updated_at' => $this->updated_at,
        ];
    }
}
`;
}

function model(i) {
  const N = pascal(i);
  return `<?php

namespace App\\Models;

use Illuminate\\Database\\Eloquent\\Model;

class ${N} extends Model
{
    protected $fillable = ['name', 'email', 'price', 'quantity', 'status', 'tags', 'is_active'];

    protected $casts = [
        'price' => 'decimal:2',
        'tags' => 'array',
        'is_active' => 'boolean',
    ];

    public function owner()
    {
        return $this->belongsTo(User::class, 'user_id');
    }
}
`;
}

function migration(i) {
  return `<?php

use Illuminate\\Database\\Migrations\\Migration;
use Illuminate\\Database\\Schema\\Blueprint;
use Illuminate\\Support\\Facades\\Schema;

return new class extends Migration {
    public function up(): void
    {
        Schema::create('${snake(i)}', function (Blueprint $table) {
            $table->id();
            $table->foreignId('user_id')->constrained();
            $table->string('name');
            $table->string('email')->unique();
            $table->decimal('price', 8, 2);
            $table->unsignedInteger('quantity');
            $table->enum('status', ['draft', 'live', 'archived']);
            $table->json('tags')->nullable();
            $table->boolean('is_active')->default(true);
            $table->string('secret')->nullable();
            $table->timestamps();
        });
    }
};
`;
}

function synthesise(root) {
  write(
    root,
    'composer.json',
    JSON.stringify({ autoload: { 'psr-4': { 'App\\': 'app/' } } }, null, 2),
  );
  write(root, '.env', 'APP_NAME="Synthetic"\nAPP_URL=http://localhost\n');
  write(
    root,
    'app/Http/Controllers/Controller.php',
    '<?php\nnamespace App\\Http\\Controllers;\n\nabstract class Controller\n{\n}\n',
  );
  write(
    root,
    'app/Models/User.php',
    "<?php\nnamespace App\\Models;\n\nuse Illuminate\\Foundation\\Auth\\User as Authenticatable;\n\nclass User extends Authenticatable\n{\n    protected $hidden = ['password'];\n}\n",
  );
  write(
    root,
    'app/Http/Resources/UserResource.php',
    "<?php\nnamespace App\\Http\\Resources;\n\nuse Illuminate\\Http\\Resources\\Json\\JsonResource;\n\nclass UserResource extends JsonResource\n{\n    public function toArray($request)\n    {\n        return ['id' => $this->id, 'name' => $this->name];\n    }\n}\n",
  );
  const uses = [];
  const routes = [];
  for (let i = 1; i <= SIZE; i++) {
    const N = pascal(i);
    write(root, `app/Http/Controllers/${N}Controller.php`, controller(i));
    write(root, `app/Http/Requests/Store${N}Request.php`, formRequest(i));
    write(root, `app/Http/Resources/${N}Resource.php`, resource(i));
    write(root, `app/Models/${N}.php`, model(i));
    write(
      root,
      `database/migrations/2024_01_01_${String(i).padStart(6, '0')}_create_${snake(i)}_table.php`,
      migration(i),
    );
    uses.push(`use App\\Http\\Controllers\\${N}Controller;`);
    routes.push(
      `    Route::apiResource('${snake(i)}', ${N}Controller::class)->parameters(['${snake(i)}' => 'item']);`,
    );
  }
  write(
    root,
    'routes/api.php',
    `<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n${uses.join('\n')}\n\nRoute::middleware('auth:sanctum')->group(function () {\n${routes.join('\n')}\n});\n`,
  );
}

/**
 * Prints the process's CPU time (user + system) on exit, for figures that load elsewhere on the
 * machine does not skew as much, and its peak resident memory.
 */
const CPU_PROBE =
  "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\\napidoc-cpu-ms ${Math.round((u.user + u.system) / 1000)}\\napidoc-max-rss-kb ${process.resourceUsage().maxRSS}\\n`); });";

function generate(root, extra = [], command = 'generate') {
  const probe = path.join(root, '.cpu-probe.cjs');
  writeFileSync(probe, CPU_PROBE);
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    [
      '--require',
      probe,
      CLI,
      command,
      '--project',
      root,
      '--output',
      path.join(root, 'openapi.json'),
      ...extra,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  const ms = performance.now() - started;
  if (child.status !== 0)
    throw new Error(`apidoc ${command} failed:\n${child.stdout}\n${child.stderr}`);
  const cpu = Number(/apidoc-cpu-ms (\d+)/.exec(child.stderr)?.[1] ?? NaN);
  const rssMb = Number(/apidoc-max-rss-kb (\d+)/.exec(child.stderr)?.[1] ?? NaN) / 1024;
  const own = Number(/ in ([\d.]+) s/.exec(child.stdout)?.[1] ?? NaN) * 1000;
  return {
    ms,
    cpu,
    rssMb,
    own,
    stdout: child.stdout.trim(),
    output: readFileSync(path.join(root, 'openapi.json'), 'utf8'),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const clearCache = (root) => rmSync(path.join(root, 'storage'), { recursive: true, force: true });

/** `generate:optimized --workers <n>`: cold (empty cache), then warm; both must equal `reference`. */
function optimized(root, workers, reference) {
  const extra = [`--workers=${workers}`, ...(CHUNK_SIZE ? [`--chunk-size=${CHUNK_SIZE}`] : [])];
  clearCache(root);
  const cold = generate(root, extra, 'generate:optimized');
  const warm = generate(root, extra, 'generate:optimized');
  for (const [name, run] of [
    ['cold', cold],
    ['warm', warm],
  ]) {
    if (run.output !== reference)
      throw new Error(`generate:optimized --workers ${workers} (${name}) wrote another document`);
  }
  return { cold, warm };
}

/** The generate runs of issue 5: cold, warm, incremental after one change, and a check. */
function plain(root, run) {
  clearCache(root);
  const cold = generate(root);
  const warm = generate(root);
  if (warm.output !== cold.output)
    throw new Error('a warm run wrote a different document than a cold run');
  const file = path.join(root, 'app/Http/Controllers', `${pascal(1 + (run % SIZE))}Controller.php`);
  writeFileSync(file, readFileSync(file, 'utf8').replace('List ', `List (run ${run}) `));
  const incremental = generate(root, ['--incremental']);
  if (!/, 1 analysed[,)]/.test(incremental.stdout))
    throw new Error(`incremental run analysed more than one file: ${incremental.stdout}`);
  const check = generate(root, ['--no-cache']);
  if (check.output !== incremental.output)
    throw new Error('an incremental run wrote a different document than a cold run');
  return { cold, warm, incremental, reference: check.output };
}

/**
 * `apidoc watch` on the project: after its first generation, `edits` controllers changed one at
 * a time; each regeneration's time as the watch prints it. Stopped with SIGINT, by its PID.
 */
async function watchRegenerations(root, edits) {
  const child = spawn(
    process.execPath,
    [CLI, 'watch', '--project', root, '--output', path.join(root, 'openapi.json'), '--port', '0'],
    { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const until = async (test, what) => {
    const deadline = Date.now() + 60_000;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`apidoc watch: no ${what}:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const times = () => [...out.matchAll(/regenerated in (\d+) ms/g)].map((m) => Number(m[1]));
  try {
    await until(() => /Watching /.test(out), 'first generation');
    for (let i = 0; i < edits; i++) {
      const file = path.join(root, 'app/Http/Controllers', `${pascal(SIZE - i)}Controller.php`);
      writeFileSync(file, readFileSync(file, 'utf8').replace('List ', `List (watch ${i}) `));
      await until(() => times().length > i, `regeneration ${i + 1}`);
    }
  } finally {
    child.kill('SIGINT');
    await exited;
  }
  return times();
}

/**
 * `generate` on a copy of a real application (the apps are read-only): cold (empty cache),
 * warm, then `--no-cache`; the three documents must be equal.
 */
function realApp(copy) {
  clearCache(copy);
  const cold = generate(copy);
  const warm = generate(copy);
  const noCache = generate(copy, ['--no-cache']);
  for (const [name, run] of [
    ['warm', warm],
    ['--no-cache', noCache],
  ])
    if (run.output !== cold.output)
      throw new Error(`${APP}: a ${name} run wrote a different document than a cold run`);
  return { cold, warm, noCache };
}

const root = mkdtempSync(path.join(tmpdir(), 'apidoc-bench-generate-'));
try {
  synthesise(root);
  const runs = { cold: [], warm: [], incremental: [] };
  const parallel = Object.fromEntries(WORKERS.map((w) => [w, { cold: [], warm: [] }]));
  let summary = '';
  let reference = '';
  for (let run = 0; run < RUNS; run++) {
    // generate first, then each worker count; the order rotates from run to run.
    const steps = ['generate', ...WORKERS];
    const order = steps.map((_, i) => steps[(i + run) % steps.length]);
    for (const step of order) {
      if (step === 'generate') {
        const { cold, warm, incremental, reference: text } = plain(root, run);
        summary = cold.stdout;
        reference = text;
        runs.cold.push(cold);
        runs.warm.push(warm);
        runs.incremental.push(incremental);
      } else {
        // The document as generate writes it for the project as it is now.
        reference ||= generate(root, ['--no-cache']).output;
        const { cold, warm } = optimized(root, step, reference);
        parallel[step].cold.push(cold);
        parallel[step].warm.push(warm);
      }
    }
  }
  const figure = (list, key) => Math.round(median(list.map((r) => r[key])));
  const result = {
    project: {
      controllers: SIZE,
      formRequests: SIZE,
      resources: SIZE,
      models: SIZE,
      routes: SIZE * 5,
    },
    machine: {
      cpus: cpus().length,
      node: process.version,
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    },
    runs: RUNS,
    note: 'wall = process start to exit; cpu = user + system time of that process; own = what apidoc reports (from loading the project to the document written, without Node start-up)',
    medianMs: Object.fromEntries(
      Object.entries(runs).map(([name, list]) => [
        name,
        { wall: figure(list, 'ms'), cpu: figure(list, 'cpu'), own: figure(list, 'own') },
      ]),
    ),
    targetsMs: { cold: 5000, warm: 1000, incremental: 300 },
    // Every run's wall time, and how many routes each patched run built again (the summary
    // says `patched N routes` when --incremental patched the last document in place).
    incrementalRuns: runs.incremental.map((r) => ({
      wall: Math.round(r.ms),
      patchedRoutes: Number(/patched (\d+) routes?/.exec(r.stdout)?.[1] ?? NaN),
    })),
    lastColdSummary: summary,
  };
  const generateCold = median(runs.cold.map((r) => r.ms));
  result.optimized = {
    chunkSize: CHUNK_SIZE ?? 'default',
    medianMs: Object.fromEntries(
      WORKERS.map((w) => [
        `${w} worker${w === 1 ? '' : 's'}`,
        {
          cold: { wall: figure(parallel[w].cold, 'ms'), cpu: figure(parallel[w].cold, 'cpu') },
          warm: { wall: figure(parallel[w].warm, 'ms'), cpu: figure(parallel[w].warm, 'cpu') },
        },
      ]),
    ),
    speedUpVsGenerateCold: Object.fromEntries(
      WORKERS.map((w) => [
        `${w} worker${w === 1 ? '' : 's'}`,
        Number((generateCold / median(parallel[w].cold.map((r) => r.ms))).toFixed(2)),
      ]),
    ),
    target: '2 workers at least 1.6x faster than generate cold',
  };
  if (WATCH_EDITS > 0) {
    const regenerations = await watchRegenerations(root, WATCH_EDITS);
    const written = readFileSync(path.join(root, 'openapi.json'), 'utf8');
    if (written !== generate(root, ['--no-cache']).output)
      throw new Error('apidoc watch wrote a different document than a cold run');
    result.watch = {
      edits: WATCH_EDITS,
      regenerationMs: { median: median(regenerations), each: regenerations },
      note: "one controller changed per regeneration; as the watch reports it (from the regeneration's start to the pages being told)",
    };
  }
  if (APPS_DIR) {
    const copy = path.join(root, 'app-copy');
    cpSync(path.join(APPS_DIR, APP), copy, { recursive: true });
    const app = { cold: [], warm: [], noCache: [] };
    for (let run = 0; run < RUNS; run++) {
      const { cold, warm, noCache } = realApp(copy);
      app.cold.push(cold);
      app.warm.push(warm);
      app.noCache.push(noCache);
    }
    result.app = {
      name: APP,
      summary: app.cold.at(-1).stdout,
      medianMs: Object.fromEntries(
        Object.entries(app).map(([name, list]) => [
          name,
          {
            wall: figure(list, 'ms'),
            cpu: figure(list, 'cpu'),
            own: figure(list, 'own'),
            peakRssMb: figure(list, 'rssMb'),
          },
        ]),
      ),
      targets: { coldMs: 3000, coldPeakRssMb: 300, warmMs: 500 },
    };
  }
  result.machine.loadAverageAfter = loadavg().map((l) => Number(l.toFixed(2)));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  if (!args.includes('--keep')) rmSync(root, { recursive: true, force: true });
  else process.stderr.write(`kept ${root}\n`);
}
