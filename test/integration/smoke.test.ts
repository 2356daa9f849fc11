import { execFile } from 'node:child_process';
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloud, cognito } from '../helpers/given';
import { cognitoTimestamp, g, modPow, N, padHex, passwordExponent, srpClient } from '../../scripts/smoke-srp';

/**
 * `npm run smoke` against the local cloud, through a front door that serves an SPA build (the
 * integration cloud runs without one) and can break one thing at a time, to see the smoke fail.
 */
type Fault = 'none' | 'plans-500' | 'draft-not-deleted' | 'asset-missing';
let fault: Fault = 'none';
let frontDoor: http.Server;
let url: string;

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-smoke.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  const upstream = new URL(cloud().url);
  frontDoor = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(INDEX);
    if (path === '/assets/index-smoke.js') {
      if (fault === 'asset-missing') return void res.writeHead(404).end('Not found');
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end('export {};');
    }
    if (fault === 'plans-500' && path === '/api/plans')
      return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":"INTERNAL","message":"boom"}}');
    // A broken delete that still answers success: the draft stays.
    if (fault === 'draft-not-deleted' && req.method === 'DELETE' && path.startsWith('/api/posts/')) return void res.writeHead(204).end();
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, path, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => frontDoor.listen(0, '127.0.0.1', resolve));
  url = `http://localhost:${(frontDoor.address() as AddressInfo).port}`;
});

afterAll(async () => {
  frontDoor.closeAllConnections();
  await new Promise((resolve) => frontDoor.close(resolve));
});

/** Runs the script as `npm run smoke -- --url …` does, in its own process (the cloud answers from this one). */
function smoke(target: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('npx', ['tsx', 'scripts/smoke.ts', '--url', target], { timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** The throw-away user the run made is gone from Cognito. */
async function expectNoUserLeftBy(output: string) {
  const email = /throw-away user \(([^)]+)\)/.exec(output)?.[1];
  expect(email, output).toBeDefined();
  await expect(cognito().send(new AdminGetUserCommand({ UserPoolId: cloud().env.USER_POOL_ID, Username: email! }))).rejects.toMatchObject({
    name: 'UserNotFoundException',
  });
}

describe('npm run smoke', () => {
  it('passes against a working deployment and leaves nothing behind', async () => {
    fault = 'none';
    const { code, output } = await smoke(url);
    expect(output).toContain('✓ the SPA loads');
    expect(output).toContain('✓ /config.json loads and is valid');
    expect(output).toContain('✓ /api/plans answers');
    expect(output).toContain('✓ create a draft');
    expect(output).toContain('✓ delete the draft, and it is gone');
    expect(output).toContain('✓ delete the user, and nothing of it is left');
    expect(output).toContain('Smoke test passed: 8 checks.');
    expect(code, output).toBe(0);
    await expectNoUserLeftBy(output);
  }, 90_000);

  it('fails when /api/plans answers 500, and still runs the other checks and cleans up', async () => {
    fault = 'plans-500';
    const { code, output } = await smoke(url);
    expect(output).toContain('✗ /api/plans answers: GET /api/plans answered 500');
    expect(output).toContain('✓ delete the draft, and it is gone');
    expect(output).toContain('Smoke test FAILED: 1 of 8 checks did not pass.');
    expect(code).toBe(1);
    await expectNoUserLeftBy(output);
  }, 90_000);

  it('fails when deleting the draft answers success but leaves it, and still deletes the user', async () => {
    fault = 'draft-not-deleted';
    const { code, output } = await smoke(url);
    expect(output).toMatch(/✗ delete the draft, and it is gone: GET \/api\/posts\/\w+ after its deletion answered 200, expected 404/);
    expect(output).toContain('✓ delete the user, and nothing of it is left');
    expect(code).toBe(1);
    await expectNoUserLeftBy(output);
  }, 90_000);

  it('fails when a script of the SPA is missing', async () => {
    fault = 'asset-missing';
    const { code, output } = await smoke(url);
    expect(output).toContain('✗ the SPA loads (index.html and its scripts and styles): GET /assets/index-smoke.js answered 404');
    expect(code).toBe(1);
  }, 90_000);

  it('fails, with no user made, when nothing answers at the URL', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { code, output } = await smoke(`http://127.0.0.1:${port}`);
    expect(output).toContain('✗ /config.json loads and is valid');
    expect(output).toContain('- sign in as a throw-away user: skipped');
    expect(code).toBe(1);
  }, 90_000);
});

describe('the smoke test’s SRP sign-in', () => {
  // Cognito's side of SRP-6a: v = g^x, B = k·v + g^b, S = (A·v^u)^b. Both sides must derive the same key.
  it('proves the password the way an SRP-6a server checks it', () => {
    const userPoolId = 'us-east-1_AbCdEf123';
    const userId = '0c1d2e3f-4a5b-6c7d-8e9f-a0b1c2d3e4f5';
    const salt = 'f3a1c2b4d5e6';
    const b = 0x1234567890abcdef1234567890abcdefn;
    const secretBlock = Buffer.from('a secret block Cognito hands out').toString('base64');
    const k = BigInt(
      `0x${createHash('sha256')
        .update(Buffer.from(padHex(N) + padHex(g), 'hex'))
        .digest('hex')}`,
    );
    const v = modPow(g, passwordExponent('AbCdEf123', userId, 'correct horse', salt), N);
    const B = (k * v + modPow(g, b, N)) % N;

    const server = (client: ReturnType<typeof srpClient>, password: string) => {
      const now = new Date(Date.UTC(2026, 10, 5, 9, 3, 7));
      const answer = client.respond({ userPoolId, password, SRP_B: B.toString(16), SALT: salt, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: userId }, now);
      const A = BigInt(`0x${client.A}`);
      const u = BigInt(
        `0x${createHash('sha256')
          .update(Buffer.from(padHex(A) + padHex(B), 'hex'))
          .digest('hex')}`,
      );
      const S = modPow(A * modPow(v, u, N), b, N);
      const key = Buffer.from(hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16));
      const expected = createHmac('sha256', key)
        .update(Buffer.concat([Buffer.from('AbCdEf123'), Buffer.from(userId), Buffer.from(secretBlock, 'base64'), Buffer.from('Thu Nov 5 09:03:07 UTC 2026')]))
        .digest('base64');
      return { answer, expected };
    };

    const right = server(srpClient(), 'correct horse');
    expect(right.answer).toEqual({
      USERNAME: userId,
      PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
      TIMESTAMP: 'Thu Nov 5 09:03:07 UTC 2026',
      PASSWORD_CLAIM_SIGNATURE: right.expected,
    });
    const wrong = server(srpClient(), 'wrong horse');
    expect(wrong.answer.PASSWORD_CLAIM_SIGNATURE).not.toBe(wrong.expected);
  });

  it('writes the timestamp as Cognito expects: day unpadded, time padded', () => {
    expect(cognitoTimestamp(new Date(Date.UTC(2026, 0, 25, 16, 5, 9)))).toBe('Sun Jan 25 16:05:09 UTC 2026');
  });
});
