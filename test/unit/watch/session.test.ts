import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../src/core/types.js';
import type { WatchEvent } from '../../../src/watch/events.js';
import { startWatch } from '../../../src/start-watch.js';
import type { WatchSession } from '../../../src/watch/session.js';
import { copyProject, LARAVEL_11 } from '../../e2e/generate-support.js';

/** A watch of a copy of the laravel-11 fixture (whose BrokenController never parsed). */
async function watchCopy() {
  const project = copyProject(LARAVEL_11);
  const events: WatchEvent[] = [];
  const documents: OpenApiDocument[] = [];
  const session = await startWatch({
    project,
    port: 0,
    debounceMs: 50,
    onEvent: (event) => events.push(event),
    onDocument: (document) => documents.push(document),
  });
  const next = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (events.length < count) {
      if (Date.now() > deadline) throw new Error(`no event ${count}: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return events[count - 1]!;
  };
  const edit = (rel: string, change: (text: string) => string) => {
    const file = path.join(project, rel);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  };
  return { project, session, events, documents, next, edit };
}

const CUSTOMER = 'app/Http/Requests/StoreCustomerRequest.php';
const addField = (text: string) =>
  text.replace(
    "'marketing_opt_in' => 'boolean',",
    "'marketing_opt_in' => 'boolean',\n'tier' => 'string',",
  );

describe('startWatch', () => {
  let session: WatchSession | undefined;
  afterEach(() => session?.close());

  it('serves a change although a file broken before the watch still does not parse', async () => {
    const watch = await watchCopy();
    session = watch.session;
    expect(session.initial.warnings.map((w) => w.file)).toContain(
      'app/Http/Controllers/BrokenController.php',
    );
    watch.edit(CUSTOMER, addField);
    const event = await watch.next(1);
    expect(event).toMatchObject({
      type: 'regenerated',
      files: [CUSTOMER],
      changed: true,
      recovered: false,
      diff: { added: [], removed: [], changed: ['POST /api/v2/customers'] },
    });
    expect(session.broken.size).toBe(0);
    expect(watch.documents).toHaveLength(1);
    expect(session.document.components?.schemas?.StoreCustomerRequest?.properties).toHaveProperty(
      'tier',
    );
  });

  it('one burst of saves is one regeneration; an unchanged document is not handed on', async () => {
    const watch = await watchCopy();
    session = watch.session;
    watch.edit('routes/api.php', (text) => `${text}\n// a comment\n`);
    watch.edit('app/Models/Customer.php', (text) => `${text}\n// a comment\n`);
    const event = await watch.next(1);
    expect(event).toMatchObject({
      type: 'regenerated',
      files: ['app/Models/Customer.php', 'routes/api.php'],
      changed: false,
    });
    expect(watch.documents).toEqual([]);
  });

  it('keeps the last good document while a changed file does not parse', async () => {
    const watch = await watchCopy();
    session = watch.session;
    const before = session.document;
    watch.edit(CUSTOMER, (text) => text.replace('return [', 'return [[['));
    expect(await watch.next(1)).toMatchObject({
      type: 'broken',
      files: [CUSTOMER],
      problem: { message: `${CUSTOMER} does not parse: showing the last good document.` },
    });
    expect(session.document).toBe(before);
    expect([...session.broken.keys()]).toEqual([CUSTOMER]);
    // Another file saved meanwhile: still broken, still the last good document.
    watch.edit('routes/api.php', (text) => `${text}\n// a comment\n`);
    expect((await watch.next(2)).type).toBe('broken');
    watch.edit(CUSTOMER, (text) => addField(text.replace('return [[[', 'return [')));
    expect(await watch.next(3)).toMatchObject({ type: 'regenerated', recovered: true });
    expect(session.broken.size).toBe(0);
    expect(session.document).not.toBe(before);
  });

  it('follows the watch paths of config/apidoc.php when they change', async () => {
    const watch = await watchCopy();
    session = watch.session;
    // `lib` exists but is not watched: the watcher did not look into it.
    mkdirSync(path.join(watch.project, 'lib'));
    writeFileSync(path.join(watch.project, 'lib/Existing.php'), '<?php\n');
    expect(session.targets).not.toContain('lib');
    watch.edit('config/apidoc.php', (text) =>
      text.replace(
        "base_path('src/Domain'),",
        "base_path('src/Domain'),\n            base_path('lib'),\n            base_path('extra'),",
      ),
    );
    await watch.next(1);
    expect(session.targets).toEqual(expect.arrayContaining(['lib', 'extra']));
    // The watcher looks into `lib` in the background: a moment, as between two saves.
    await new Promise((resolve) => setTimeout(resolve, 500));
    watch.edit('lib/Existing.php', (text) => `${text}// edited\n`);
    expect(await watch.next(2)).toMatchObject({ files: ['lib/Existing.php'] });
    // `extra` does not exist yet: it is picked up when it is created.
    mkdirSync(path.join(watch.project, 'extra'));
    writeFileSync(path.join(watch.project, 'extra/Thing.php'), '<?php\n');
    expect(await watch.next(3)).toMatchObject({ type: 'regenerated', files: ['extra/Thing.php'] });
  });
});
