#!/usr/bin/env node
// `npm run reliability [-- <scenario>…]`: runs the reliability scenarios one after another (each bounded by its
// own hard timeout and cleaning up after itself) and prints their summaries. Scenarios: crash-restart,
// receiver-outage, latency (default: all). Figures and method: docs/reliability.md.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCENARIOS = ['crash-restart', 'receiver-outage', 'latency'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SCENARIOS.includes(name));
if (unknown.length) {
  process.stderr.write(`unknown scenario ${unknown.join(', ')}; choose from ${SCENARIOS.join(', ')}\n`);
  process.exit(64);
}
const here = dirname(fileURLToPath(import.meta.url));
let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    // The scenario cleans up its own processes and folders on SIGTERM.
    if (child?.exitCode === null) child.kill('SIGTERM');
    process.exit(130);
  });
}

const outcomes = [];
for (const name of wanted.length ? wanted : SCENARIOS) {
  process.stdout.write(`\n== ${name} ==\n`);
  const started = Date.now();
  const code = await new Promise((done) => {
    child = spawn(process.execPath, [join(here, `${name}.mjs`)], { stdio: 'inherit' });
    child.on('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
  });
  outcomes.push({ name, code, seconds: Math.round((Date.now() - started) / 1000) });
}
process.stdout.write('\nscenario          result  seconds\n');
for (const { name, code, seconds } of outcomes)
  process.stdout.write(`${name.padEnd(16)}  ${code === 0 ? 'pass' : `FAIL ${code}`}  ${seconds}\n`);
process.exit(outcomes.every((outcome) => outcome.code === 0) ? 0 : 1);
