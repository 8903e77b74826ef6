import { availableParallelism } from 'node:os';
import {
  DEFAULT_PROXY_TIMEOUT,
  type Delay,
  type FailMode,
  type ProxyOptions,
} from '../../mock/options.js';
import { SCENARIOS, type Scenario } from '../../core/engine/scenarios.js';
import { readDelay, readFailRate } from '../../mock/scenario/settings.js';
import {
  parseBaseUrl,
  parseChoice,
  parseHost,
  parsePort,
  parseMilliseconds,
  parsePositiveInt,
  usage,
} from '../options.js';
import type { MockFlags } from './mock-flags.js';

export interface MockSettings {
  host: string;
  port: number;
  delay: Delay;
  scenario: Scenario;
  workers: number;
  requestTimeout: number;
  failRate: number;
  failMode: FailMode;
  dynamic: boolean;
  stateful: boolean;
  /** `memory`, or the Redis URL. */
  state: string;
  stateMaxItems: number;
  proxy: ProxyOptions | undefined;
  /** Whether the control API answers, and the token it asks for. */
  control: boolean;
  controlToken: string | undefined;
}

/** Every flag checked, each bad value one line naming the option (exit 2), before anything starts. */
export function parseMockFlags(flags: MockFlags): MockSettings {
  const state = flags.state === undefined ? 'memory' : parseState(flags.state);
  const workers = parseWorkers(flags.workers);
  // `--state redis://...` says where state lives: it asks for state too.
  const stateful = flags.stateful === true || flags.state !== undefined;
  if (stateful && state === 'memory' && workers > 1) {
    throw usage(
      `--stateful with --workers ${workers} needs --state redis://host:port/db: memory state is per process.`,
    );
  }
  const host = parseHost(flags.host);
  const controlToken = parseControlToken(flags.controlToken);
  return {
    host,
    control: flags.control !== false && (controlToken !== undefined || isLoopback(host)),
    controlToken,
    port: parsePort(flags.port),
    delay: flags.delay === undefined ? 0 : parseDelay(flags.delay),
    scenario: parseChoice<Scenario>(flags.scenario, '--scenario', SCENARIOS),
    workers,
    requestTimeout: parseMilliseconds(flags.requestTimeout, '--request-timeout'),
    failRate: flags.failRate === undefined ? 0 : parseFailRate(flags.failRate),
    failMode: parseChoice<FailMode>(flags.failMode, '--fail-mode', ['error', 'reset']),
    dynamic: flags.dynamic === true,
    stateful,
    state,
    stateMaxItems:
      flags.stateMaxItems === undefined
        ? 10_000
        : parseBounded(flags.stateMaxItems, '--state-max-items', 10_000_000),
    proxy: parseProxy(flags),
  };
}

/** `--proxy` and the options that only mean something with it. */
function parseProxy(flags: MockFlags): ProxyOptions | undefined {
  if (flags.proxy === undefined) {
    const alone = flags.proxyStrict
      ? '--proxy-strict'
      : flags.proxyTimeout !== undefined
        ? '--proxy-timeout'
        : flags.proxyFallback === false
          ? '--no-proxy-fallback'
          : undefined;
    if (alone) throw usage(`${alone} needs --proxy <url>: name the backend to forward to.`);
    return undefined;
  }
  return {
    target: parseBaseUrl(flags.proxy, '--proxy', 'http://127.0.0.1:8000'),
    strict: flags.proxyStrict === true,
    fallback: flags.proxyFallback !== false,
    timeout:
      flags.proxyTimeout === undefined
        ? DEFAULT_PROXY_TIMEOUT
        : parseMilliseconds(flags.proxyTimeout, '--proxy-timeout'),
  };
}

function parseDelay(value: string): Delay {
  const delay = readDelay(value);
  if (delay === undefined) {
    throw usage(
      `Invalid value for --delay: "${value}". Use a whole number of milliseconds from 0 to 2147483647, or a range such as 100-800.`,
    );
  }
  return delay;
}

function parseFailRate(value: string): number {
  const rate = readFailRate(value);
  if (rate === undefined) {
    throw usage(
      `Invalid value for --fail-rate: "${value}". Use a number from 0 to 1, such as 0.05.`,
    );
  }
  return rate;
}

function parseState(value: string): string {
  if (value === 'memory') return value;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'redis:' && url.protocol !== 'rediss:') ||
    url.hostname === '' ||
    // The database is a number (`/0`), or none.
    !/^\/?\d{0,5}$/.test(url.pathname) ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw usage(
      `Invalid value for --state: "${value}". Use memory, or a Redis URL such as redis://127.0.0.1:6379/0.`,
    );
  }
  return value;
}

/** A token of at least 16 printable characters, as a header can carry it. */
function parseControlToken(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(value)) {
    throw usage(
      `Invalid value for --control-token: use at least 16 printable characters without spaces, such as the output of "openssl rand -hex 16".`,
    );
  }
  return value;
}

/** Whether only this machine can reach an address bound to `host`. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** At most one worker per core: more only share the same cores, each with its own memory. */
function parseWorkers(value: string): number {
  const workers = parsePositiveInt(value, '--workers');
  const cores = availableParallelism();
  if (workers > cores) {
    throw usage(
      `Invalid value for --workers: "${value}". This machine has ${cores} core${cores === 1 ? '' : 's'}: use a number from 1 to ${cores}.`,
    );
  }
  return workers;
}

function parseBounded(value: string, flag: string, max: number): number {
  const n = parsePositiveInt(value, flag);
  if (n > max)
    throw usage(`Invalid value for ${flag}: "${value}". Use a whole number from 1 to ${max}.`);
  return n;
}
