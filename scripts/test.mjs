#!/usr/bin/env node
// `npm test`: lint, typecheck, the schema drift check, unit + integration tests (vitest), the production build
// and the end-to-end tests in Chromium (Playwright). Every step runs even when an earlier one failed, so one
// run reports everything; the last line is `N passed, N failed` over every test and check, and the exit code
// is non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const bin = (name) => `node_modules/.bin/${name}`;
mkdirSync('reports', { recursive: true });

function run(label, command, args) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const summary = [];
const check = (label, ok) => summary.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });

check('eslint', run('eslint', bin('eslint'), ['.', '--max-warnings=0']));
check('prettier', run('prettier', bin('prettier'), ['--check', '.']));
check('typecheck', run('typecheck', bin('tsc'), ['--noEmit']));
check('drizzle drift', run('drizzle drift', 'node', ['scripts/check-drift.mjs']));

rmSync('reports/vitest.json', { force: true });
const vitestOk = run('unit + integration (vitest)', bin('vitest'), ['run']);
const vitest = readJson('reports/vitest.json');
if (vitest) {
  summary.push({
    label: 'vitest tests',
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests + (vitestOk || vitest.numFailedTests ? 0 : 1),
  });
} else {
  summary.push({ label: 'vitest (no report)', passed: 0, failed: 1 });
}

const buildOk = run('next build', bin('next'), ['build']);
check('next build', buildOk);

if (buildOk) {
  rmSync('reports/playwright.json', { force: true });
  const e2eOk = run('end-to-end (playwright, chromium)', bin('playwright'), ['test']);
  const report = readJson('reports/playwright.json');
  if (report?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
    summary.push({ label: 'playwright tests', passed: expected + flaky, failed: unexpected + (e2eOk || unexpected ? 0 : 1) });
  } else {
    summary.push({ label: 'playwright (no report)', passed: 0, failed: 1 });
  }
} else if (existsSync('playwright.config.ts')) {
  summary.push({ label: 'playwright (not run: build failed)', passed: 0, failed: 1 });
}

console.log('\n=== summary');
for (const row of summary) console.log(`  ${row.label}: ${row.passed} passed, ${row.failed} failed`);
const passed = summary.reduce((sum, row) => sum + row.passed, 0);
const failed = summary.reduce((sum, row) => sum + row.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
