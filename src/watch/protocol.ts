import type { Finding } from '../core/errors.js';

/**
 * The live-reload protocol: the page's WebSocket, on the page's own port, at this path. The
 * server speaks, the page listens; every message is one JSON object with a `type`.
 */
export const LIVE_PATH = '/__apidoc/live';
/** The document served now (the last good one), as JSON. */
export const DOCUMENT_PATH = '/openapi.json';
/** The version of the document in a `DOCUMENT_PATH` response. */
export const VERSION_HEADER = 'x-apidoc-version';

/** Why the page is not showing the newest source: shown as a banner. */
export interface WatchProblem {
  message: string;
  /** The files at fault, with line where known. */
  findings: Finding[];
}

export type LiveMessage =
  /** On connecting: the version to show and the problem to show, if any. */
  | { type: 'hello'; version: string; error: WatchProblem | null }
  /** A good regeneration: fetch `DOCUMENT_PATH` unless this version is on screen; hide the banner. */
  | { type: 'reload'; version: string }
  /** A broken regeneration: keep the document on screen, show the banner. */
  | { type: 'error'; error: WatchProblem };

export function encodeMessage(message: LiveMessage): string {
  return JSON.stringify(message);
}

/** A message as the page reads it, or undefined when it is not one. */
export function decodeMessage(text: string): LiveMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const m = value as Record<string, unknown>;
  const isProblem = (p: unknown) =>
    !!p && typeof p === 'object' && typeof (p as WatchProblem).message === 'string';
  if (
    m.type === 'hello' &&
    typeof m.version === 'string' &&
    (m.error === null || isProblem(m.error))
  )
    return m as LiveMessage;
  if (m.type === 'reload' && typeof m.version === 'string') return m as LiveMessage;
  if (m.type === 'error' && isProblem(m.error)) return m as LiveMessage;
  return undefined;
}
