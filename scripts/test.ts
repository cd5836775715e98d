/**
 * npm test: every check, in order, each run even when an earlier one failed,
 * then one closing line `tests: N passed, N failed` counting unit, emulator
 * and end-to-end tests (a failed typecheck, lint or budget counts as one failed test).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const tmp = path.resolve('.tmp');
fs.mkdirSync(tmp, { recursive: true });
const vitestJson = path.join(tmp, 'vitest-report.json');
const playwrightJson = path.join(tmp, 'playwright-report.json');
for (const file of [vitestJson, playwrightJson]) fs.rmSync(file, { force: true });

let passed = 0;
let failed = 0;
const problems: string[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
  return ok;
}

function check(name: string, command: string, args: string[]) {
  if (run(name, command, args)) return;
  failed++;
  problems.push(name);
}

check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);

// Each catalog check (en extracted, ko and ja complete, per catalog) counts as one test; scripts/check-catalogs.ts writes them.
function countChecks(name: string, file: string, ok: boolean) {
  if (fs.existsSync(file)) {
    const checks = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; ok: boolean; detail: string }[];
    for (const c of checks) {
      if (c.ok) passed++;
      else {
        failed++;
        problems.push(`${c.name} (${c.detail})`);
      }
    }
  } else if (!ok) {
    failed++;
    problems.push(`${name} (the check did not finish)`);
  }
}
const i18nChecks = path.join(tmp, 'i18n-checks.json');
fs.rmSync(i18nChecks, { force: true });
countChecks('translation catalogs', i18nChecks, run('translation catalogs', 'npx', ['tsx', 'scripts/check-catalogs.ts']));

// Each bundle budget (sign-in ratio, 250 kB per route, recharts) counts as one test; bench/bundle.ts writes them.
const bundleChecks = path.join(tmp, 'bundle-checks.json');
fs.rmSync(bundleChecks, { force: true });
countChecks('bundle budgets', bundleChecks, run('bundle budgets', 'npx', ['tsx', 'bench/bundle.ts', '--check']));

const vitestOk = run('unit and emulator tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (fs.existsSync(vitestJson)) {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (!vitestOk && report.numFailedTests === 0) {
    failed++;
    problems.push('vitest (a suite failed to load)');
  }
} else {
  failed++;
  problems.push('vitest (no report)');
}

const e2eOk = run('end-to-end tests', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON: playwrightJson });
if (fs.existsSync(playwrightJson)) {
  const report = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[] };
  passed += report.stats.expected;
  failed += report.stats.unexpected + report.stats.flaky;
  if (!e2eOk && report.stats.unexpected === 0) {
    failed++;
    problems.push('playwright (setup failed)');
  }
} else {
  failed++;
  problems.push('playwright (no report)');
}

if (problems.length) console.log(`\nFailed checks: ${problems.join(', ')}`);
const summary = `tests: ${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(tmp, 'test-summary.txt'), summary + '\n');
console.log(`\n${summary}`);
process.exit(failed === 0 ? 0 : 1);
