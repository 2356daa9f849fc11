import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { invokeFunctionArn, invokeLambda, localFunctionArn, registerLocalHandler, stopLambdaWorkers, warmLambdaHandlers } from '../../local/lambda-runtime';

/**
 * The local Lambda runtime runs functions on worker threads, apart from the emulated services (so a
 * busy minute's publishers use a second core), the way callers of Lambda see it: a result, or an
 * error with its name and fields; the environment the local cloud set; a warm module per function.
 */
interface Probe {
  isMainThread: boolean;
  threadId: number;
  invocations: number;
  loadedAt: number;
  env: string | null;
  remainingMs: number;
  functionName: string;
}

const previous = process.env.LOCAL_LAMBDA_WORKERS;
afterEach(async () => {
  await stopLambdaWorkers();
  if (previous === undefined) delete process.env.LOCAL_LAMBDA_WORKERS;
  else process.env.LOCAL_LAMBDA_WORKERS = previous;
  delete process.env.PROBE_SETTING;
});
afterAll(stopLambdaWorkers);

describe('the local Lambda runtime', () => {
  it('runs a function on a worker thread that sees settings added after it started, and keeps it warm', async () => {
    delete process.env.LOCAL_LAMBDA_WORKERS;
    const first = await invokeLambda<Probe>('runtime-probe', {});
    process.env.PROBE_SETTING = 'set later';

    const second = await invokeLambda<Probe>('runtime-probe', { envName: 'PROBE_SETTING' });

    expect(first.isMainThread).toBe(false);
    expect(second.threadId).toBe(first.threadId);
    expect(second.invocations).toBe(first.invocations + 1);
    expect(second.env).toBe('set later');
    expect(second.functionName).toBe('runtime-probe');
    expect(second.remainingMs).toBeGreaterThan(0);
    expect(second.remainingMs).toBeLessThanOrEqual(10_000);
  });

  it("passes a function's error back with its name, message and fields", async () => {
    const failure = invokeLambda('runtime-probe', { fail: true });

    await expect(failure).rejects.toMatchObject({
      name: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(failure).rejects.toBeInstanceOf(Error);
  });

  it('spreads concurrent invocations over the configured number of workers', async () => {
    process.env.LOCAL_LAMBDA_WORKERS = '2';

    const results = await Promise.all(Array.from({ length: 8 }, () => invokeLambda<Probe>('runtime-probe', {})));

    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    expect(results.every((r) => !r.isMainThread)).toBe(true);
  });

  it('loads a function on its worker before its first invocation when warmed (npm start does so after "Ready")', async () => {
    delete process.env.LOCAL_LAMBDA_WORKERS;
    await warmLambdaHandlers(['runtime-probe']);
    const invoked = performance.timeOrigin + performance.now();

    const probe = await invokeLambda<Probe>('runtime-probe', {});

    expect(probe.isMainThread).toBe(false);
    expect(probe.invocations).toBe(1);
    expect(probe.loadedAt).toBeLessThan(invoked);
  });

  it('runs at most LOCAL_LAMBDA_CONCURRENCY asynchronous invocations of a function at once, the rest in turn as others end', async () => {
    process.env.LOCAL_LAMBDA_CONCURRENCY = '2';
    onTestFinished(() => {
      delete process.env.LOCAL_LAMBDA_CONCURRENCY;
    });
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    let running = 0;
    let most = 0;
    const unregister = registerLocalHandler('test/held', async (event: { n: number }) => {
      running += 1;
      most = Math.max(most, running);
      started.push(event.n);
      await new Promise<void>((resolve) => finish.set(event.n, resolve));
      running -= 1;
      return event.n;
    });
    onTestFinished(unregister);
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setImmediate(resolve));
    };

    const results = [1, 2, 3, 4, 5].map((n) => invokeFunctionArn<number>(localFunctionArn('test/held'), { n }));
    await until(() => started.length === 2);
    const heldBack = [...started];
    finish.get(2)!();
    await until(() => started.length === 3);
    finish.get(1)!();
    await until(() => started.length === 4);
    finish.get(3)!();
    await until(() => started.length === 5);
    finish.get(4)!();
    finish.get(5)!();

    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(heldBack).toEqual([1, 2]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('runs functions in this thread with LOCAL_LAMBDA_WORKERS=0, and registered handlers always', async () => {
    process.env.LOCAL_LAMBDA_WORKERS = '0';
    const inThread = await invokeLambda<Probe>('runtime-probe', {});
    delete process.env.LOCAL_LAMBDA_WORKERS;
    const undo = registerLocalHandler('test/registered-probe', async () => ({ ranHere: true }));

    try {
      expect(inThread.isMainThread).toBe(true);
      await expect(invokeLambda('test/registered-probe', {})).resolves.toEqual({ ranHere: true });
    } finally {
      undo();
    }
  });
});
