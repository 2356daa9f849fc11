import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../local/cloud';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * End-to-end tests go through the real front door: a production build of the SPA served by the
 * local cloud (as CloudFront serves it on AWS), real Cognito tokens, the real handlers.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (CI's .ci/run does this)`);
  // E2E_WEB=dev runs the same path against the Vite dev server that `npm start` uses.
  const web = process.env.E2E_WEB === 'dev' ? 'dev' : 'dist';
  if (web === 'dist' && !process.env.E2E_SKIP_BUILD) {
    // vitest sets NODE_ENV=test, which would give a development React build: test what ships.
    const build = spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('The web build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-e2e-'));
  // As in the integration setup: a 4 s API timeout (10 s deployed) shortens account deletion's in-flight grace.
  // Bluesky's stand-in is its own PDS, an opt-in module of the local cloud (docs/bluesky.md): the
  // Bluesky end-to-end test needs it, so the e2e cloud runs it unless LOCAL_BLUESKY=off.
  const cloud = await startLocalCloud({ dataDir, web, apiTimeoutSeconds: 4, bluesky: process.env.LOCAL_BLUESKY !== 'off' });
  project.provide('cloud', { url: cloud.url, env: cloud.env, clientId: cloud.cognito.clientId, cognitoEndpoint: cloud.cognito.endpoint });
  return async () => {
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
