import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`: type-check, then every vitest project (unit, frontend, infra, integration, e2e) in one
 * run, then one plain summary line. Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
const t0 = Date.now();
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

console.log('› Type-checking (tsc --noEmit)');
if (run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) {
  console.error('Type errors: fix them before the tests run.');
  process.exit(1);
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tests-')), 'results.json');
console.log('› Running the test projects');
const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]);

if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`\nWhole suite took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
}
process.exit(status);
