import type { Delay, FailMode, ResolvedMockOptions, SettingsChange } from '../options.js';
import type { OperationEntry } from '../../core/engine/operations.js';
import type { Scenario } from '../../core/engine/scenarios.js';

/** What one operation was given at run time. */
interface OperationSettings {
  scenario?: Scenario;
  delay?: Delay;
}

/**
 * The mock's runtime settings: the default scenario and delay, each operation's own, and the
 * share of requests that fail. Read on every request, so each lookup is a field or, once an
 * operation was given its own, one map lookup; `reset` restores the options it started with.
 */
export class Settings {
  scenario!: Scenario;
  delay!: Delay;
  failRate!: number;
  failMode!: FailMode;
  private byOperation: Map<string, OperationSettings> | undefined;

  constructor(private readonly initial: ResolvedMockOptions) {
    this.reset();
  }

  reset(): void {
    this.scenario = this.initial.scenario;
    this.delay = this.initial.delay;
    this.failRate = this.initial.failRate;
    this.failMode = this.initial.failMode;
    this.byOperation = undefined;
  }

  apply(change: SettingsChange): void {
    if (change.operation !== undefined) {
      const own = (this.byOperation ??= new Map()).get(change.operation) ?? {};
      if (change.scenario !== undefined) own.scenario = change.scenario;
      if (change.delay !== undefined) own.delay = change.delay;
      this.byOperation.set(change.operation, own);
      return;
    }
    if (change.scenario !== undefined) this.scenario = change.scenario;
    if (change.delay !== undefined) this.delay = change.delay;
    if (change.failRate !== undefined) this.failRate = change.failRate;
    if (change.failMode !== undefined) this.failMode = change.failMode;
  }

  scenarioFor(entry: OperationEntry): Scenario {
    if (this.byOperation === undefined) return this.scenario;
    return this.byOperation.get(operationName(entry))?.scenario ?? this.scenario;
  }

  /** Milliseconds to hold this response: the operation's delay, else the default; a range drawn. */
  delayFor(entry: OperationEntry | undefined): number {
    const own = entry && this.byOperation?.get(operationName(entry))?.delay;
    return draw(own ?? this.delay);
  }

  /** Whether this request is one of the `failRate` share. */
  fails(): boolean {
    return this.failRate > 0 && Math.random() < this.failRate;
  }

  /** The settings as `GET /__apidoc/scenario` shows them. */
  describe(): Record<string, unknown> {
    return {
      scenario: this.scenario,
      delay: this.delay,
      failRate: this.failRate,
      failMode: this.failMode,
      operations: Object.fromEntries(this.byOperation ?? []),
    };
  }
}

/** A delay in milliseconds: the fixed one, or one drawn uniformly from the range. */
export function draw(delay: Delay): number {
  if (typeof delay === 'number') return delay;
  return delay.min + Math.floor(Math.random() * (delay.max - delay.min + 1));
}

/** `GET /api/users/{id}`: how the control API and the journal name an operation. */
export function operationName(entry: OperationEntry): string {
  return `${entry.method.toUpperCase()} ${entry.path}`;
}

/** `250` or `100-800` (a range, uniform); undefined for anything else. */
/** The longest delay a Node timer can wait (about 24.8 days): a longer one would fire at once. */
export const MAX_DELAY = 2_147_483_647;

export function readDelay(value: unknown): Delay | undefined {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 && value <= MAX_DELAY ? value : undefined;
  if (isRange(value)) return value.min === value.max ? value.min : value;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(value);
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (!Number.isSafeInteger(max) || max < min || max > MAX_DELAY) return undefined;
  return min === max ? min : { min, max };
}

function isRange(value: unknown): value is { min: number; max: number } {
  if (typeof value !== 'object' || value === null) return false;
  const { min, max } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(min) &&
    Number.isSafeInteger(max) &&
    (min as number) >= 0 &&
    max! >= min! &&
    (max as number) <= MAX_DELAY
  );
}

/** A share from 0 to 1 (`0.05`); undefined for anything else. */
export function readFailRate(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}
