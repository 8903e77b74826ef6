import { readFileSync } from 'node:fs';
import os from 'node:os';
import process from 'node:process';

export function machineInfo() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (match) cpu = match[1].trim();
  } catch {
    // Not Linux: os.cpus() has it.
  }
  return {
    cpu,
    cores:
      typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** The 1-minute load average, and a warning when other work competes for the cores. */
export function loadCheck(cores) {
  const load = os.loadavg()[0];
  const busy = load > cores * 0.5;
  return {
    load: Math.round(load * 100) / 100,
    warning: busy
      ? `the machine is busy (load average ${load.toFixed(2)} on ${cores} cores): other work ` +
        'competes for the CPU, so the figures will be noisy; the ratios suffer less than the absolute numbers'
      : null,
  };
}

export function describeMachine(machine) {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, Node ${machine.node}, ${machine.os}`;
}
