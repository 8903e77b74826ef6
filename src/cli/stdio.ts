/**
 * A closed stdout or stderr (`apidoc mock | head -3`, a terminal gone) must not kill a command:
 * Node ignores SIGPIPE and reports the failed write as an `error` event, which, unheard, throws.
 * Output to a stream that has closed is dropped; the command goes on (the mock keeps serving).
 */
export function keepRunningWhenOutputCloses(
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    // Every error: a stream that cannot be written has nowhere to report its own failure.
    if (stream.listenerCount('error') === 0) stream.on('error', () => undefined);
  }
}
