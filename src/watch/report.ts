import { formatFinding, UserError } from '../core/errors.js';
import type { OperationsDiff } from './diff.js';
import type { WatchEvent } from './events.js';

/** Colour functions (picocolors' shape); identity functions for plain text. */
export interface Paint {
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

export interface ReportLines {
  /** Results: what was regenerated, and what it changed. */
  out: string[];
  /** Problems: what does not parse, new warnings, failures of the watcher. */
  err: string[];
}

/** Operations listed by name after a regeneration, per kind (added, removed, changed). */
const LISTED = 10;

/**
 * One watch event as terminal lines: the time, which files changed, how long the regeneration
 * took, and the operations it added (+), removed (-) or changed (~); or what keeps it from being
 * served. `time` is `HH:MM:SS`; `errPaint` colours the `err` lines (stderr may be a terminal
 * when stdout is not).
 */
export function reportEvent(
  event: WatchEvent,
  time: string,
  paint: Paint,
  errPaint: Paint = paint,
): ReportLines {
  if (event.type === 'watcher-error')
    return { out: [], err: [errPaint.red(`Watching failed: ${event.error.message}`)] };
  const what = (p: Paint) => `${p.dim(time)} ${changedFiles(event.files)} changed`;
  if (event.type === 'broken') {
    const err = [
      `${what(errPaint)}: ${errPaint.red(event.problem.message)}`,
      ...event.problem.findings.map((finding) => `  ${formatFinding(finding)}`),
    ];
    // Anything but a UserError is a bug: its stack helps the report.
    if (event.error !== undefined && !(event.error instanceof UserError))
      err.push(
        event.error instanceof Error
          ? (event.error.stack ?? event.error.message)
          : String(event.error),
      );
    return { out: [], err };
  }
  const result = event.changed ? summary(event.diff) : 'the document is unchanged';
  const fixed = event.recovered ? paint.green(' (fixed)') : '';
  return {
    out: [
      `${what(paint)}: regenerated in ${event.ms} ms${fixed}, ${result}`,
      ...details(event.diff, paint).map((line) => `  ${line}`),
    ],
    err: event.newWarnings.map((warning) => errPaint.yellow(`Warning: ${formatFinding(warning)}`)),
  };
}

function summary(diff: OperationsDiff): string {
  const counts = [
    diff.added.length > 0 ? `${diff.added.length} added` : '',
    diff.removed.length > 0 ? `${diff.removed.length} removed` : '',
    diff.changed.length > 0 ? `${diff.changed.length} changed` : '',
  ].filter(Boolean);
  return counts.length === 0 ? 'no operation changed' : `operations: ${counts.join(', ')}`;
}

function details(diff: OperationsDiff, paint: Paint): string[] {
  const list = (names: string[], mark: string) => [
    ...names.slice(0, LISTED).map((name) => `${mark} ${name}`),
    ...(names.length > LISTED ? [`${mark} …and ${names.length - LISTED} more`] : []),
  ];
  return [
    ...list(diff.added, paint.green('+')),
    ...list(diff.removed, paint.red('-')),
    ...list(diff.changed, paint.yellow('~')),
  ];
}

function changedFiles(files: readonly string[]): string {
  const named = files.slice(0, 3).join(', ');
  return files.length > 3 ? `${named} and ${files.length - 3} more` : named;
}
