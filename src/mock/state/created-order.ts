/**
 * The created ids of a collection in creation order, with what a page needs: the n-th id in
 * O(log n) whatever was removed before it, a removal in O(log n), the oldest out in O(1)
 * amortised. Ids sit at positions of an append-only array; a Fenwick tree counts the live ones
 * up to each position, so a page starts at the position holding its first live id. Removed
 * positions are dropped once they outnumber the live ones (each removal pays for its share).
 * @see https://en.wikipedia.org/wiki/Fenwick_tree
 */
export class CreatedOrder {
  private order: string[] = [];
  private readonly positions = new Map<string, number>();
  /** 1-based Fenwick tree over `order`: 1 for a live position, 0 for a removed one. */
  private tree = new Int32Array(1024);
  /** Positions before this one are all removed. */
  private head = 0;

  get size(): number {
    return this.positions.size;
  }

  has(id: string): boolean {
    return this.positions.has(id);
  }

  /** Adds `id` as the newest (an id added again moves to the end). */
  add(id: string): void {
    this.remove(id);
    const index = this.order.length + 1;
    if (index >= this.tree.length) this.grow();
    this.tree[index] = 1 + this.prefix(index - 1) - this.prefix(index - (index & -index));
    this.order.push(id);
    this.positions.set(id, index - 1);
  }

  remove(id: string): boolean {
    const position = this.positions.get(id);
    if (position === undefined) return false;
    this.positions.delete(id);
    this.update(position + 1, -1);
    if (this.order.length - this.positions.size > Math.max(1024, this.positions.size))
      this.compact();
    return true;
  }

  /** Removes and returns the oldest id. */
  removeOldest(): string | undefined {
    while (this.head < this.order.length) {
      const id = this.order[this.head++]!;
      if (this.positions.get(id) === this.head - 1) {
        this.remove(id);
        return id;
      }
    }
    return undefined;
  }

  /** The ids at live positions `from` to `to` (0-based, `to` excluded), oldest first. */
  slice(from: number, to: number): string[] {
    const out: string[] = [];
    if (from >= this.size || to <= from) return out;
    for (let p = this.nth(from + 1); p < this.order.length && out.length < to - from; p++) {
      const id = this.order[p]!;
      if (this.positions.get(id) === p) out.push(id);
    }
    return out;
  }

  /** The position (0-based) of the `k`-th live id (1-based). */
  private nth(k: number): number {
    let position = 0;
    let step = 1 << Math.floor(Math.log2(Math.max(1, this.order.length)));
    for (; step > 0; step >>= 1) {
      const next = position + step;
      if (next <= this.order.length && this.tree[next]! < k) {
        position = next;
        k -= this.tree[next]!;
      }
    }
    return position;
  }

  private prefix(index: number): number {
    let sum = 0;
    for (let i = index; i > 0; i -= i & -i) sum += this.tree[i]!;
    return sum;
  }

  private update(index: number, delta: number): void {
    for (let i = index; i <= this.order.length; i += i & -i) this.tree[i]! += delta;
  }

  private grow(): void {
    const tree = new Int32Array(this.tree.length * 2);
    tree.set(this.tree);
    this.tree = tree;
  }

  /** The live ids alone, in order; the tree built again in O(n). */
  private compact(): void {
    this.order = this.order.filter((id, p) => this.positions.get(id) === p);
    this.order.forEach((id, p) => this.positions.set(id, p));
    this.tree = new Int32Array(Math.max(1024, 2 ** Math.ceil(Math.log2(this.order.length + 2))));
    for (let i = 1; i <= this.order.length; i++) {
      this.tree[i]! += 1;
      const parent = i + (i & -i);
      if (parent <= this.order.length) this.tree[parent]! += this.tree[i]!;
    }
    this.head = 0;
  }
}
