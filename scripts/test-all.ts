import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`: type-check, lint (ESLint), check the formatting (Prettier), then the vitest projects
 * in three sequential runs, then one plain summary line. Integration and e2e each start a local
 * cloud inside the vitest process (the handlers run in process and read process.env, as on Lambda),
 * so they must not share a run;
 * sequential runs also keep the 2-core machine from timing out the browser-like tests.
 * Arguments go to every run (e.g. `npm test -- -t "notifications"`).
 */
const GROUPS = [['unit', 'infra', 'frontend'], ['integration'], ['e2e']];

const t0 = Date.now();
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

console.log('› Type-checking (tsc --noEmit)');
if (run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) {
  console.error('Type errors: fix them before the tests run.');
  process.exit(1);
}

console.log('\n› Linting (npm run lint)');
if (run('npm', ['run', '--silent', 'lint']) !== 0) {
  console.error('Lint errors (ESLint: the layer boundaries, typescript-eslint, react-hooks): fix the code, do not weaken the rule.');
  process.exit(1);
}

console.log('\n› Checking the formatting (npm run format:check)');
if (run('npm', ['run', '--silent', 'format:check']) !== 0) {
  console.error('Files above are not formatted: run `npm run format` (Prettier) and commit the result.');
  process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
for (const [i, projects] of GROUPS.entries()) {
  console.log(`\n› vitest: ${projects.join(', ')}`);
  const report = path.join(dir, `group-${i}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const code = run('npx', [
    'vitest',
    'run',
    ...projectArgs,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ]);
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  } else if (code !== 0) {
    totals.failed += 1; // the run died before reporting (e.g. a global setup failed)
  }
  status ||= code;
}

console.log(`\nWhole suite took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(status);
