import { describe, expect, it } from 'vitest';
import { CreatedOrder } from '../../../../src/mock/state/created-order.js';

type Op = ['add' | 'remove', string] | ['oldest'];

/** The same operations on a plain array, the model the order must agree with. */
function model(ops: readonly Op[]): string[] {
  let ids: string[] = [];
  for (const op of ops) {
    if (op[0] === 'add') ids = [...ids.filter((id) => id !== op[1]), op[1]];
    else if (op[0] === 'remove') ids = ids.filter((id) => id !== op[1]);
    else ids = ids.slice(1);
  }
  return ids;
}

function run(ops: readonly Op[]): CreatedOrder {
  const order = new CreatedOrder();
  for (const op of ops) {
    if (op[0] === 'add') order.add(op[1]);
    else if (op[0] === 'remove') order.remove(op[1]);
    else order.removeOldest();
  }
  return order;
}

describe('CreatedOrder', () => {
  it.each<[string, Op[]]>([
    [
      'adds in order',
      [
        ['add', 'a'],
        ['add', 'b'],
        ['add', 'c'],
      ],
    ],
    [
      'an id added again moves to the end',
      [
        ['add', 'a'],
        ['add', 'b'],
        ['add', 'a'],
      ],
    ],
    [
      'removes from the middle',
      [
        ['add', 'a'],
        ['add', 'b'],
        ['add', 'c'],
        ['remove', 'b'],
      ],
    ],
    [
      'removes what is not there',
      [
        ['add', 'a'],
        ['remove', 'x'],
      ],
    ],
    [
      'the oldest out, past removed ones',
      [['add', 'a'], ['add', 'b'], ['remove', 'a'], ['oldest']],
    ],
    ['the oldest of nothing', [['oldest']]],
  ])('%s', (_name, ops) => {
    const order = run(ops);
    const want = model(ops);
    expect(order.slice(0, 100)).toEqual(want);
    expect(order.size).toBe(want.length);
    for (const id of want) expect(order.has(id)).toBe(true);
  });

  it.each([
    [0, 3],
    [2, 5],
    [4, 100],
    [5, 6],
    [3, 3],
  ])('slices live positions %i to %i', (from, to) => {
    const ops: Op[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ['add', id]);
    ops.push(['remove', 'b'], ['remove', 'e']);
    expect(run(ops).slice(from, to)).toEqual(model(ops).slice(from, to));
  });

  it('agrees with the model over 20,000 random adds, removes and evictions, pages anywhere', () => {
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const order = new CreatedOrder();
    let ids: string[] = [];
    for (let step = 0; step < 20_000; step++) {
      const roll = random(10);
      if (roll < 6) {
        const id = String(random(5_000));
        order.add(id);
        ids = [...ids.filter((x) => x !== id), id];
      } else if (roll < 9) {
        const id = String(random(5_000));
        expect(order.remove(id)).toBe(ids.includes(id));
        ids = ids.filter((x) => x !== id);
      } else {
        expect(order.removeOldest()).toBe(ids[0]);
        ids = ids.slice(1);
      }
      if (step % 97 === 0) {
        const from = random(ids.length + 2);
        expect(order.slice(from, from + 15)).toEqual(ids.slice(from, from + 15));
      }
    }
    expect(order.size).toBe(ids.length);
    expect(order.slice(0, ids.length)).toEqual(ids);
  });
});
