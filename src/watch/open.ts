import { spawn } from 'node:child_process';

export interface OpenCommand {
  command: string;
  args: string[];
}

/**
 * How the platform opens a URL in the default browser: `open` on macOS, `explorer.exe` on
 * Windows (no shell, so no quoting of `&` to get wrong), `xdg-open` elsewhere.
 */
export function openCommand(
  url: string,
  platform: NodeJS.Platform = process.platform,
): OpenCommand {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'explorer.exe', args: [url] };
  return { command: 'xdg-open', args: [url] };
}

/**
 * Opens the URL in the default browser, detached; resolves with why it could not (no
 * `xdg-open` on a server, say), or undefined once the opener has started.
 */
export function openBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  const { command, args } = openCommand(url, platform);
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsHide: true });
    child.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ENOENT' ? `${command} not found` : error.message),
    );
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}
