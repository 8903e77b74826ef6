/** Collects changed files and hands them over in batches: one per burst, one run at a time. */
export interface Batcher {
  /** Notes a changed file; the batch runs once no change has come for the delay. */
  add(file: string): void;
  /** Drops what is pending and waits for a run in progress to finish. */
  close(): Promise<void>;
}

/**
 * A trailing debounce with a queue of one: changes during a run wait for it to end, then run
 * together. `run` gets the files sorted and deduplicated; it should not throw (a rejection is
 * swallowed so that the next batch still runs).
 */
export function createBatcher(run: (files: string[]) => Promise<void>, delayMs: number): Batcher {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(fire, delayMs);
  };
  function fire() {
    timer = undefined;
    // A run in progress picks the pending files up when it ends.
    if (running || closed || pending.size === 0) return;
    const files = [...pending].sort();
    pending.clear();
    running = run(files)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (pending.size > 0 && !closed) schedule();
      });
  }

  return {
    add(file) {
      if (closed) return;
      pending.add(file);
      schedule();
    },
    async close() {
      closed = true;
      pending.clear();
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },
  };
}
