import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';
import {
  bareCommand,
  consoleSteps,
  loopbackPorts,
  mapPorts,
  markersOf,
  outputMatches,
  serverCommand,
  shellCommands,
  withFlag,
  type CodeBlock,
  type ServerCommand,
} from './markdown-blocks.js';

/**
 * Runs the shell examples of one Markdown page, in order, against the built CLI: in a scratch
 * folder holding a copy of `examples/`, with `apidoc` on the PATH mapped to `dist/cli/main.js`
 * (`npx <bin>` read as `<bin>`, the
 * project's devDependencies on the PATH too) and `laravel-apidoc` importable. Servers the examples start (`apidoc mock`, `apidoc watch`)
 * get free ports; the ports the page writes (`127.0.0.1:8081`) are mapped to them in later
 * commands and mapped back in the output compared with the page. Every server is stopped by
 * its PID when the next one on the same port starts, and when the page is done.
 */
export class PageRunner {
  readonly scratch: string;
  private readonly bin: string;
  private readonly env: NodeJS.ProcessEnv;
  /** The port a page writes → where its server listens now. */
  private readonly ports = new Map<number, number>();
  private readonly servers = new Map<number, ChildProcess>();
  private readyFiles = 0;

  constructor(root: string, cli: string) {
    this.scratch = mkdtempSync(path.join(tmpdir(), 'apidoc-docs-'));
    cpSync(path.join(root, 'examples'), path.join(this.scratch, 'examples'), { recursive: true });
    // `import ... from 'laravel-apidoc'` resolves to this build, as in a project that installed it.
    mkdirSync(path.join(this.scratch, 'node_modules'));
    symlinkSync(root, path.join(this.scratch, 'node_modules', 'laravel-apidoc'), 'dir');
    this.bin = path.join(this.scratch, '.bin');
    mkdirSync(this.bin);
    const shim = path.join(this.bin, 'apidoc');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`);
    chmodSync(shim, 0o755);
    this.env = {
      ...process.env,
      PATH: [this.bin, path.join(root, 'node_modules/.bin'), process.env.PATH ?? ''].join(
        path.delimiter,
      ),
      NO_COLOR: '1',
      FORCE_COLOR: undefined,
    };
  }

  /** Writes a block marked `<!-- file: name -->` where the shell blocks after it run. */
  write(block: CodeBlock): void {
    const file = path.join(this.cwd(block), markersOf(block, 'file')[0]!);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${block.body}\n`);
  }

  /** Runs one block; throws with what went wrong. */
  async run(block: CodeBlock): Promise<void> {
    const cwd = this.cwd(block);
    for (const server of markersOf(block, 'server')) await this.startServer(server, cwd);
    if (block.lang === 'console') return this.runConsole(block, cwd);
    return this.runShell(block, cwd);
  }

  private cwd(block: CodeBlock): string {
    const cwd = path.join(this.scratch, markersOf(block, 'run in')[0] ?? '.');
    if (!existsSync(cwd)) throw new Error(`run in: ${cwd} does not exist`);
    return cwd;
  }

  private async runShell(block: CodeBlock, cwd: string): Promise<void> {
    const commands = shellCommands(block.body);
    if (commands.length === 0) throw new Error('the block has no command');
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const script = ['set -euo pipefail', ...batch].join('\n');
      batch = [];
      const run = await this.bash(script, cwd);
      if (run.code !== 0) {
        throw new Error(`exit code ${run.code} from:\n${script}\n--- output ---\n${run.output}`);
      }
    };
    for (const command of commands) {
      if (serverCommand(command.text)) {
        await flush();
        await this.startServer(command.text, cwd);
      } else {
        batch.push(this.local(command.text));
      }
    }
    await flush();
  }

  private async runConsole(block: CodeBlock, cwd: string): Promise<void> {
    const steps = consoleSteps(block.body);
    if (steps.length === 0) throw new Error('the console block has no "$ " command');
    // Commands that end: a console block shows their output (a mock that cannot start, say).
    for (const step of steps) {
      const run = await this.bash(this.local(step.text), cwd);
      const output = this.pageView(run.output).split('\n');
      if (!outputMatches(step.expected, output)) {
        throw new Error(
          `$ ${step.text}\n--- the page shows ---\n${step.expected.join('\n')}\n` +
            `--- it printed (exit code ${run.code}) ---\n${output.join('\n')}`,
        );
      }
    }
  }

  /** A command with the page's ports mapped to the running servers' (`npx apidoc` as `apidoc`). */
  private local(text: string): string {
    // `npx <bin>` runs the bin the PATH has (the CLI, or one of this project's devDependencies):
    // never a package npx would fetch from the registry.
    const command = text.replace(/(^|[\s;&|(])npx\s+(?=[\w@])/g, '$1');
    // Servers are written 127.0.0.1:<port>; other loopback URLs are data (an `Origin` header).
    const unknown = loopbackPorts(bareCommand(command))
      .filter((p) => !this.ports.has(p))
      .filter((p) => bareCommand(command).includes(`127.0.0.1:${p}`));
    if (unknown.length > 0) {
      throw new Error(
        `${command}\nuses 127.0.0.1:${unknown[0]}, where no server of the page listens: ` +
          'start one in an earlier block, or mark the block <!-- not run: reason -->',
      );
    }
    return mapPorts(command, this.ports);
  }

  /** Output as the page would show it: the servers' real ports back to the page's. */
  private pageView(output: string): string {
    const back = new Map([...this.ports].map(([page, real]) => [real, page]));
    return mapPorts(output, back);
  }

  private async startServer(written: string, cwd: string): Promise<void> {
    const text = this.local(written);
    const server = serverCommand(text) as ServerCommand;
    if (!server) throw new Error(`not a server command: ${written}`);
    let command = server.text.replace(/^npx\s+/, '');
    const real: [number, number][] = [];
    for (const { flag, declared } of server.ports) {
      const port = await freePort();
      command = withFlag(command, flag, String(port));
      real.push([declared, port]);
    }
    let readyFile: string | undefined;
    if (server.command === 'mock') {
      readyFile = server.readyFile ?? `.apidoc-ready-${++this.readyFiles}`;
      if (!server.readyFile) command = withFlag(command, '--ready-file', readyFile);
      readyFile = path.resolve(cwd, readyFile);
    }
    for (const [declared] of real) await this.stopServer(declared);
    const child = spawn('bash', ['-c', `exec ${command}`], { cwd, env: this.env });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for (const [declared, port] of real) {
      this.servers.set(declared, child);
      this.ports.set(declared, port);
    }
    const ready = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return 'exited';
      if (readyFile) return existsSync(readyFile) && readFileSync(readyFile, 'utf8') !== '';
      for (const [, port] of real) {
        const answered = await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.body?.cancel().then(() => true),
          () => false,
        );
        if (!answered) return false;
      }
      return true;
    };
    const deadline = Date.now() + 25_000;
    for (;;) {
      const state = await ready();
      if (state === true) return;
      if (state === 'exited' || Date.now() > deadline) {
        await this.stopServer(real[0]![0]);
        throw new Error(`${written}\ndid not start (${state || 'timed out'}):\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async stopServer(declared: number): Promise<void> {
    const child = this.servers.get(declared);
    if (!child) return;
    for (const [port, other] of this.servers) if (other === child) this.servers.delete(port);
    await stop(child);
  }

  /** Stops every server the page started, by PID, and removes the scratch folder. */
  async close(): Promise<void> {
    const children = new Set(this.servers.values());
    this.servers.clear();
    for (const child of children) await stop(child);
    rmSync(this.scratch, { recursive: true, force: true });
  }

  private bash(script: string, cwd: string): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      // One pipe for both streams, so the output keeps the order the command wrote it in.
      const child = spawn('bash', ['-c', `exec 2>&1\n${script}`], { cwd, env: this.env });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }
}

/** SIGTERM by PID, SIGKILL after 5 s; resolves once the process is gone. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
