/**
 * Records what a piece of the assembly looked at — class names (each stands for its file's
 * content) and a few other keys — so that its output can be reused by a later run as long as
 * none of those inputs changed. Frames nest: what an inner piece (a component schema, a memo)
 * consulted is added to every enclosing piece.
 */
export class Tracker {
  private readonly frames: Set<string>[] = [];

  consult(key: string): void {
    this.frames[this.frames.length - 1]?.add(key);
  }

  merge(keys: Iterable<string>): void {
    const top = this.frames[this.frames.length - 1];
    if (top) for (const key of keys) top.add(key);
  }

  /** Runs `fn` in a new frame; returns its value and what it consulted (also added to the parent). */
  run<T>(fn: () => T): { value: T; deps: Set<string> } {
    const frame = new Set<string>();
    this.frames.push(frame);
    try {
      return { value: fn(), deps: frame };
    } finally {
      this.frames.pop();
      this.merge(frame);
    }
  }

  /** A memoised computation whose dependencies are replayed on every hit. */
  memo<K, T>(store: Map<K, { value: T; deps: Set<string> }>, key: K, fn: () => T): T {
    const hit = store.get(key);
    if (hit) {
      this.merge(hit.deps);
      return hit.value;
    }
    const computed = this.run(fn);
    store.set(key, computed);
    return computed.value;
  }
}
