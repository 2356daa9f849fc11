import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm test`: type-check, lint (ESLint) and check the formatting (Prettier) side by side, then the vitest projects
 * in three sequential runs, then one plain summary line. Integration and e2e each start a local
 * cloud inside the vitest process (the handlers run in process and read process.env, as on Lambda),
 * so they must not share a run;
 * sequential runs also keep the 2-core machine from timing out the browser-like tests.
 * Arguments go to every run (e.g. `npm test -- -t "notifications"`).
 */
const GROUPS: { projects: string[]; args: string[] }[] = [
  // Vitest's default is one worker per core less one: on 2 cores that is one. These files are independent
  // and each runs in its own worker, so both cores take files.
  { projects: ['unit', 'infra', 'frontend'], args: ['--maxWorkers=2'] },
  { projects: ['integration'], args: [] },
  { projects: ['e2e'], args: [] },
];

const t0 = Date.now();
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

/** The static checks, side by side (each is one busy thread): their output is printed per check once all are done. */
const CHECKS = [
  { title: 'Type-checking (tsc --noEmit)', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'], fail: 'Type errors: fix them before the tests run.' },
  {
    title: 'Linting (npm run lint)',
    cmd: ['npm', 'run', '--silent', 'lint'],
    fail: 'Lint errors (ESLint: the layer boundaries, typescript-eslint, react-hooks): fix the code, do not weaken the rule.',
  },
  {
    title: 'Checking the formatting (npm run format:check)',
    cmd: ['npm', 'run', '--silent', 'format:check'],
    fail: 'Files above are not formatted: run `npm run format` (Prettier) and commit the result.',
  },
];
const results = await Promise.all(
  CHECKS.map(
    (check) =>
      new Promise<{ code: number; output: string }>((resolve) => {
        const child = spawn(check.cmd[0]!, check.cmd.slice(1), { env: process.env });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d.toString()));
        child.stderr.on('data', (d: Buffer) => (output += d.toString()));
        child.on('close', (code) => resolve({ code: code ?? 1, output }));
      }),
  ),
);
let checksFailed = false;
for (const [i, check] of CHECKS.entries()) {
  const { code, output } = results[i]!;
  console.log(`› ${check.title}${code === 0 ? '' : ' FAILED'}`);
  if (output.trim()) console.log(output.trimEnd());
  if (code !== 0) {
    console.error(check.fail);
    checksFailed = true;
  }
}
if (checksFailed) process.exit(1);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
for (const [i, { projects, args }] of GROUPS.entries()) {
  console.log(`\n› vitest: ${projects.join(', ')}`);
  const report = path.join(dir, `group-${i}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const code = run('npx', [
    'vitest',
    'run',
    ...projectArgs,
    '--passWithNoTests',
    ...args,
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
