// What request building and answer checking read about one document: the document, its `$ref`
// follower, the tool's validator, the project's generator, and the tally of notes.
import { listOperations } from './load.mjs';
import { resolvePointer } from './schema.mjs';
import { createValidator } from './validator.mjs';

/** `read`: `{ doc, version }` from readDocument; `generate`: the project's generator. */
export function documentContext(read, generate, seed) {
  const { doc, version } = read;
  const deref = (value) => derefIn(doc, value);
  const check = createValidator(doc, version);
  const ctx = {
    doc,
    deref,
    check,
    seed: `corpus|${seed}`,
    generate: (schema, valueSeed) => generate(doc, schema, { seed: valueSeed, mode: 'request' }),
    tally: {},
    uncheckedCount: 0,
    last: undefined,
    /** Which methods each path key has: a concrete path shadows a template for its own. */
    pathKeys: new Map(),
    note(cause, detail) {
      ctx.tally[cause] ??= { count: 0, example: detail };
      ctx.tally[cause].count++;
      ctx.last = { cause, detail };
    },
    lastNote: () => ctx.last,
    resetNote() {
      ctx.last = undefined;
    },
    unchecked() {
      ctx.uncheckedCount++;
    },
  };
  return ctx;
}

/** Every operation of the context's document, with `ctx.pathKeys` filled from them. */
export function contextOperations(ctx) {
  const all = listOperations(ctx.doc, ctx.deref);
  for (const op of all) {
    if (!ctx.pathKeys.has(op.path)) ctx.pathKeys.set(op.path, new Set());
    ctx.pathKeys.get(op.path).add(op.method);
  }
  return all;
}

/** Follows a `$ref` chain inside the document; a cycle or a dangling ref gives undefined. */
function derefIn(doc, value) {
  let node = value;
  const seen = new Set();
  while (typeof node === 'object' && node !== null && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return undefined;
    seen.add(node.$ref);
    node = resolvePointer(doc, node.$ref);
  }
  return node;
}
