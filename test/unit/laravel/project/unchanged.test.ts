import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateOpenApi } from '../../../../src/laravel/generate.js';

const CONTROLLER = (namespace: string) => `<?php
namespace ${namespace};

class ThingController
{
    public function index()
    {
        return ['name' => 'thing'];
    }
}
`;

/** A project whose route names a controller under autoload-dev, found only through PSR-4. */
function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-unchanged-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('artisan', '');
  write(
    'composer.json',
    JSON.stringify({
      autoload: { 'psr-4': { 'App\\': 'app/' } },
      'autoload-dev': { 'psr-4': { 'Tests\\': 'tests/' } },
    }),
  );
  write(
    'routes/api.php',
    "<?php\nuse Illuminate\\Support\\Facades\\Route;\n\nRoute::get('things', [\\Tests\\Fakes\\ThingController::class, 'index']);\n",
  );
  write('app/Models/User.php', '<?php\nnamespace App\\Models;\n\nclass User {}\n');
  return dir;
}

/** A change to the project that the last document does not know of. */
const changes: [string, (dir: string) => void][] = [
  [
    'a file appears where the search for classes found none',
    (dir) => {
      mkdirSync(path.join(dir, 'tests/Fakes'), { recursive: true });
      writeFileSync(path.join(dir, 'tests/Fakes/ThingController.php'), CONTROLLER('Tests\\Fakes'));
    },
  ],
  [
    'a file listed up front is added',
    (dir) =>
      writeFileSync(
        path.join(dir, 'app/Models/Team.php'),
        '<?php\nnamespace App\\Models;\n\nclass Team {}\n',
      ),
  ],
  [
    'a file read changes',
    (dir) =>
      writeFileSync(
        path.join(dir, 'app/Models/User.php'),
        '<?php\nnamespace App\\Models;\n\nclass User { }\n',
      ),
  ],
];

describe('the last document, when nothing it was made from changed', () => {
  it('is written again without reading any facts', async () => {
    const dir = project();
    const cold = await generateOpenApi(dir);
    const warm = await generateOpenApi(dir);
    expect(warm.stats.files).toBe(cold.stats.files);
    expect(warm.text).toBe(cold.text);
    expect(warm.warnings).toEqual(cold.warnings);
  });

  it.each(changes)(
    'is not, after %s: the run writes what a run without the cache writes',
    async (_, change) => {
      const dir = project();
      await generateOpenApi(dir);
      change(dir);
      const cached = await generateOpenApi(dir);
      const fresh = await generateOpenApi(dir, { cache: false });
      expect(cached.stats.files).toBe(fresh.stats.files);
      expect(cached.text).toBe(fresh.text);
    },
  );
});
