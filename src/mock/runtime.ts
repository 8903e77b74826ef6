import type { ControlEvent, ResolvedMockOptions, SettingsChange } from './options.js';
import type { OperationEntry } from '../core/engine/operations.js';
import { readChange } from './control/change.js';
import type { ControlDeps } from './control/deps.js';
import { Journal } from './control/journal.js';
import { operationName, Settings } from './scenario/settings.js';
import { DEFAULT_STATE_LIMITS, openStore, type StateStore } from './state/index.js';

/** What a mock server keeps besides its document: settings, journal, state, and their control. */
export interface Runtime {
  settings: Settings;
  journal: Journal;
  /** With `stateful`; opened at once (a Redis connection), awaited where needed. */
  store: Promise<StateStore> | undefined;
  /** What the control API reads and changes. */
  control: ControlDeps;
  /** Applies a change here (made here, or in another process of `--workers`). */
  apply(event: ControlEvent): void;
  /** State, journal and settings as at the start. */
  reset(): Promise<void>;
  /** A change as `PUT /__apidoc/scenario` takes it; throws with its messages when refused. */
  setScenario(change: SettingsChange): void;
}

export function createRuntime(
  resolved: ResolvedMockOptions,
  operations: () => readonly OperationEntry[],
): Runtime {
  const settings = new Settings(resolved);
  const journal = new Journal();
  const store = resolved.stateful
    ? openStore(resolved.state, { ...DEFAULT_STATE_LIMITS, maxItems: resolved.stateMaxItems })
    : undefined;
  // Reported by `listen`, or by the requests that need the store; never an unhandled rejection.
  store?.catch(() => undefined);
  const apply = (event: ControlEvent) => {
    if (event.kind === 'settings') settings.apply(event.change);
    else journal.clear();
    if (event.kind === 'reset') settings.reset();
  };
  const control: ControlDeps = {
    settings,
    journal,
    operations: () => new Set(operations().map(operationName)),
    access: { enabled: resolved.control, token: resolved.controlToken },
    requests: resolved.collectRequests ?? (async () => journal.entries()),
    state: resolved.stateful ? (resolved.state === 'memory' ? 'memory' : 'redis') : undefined,
    resetStore: async () => {
      if (store) await (await store).reset();
    },
    pingStore: async () => {
      if (store) await (await store).ping();
    },
    dispatch: (event) => {
      apply(event);
      resolved.shareControl?.(event);
    },
  };
  return {
    settings,
    journal,
    store,
    control,
    apply,
    reset: async () => {
      await control.resetStore();
      apply({ kind: 'reset' });
    },
    setScenario: (change) => {
      const fields = Object.keys(change) as (keyof SettingsChange)[];
      const read = readChange(change, fields, control.operations());
      if ('errors' in read) throw new Error(Object.values(read.errors).flat().join(' '));
      apply({ kind: 'settings', change: read.change });
    },
  };
}
