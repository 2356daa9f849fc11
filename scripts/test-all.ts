import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { assertProjectNode, nodeRuntimeLine } from '../local/node-runtime';

/**
 * `npm test`: the vitest projects in three runs (unit + infra + frontend on both cores with integration beside
 * them, then e2e, together with the static checks: type-check, lint (ESLint) and formatting (Prettier)),
 * then one plain summary line. Integration and e2e each start a local cloud inside their vitest process (the handlers run in
 * process and read process.env, as on Lambda), so they must not share a process.
 * Arguments go to every run (e.g. `npm test -- -t "notifications"`).
 */
const GROUPS: { projects: string[]; args: string[] }[] = [
  // Vitest's default is one worker per core less one: on 2 cores that is one. These files are independent
  // and each runs in its own worker, so both cores take files.
  { projects: ['unit', 'infra', 'frontend'], args: ['--maxWorkers=2'] },
  { projects: ['integration'], args: [] },
  { projects: ['e2e'], args: [] },
];
/**
 * Integration and e2e run side by side, each in its own vitest process with its own local cloud (own
 * ports and data directory): both spend most of their time waiting for due times and the browser
 * (together about half a core), so running them one after the other only added their times.
 * TEST_SERIAL=1 runs them one after the other.
 */
const SIDE_BY_SIDE = process.env.TEST_SERIAL ? [] : [1, 2];

assertProjectNode();
console.log(`› ${nodeRuntimeLine()}`);
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
/** Runs the static checks side by side and prints each one's output; true when one failed. */
async function staticChecks(): Promise<boolean> {
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
  let failed = false;
  for (const [i, check] of CHECKS.entries()) {
    const { code, output } = results[i]!;
    console.log(`› ${check.title}${code === 0 ? '' : ' FAILED'}`);
    if (output.trim()) console.log(output.trimEnd());
    if (code !== 0) {
      console.error(check.fail);
      failed = true;
    }
  }
  return failed;
}

// Serially, the checks come first and stop the run; otherwise they run beside integration and e2e
// (which leave a core mostly idle) and fail the run at the end.
if (process.env.TEST_SERIAL && (await staticChecks())) process.exit(1);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function vitestArgs(i: number): string[] {
  const { projects, args } = GROUPS[i]!;
  return [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--passWithNoTests',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(dir, `group-${i}.json`)}`,
    ...process.argv.slice(2),
  ];
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}
/** Each failed test (file, name, the first lines of its error), printed last so the tail of a CI log names them. */
const failures: string[] = [];
const firstLines = (text: string, n: number) =>
  stripVTControlCharacters(text)
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, n)
    .map((l) => `      ${l.trim()}`)
    .join('\n');

/** Adds a group's JSON report to the totals; a run that died before reporting counts as one failure. */
function count(i: number, code: number): void {
  const report = path.join(dir, `group-${i}.json`);
  if (fs.existsSync(report)) {
    const r = JSON.parse(fs.readFileSync(report, 'utf8')) as Report;
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name);
      const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed) failures.push(`  ✗ ${name} › ${a.fullName}\n${firstLines((a.failureMessages ?? []).join('\n'), 6)}`);
      // A file that failed outside any test (an import error, a hook) has no failed assertion to name:
      // it counts as one failure, as a run that died before reporting does.
      if (failed.length === 0 && file.status === 'failed') {
        totals.failed += 1;
        failures.push(`  ✗ ${name}\n${firstLines(file.message ?? '', 6)}`);
      }
    }
  } else if (code !== 0) {
    totals.failed += 1; // e.g. a global setup failed
    failures.push(`  ✗ ${GROUPS[i]!.projects.join(', ')}: the run ended (exit ${code}) before it reported`);
  }
}

/** A group in the background, its output kept and printed in one piece when it ends (two groups' lines never interleave). */
function inBackground(i: number): Promise<number> {
  const started = Date.now();
  const logFile = path.join(dir, `group-${i}.log`);
  const out = fs.openSync(logFile, 'w');
  const child = spawn('npx', vitestArgs(i), { stdio: ['ignore', out, out], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      console.log(`\n› vitest: ${GROUPS[i]!.projects.join(', ')} (ran alongside, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      resolve(code ?? 1);
    });
  });
}

/** A group in the foreground, its output streamed; resolves with its exit code (the event loop stays free for the background groups). */
function inForeground(i: number): Promise<number> {
  console.log(`\n› vitest: ${GROUPS[i]!.projects.join(', ')}`);
  const child = spawn('npx', vitestArgs(i), { stdio: 'inherit', env: process.env });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

let status = 0;
// Integration starts first, in the background: it waits on due times most of the time, so the
// CPU-bound unit, infra and frontend files fill the cores meanwhile. The static checks follow
// the foreground group, beside whatever of integration and e2e is left.
if (SIDE_BY_SIDE.length > 0)
  console.log(`\n› vitest: integration in the background, e2e once the frontend files are done (output follows as each ends), then the static checks`);
// e2e builds the web app and drives several Chromium pages at once: beside the frontend files it
// took the CPU their rendering waits for (they timed out under it), so it starts once they are done,
// beside integration and the static checks. Its codes keep SIDE_BY_SIDE's order.
const AFTER_FOREGROUND = SIDE_BY_SIDE.filter((i) => GROUPS[i]!.projects.includes('e2e'));
const background = SIDE_BY_SIDE.filter((i) => !AFTER_FOREGROUND.includes(i)).map(inBackground);
for (const i of GROUPS.keys()) {
  if (SIDE_BY_SIDE.includes(i)) continue;
  const code = process.env.TEST_SERIAL ? run('npx', vitestArgs(i)) : await inForeground(i);
  count(i, code);
  status ||= code;
}
background.push(...AFTER_FOREGROUND.map(inBackground));
if (SIDE_BY_SIDE.length > 0) {
  const [checksFailed, ...codes] = await Promise.all([staticChecks(), ...background]);
  SIDE_BY_SIDE.forEach((i, k) => count(i, codes[k]!));
  status ||= codes.find((c) => c !== 0) ?? (checksFailed ? 1 : 0);
}

console.log(`\nWhole suite took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(status);
