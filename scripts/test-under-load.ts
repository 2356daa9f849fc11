import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';

/**
 * `npm run test:load`: `npm test` with CPU-bound work beside it, as on a shared CI runner. Two busy
 * threads spin for the whole run (on 2 cores that leaves the suite about half the machine), then
 * stop; the suite's own exit code is this script's. A test that waits for time instead of a
 * condition fails here first.
 *
 *   npm run test:load                  two spinners beside `npm test`
 *   LOAD_SPINNERS=4 npm run test:load  more of them
 *   npm run test:load -- --project frontend test/frontend/x.test.tsx
 *                                      anything after `--` replaces `npm test` with `npx vitest run …`
 */

const spinners = Math.max(1, Number(process.env.LOAD_SPINNERS) || 2);
const passThrough = process.argv.slice(2);

// Each worker burns one core until it is terminated: a tight loop with no awaits, so it holds the
// CPU the way a compiler or another suite on the same runner would.
const SPIN = `
  let x = 0;
  for (;;) x = (x * 1103515245 + 12345) % 2147483648;
`;

const workers = Array.from({ length: spinners }, () => new Worker(SPIN, { eval: true }));
const started = Date.now();
console.log(`› ${spinners} CPU-bound spinner${spinners === 1 ? '' : 's'} started beside the tests`);

const [cmd, args] = passThrough.length > 0 ? ['npx', ['vitest', 'run', ...passThrough]] : ['npm', ['test']];
const child = spawn(cmd, args as string[], { stdio: 'inherit', env: process.env });

const stop = async (code: number) => {
  await Promise.all(workers.map((w) => w.terminate()));
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`› spinners stopped; ${[cmd, ...args].join(' ')} ${code === 0 ? 'passed' : `failed (exit ${code})`} under load in ${seconds} s`);
  process.exit(code);
};
child.on('close', (code, signal) => void stop(code ?? (signal ? 1 : 0)));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
