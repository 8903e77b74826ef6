import type { IncomingMessage } from 'node:http';
import type { ControlEvent, JournalEntry } from '../options.js';
import type { Journal } from './journal.js';
import type { Reply } from '../respond/reply.js';
import type { Settings } from '../scenario/settings.js';

/** What the control API reads and changes of the server it belongs to. */
export interface ControlDeps {
  settings: Settings;
  journal: Journal;
  /** The names of the operations served (`GET /api/users/{id}`). */
  operations(): ReadonlySet<string>;
  /** `memory` or `redis` with `--stateful`; undefined without state. */
  state: 'memory' | 'redis' | undefined;
  /** Empties the shared store (once, by the process that was asked). */
  resetStore(): Promise<void>;
  /** Throws when the store cannot be used now (Redis away or not answering). */
  pingStore(): Promise<void>;
  /** The journal to list: this process's, or every process's of `--workers`. */
  requests(): Promise<JournalEntry[]>;
  /** Whether the control API answers at all, and the token it asks for. */
  access: { enabled: boolean; token: string | undefined };
  /** Applies a change here, or hands it to every process of `--workers`. */
  dispatch(event: ControlEvent): void;
}

/** One action of the control API. */
export type ControlAction = (req: IncomingMessage, deps: ControlDeps) => Reply | Promise<Reply>;
