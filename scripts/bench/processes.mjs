// Child processes of `npm run bench`: the fake vendor and the service (`scripts/serve.mjs`), free loopback ports, CPU time of a
// process tree from /proc, and a description of the machine.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

export const HOST = '127.0.0.1';

/** A port the kernel says is free on the loopback interface right now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Resolves once `predicate(line)` holds for a line of the child's stdout or stderr; rejects on exit or timeout. */
function waitForLine(child, name, predicate, timeoutMs) {
  return new Promise((resolveWait, reject) => {
    let buffered = '';
    const timer = setTimeout(() => finish(new Error(`${name} was not ready within ${timeoutMs} ms:\n${buffered.slice(-2000)}`)), timeoutMs);
    function onData(chunk) {
      buffered += chunk.toString();
      if (buffered.split('\n').some(predicate)) finish();
    }
    function onExit(code, signal) {
      finish(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${buffered.slice(-2000)}`));
    }
    function finish(error) {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolveWait();
    }
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Keeps the last lines a child printed, for error messages; optionally echoes warnings. */
function keepOutput(child, name) {
  const lines = [];
  const push = (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
    }
  };
  child.stdout.on('data', push);
  child.stderr.on('data', push);
  child.output = () => `${name}:\n${lines.slice(-40).join('\n')}`;
}

/** The fake vendors as their own process (scripts/sandbox-server.ts). */
export async function startFake(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('scripts/sandbox-server.ts'), '--port', String(port), '--host', HOST], {
    env: { ...process.env, SANDBOX: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keepOutput(child, 'sandbox-server');
  await waitForLine(child, 'sandbox-server', (line) => line.includes('sandbox-server listening'), 30_000);
  return child;
}

/**
 * A private snapshot of the production build: `.next` hard-linked (copied when links fail) into `dir`, next to
 * links to what the server reads at run time. A `next build` started elsewhere during the bench replaces the
 * files of `.next` but not the snapshot's links to the old ones.
 */
export function snapshotBuild(dir) {
  mkdirSync(dir, { recursive: true });
  const linked = spawnSync('cp', ['-al', resolve('.next'), join(dir, '.next')], { stdio: 'ignore' });
  if (linked.status !== 0) cpSync(resolve('.next'), join(dir, '.next'), { recursive: true });
  for (const name of ['node_modules', 'package.json', 'next.config.mjs', 'public', 'drizzle', 'scripts']) {
    if (existsSync(resolve(name))) symlinkSync(resolve(name), join(dir, name));
  }
  return dir;
}

/** `npm start`'s server (scripts/serve.mjs) over the production build in `projectDir`, on loopback, with the environment given. */
export async function startService(port, env, nodeFlags = [], projectDir = process.cwd()) {
  // `npm start`'s server: Next.js for the dashboard, the /v1 fast path for the API (scripts/serve.mjs).
  const child = spawn(process.execPath, [...nodeFlags, join(projectDir, 'scripts/serve.mjs'), '-p', String(port), '-H', HOST], {
    cwd: projectDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keepOutput(child, 'service');
  await waitForLine(child, 'service', (line) => /Ready in|ready on|started server/i.test(line), 60_000);
  // "Ready" is printed before instrumentation has finished migrating; wait until /v1 answers.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://${HOST}:${port}/v1/connections`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 401 || response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the service did not answer /v1 in time\n${child.output()}`);
    await new Promise((wake) => setTimeout(wake, 200));
  }
  return child;
}

/** Ends one child we started (by its pid, SIGTERM then SIGKILL) and waits for it. */
export async function stop(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** utime + stime of `pid` and all its descendants, in seconds. */
export function treeCpuSeconds(pid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  let ticks = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    ticks += stats.get(current)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === current) queue.push(child);
  }
  return ticks / CLOCK_TICKS;
}

/** The 1-minute load average (the machine may be shared with other work). */
export function loadAverage() {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return NaN;
  }
}

export function machine() {
  const cpuInfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuInfo)?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  let nproc = cpus().length;
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || nproc;
  } catch {
    // keep os.cpus()
  }
  let kernel = '';
  try {
    kernel = execFileSync('uname', ['-srm'], { encoding: 'utf8' }).trim();
  } catch {
    kernel = process.platform;
  }
  return { cpu: model, nproc, memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10, node: process.version, kernel };
}
