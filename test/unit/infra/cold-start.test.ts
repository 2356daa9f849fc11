import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { Architecture } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { assertEnvFor } from '../../../functions/lib/env';
import { bundlingFor } from '../../../infra/constructs/app-function';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BASE = { TABLE_NAME: 'table', MEDIA_BUCKET: 'media', APP_ORIGIN_PARAMETER: '/app/origin' };
const SCHEDULING = { SCHEDULE_GROUP: 'posts', DISPATCHER_FUNCTION_ARN: 'arn:dispatcher', SCHEDULER_ROLE_ARN: 'arn:role', SCHEDULER_DLQ_ARN: 'arn:dlq' };

describe('assertEnvFor', () => {
  it('accepts the base settings for a function that needs nothing more', () => {
    // Act / Assess
    expect(() => assertEnvFor(['table:read'], BASE)).not.toThrow();
  });

  it('names every missing setting of every declared capability', () => {
    // Act / Assess
    expect(() => assertEnvFor(['scheduling', 'queues', 'tokens'], { ...BASE, SCHEDULE_GROUP: 'posts' })).toThrow(
      /DISPATCHER_FUNCTION_ARN \(scheduling\).*SCHEDULER_ROLE_ARN \(scheduling\).*SCHEDULER_DLQ_ARN \(scheduling\).*PUBLISH_QUEUE_URLS \(queues\)/,
    );
    expect(() => assertEnvFor(['tokens'], BASE)).toThrow(/TOKEN_KMS_KEY_ID \(tokens\)/);
    expect(() => assertEnvFor(['cognito:sign-up'], { ...BASE, USER_POOL_ID: 'pool' })).toThrow(/USER_POOL_CLIENT_ID/);
  });

  it('refuses a missing base setting whatever the capabilities', () => {
    // Act / Assess
    expect(() => assertEnvFor([], { TABLE_NAME: 'table', APP_ORIGIN_PARAMETER: '/x' })).toThrow(/MEDIA_BUCKET/);
    expect(() => assertEnvFor([], { TABLE_NAME: 'table', MEDIA_BUCKET: 'media' })).toThrow(/APP_ORIGIN/);
  });

  it('accepts a scheduling function with its settings', () => {
    // Act / Assess
    expect(() =>
      assertEnvFor(['scheduling', 'queues', 'tokens'], { ...BASE, ...SCHEDULING, PUBLISH_QUEUE_URLS: '{"x":"url"}', TOKEN_KMS_KEY_ID: 'arn:key' }),
    ).not.toThrow();
  });
});

describe('the deployed bundle', () => {
  /** Bundles a handler with the deployment's esbuild settings (the cold-start injection included) and loads it in a fresh node with `env`. */
  async function loadBundle(handlerModule: string, env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
    const bundling = bundlingFor(handlerModule, Architecture.ARM_64);
    const outfile = path.join(REPO_ROOT, 'node_modules/.cache/cold-start-test', `${handlerModule.replaceAll('/', '-')}.mjs`);
    mkdirSync(path.dirname(outfile), { recursive: true });
    await esbuild.build({
      entryPoints: [path.join(REPO_ROOT, 'functions/handlers', `${handlerModule}.ts`)],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: bundling.target,
      mainFields: bundling.mainFields,
      external: bundling.externalModules,
      banner: { js: bundling.banner! },
      define: bundling.define,
      inject: bundling.inject,
      tsconfig: bundling.tsconfig,
      logLevel: 'silent',
    });
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', `await import(${JSON.stringify(outfile)}); console.log('loaded');`],
        { env: { PATH: process.env.PATH ?? '', ...env } },
      );
      return { ok: true, output: stdout };
    } catch (error) {
      return { ok: false, output: String((error as { stderr?: string }).stderr) };
    }
  }

  it("fails at load, before any request, when a declared capability's setting is missing", async () => {
    // Act
    const missing = await loadBundle('posts/delete-post', BASE);
    const complete = await loadBundle('posts/delete-post', { ...BASE, ...SCHEDULING });

    // Assess
    expect(missing.ok).toBe(false);
    expect(missing.output).toMatch(/Invalid Lambda environment: SCHEDULE_GROUP \(scheduling\)/);
    expect(complete).toEqual({ ok: true, output: 'loaded\n' });
  }, 120_000);
});
