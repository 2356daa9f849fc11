import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../local/cloud';

/**
 * Starts the local cloud once for the integration project, on free ports and a throw-away data
 * directory, and hands its settings to the test files through `provide`.
 */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  // The handlers run in this process; tests assert what callers see, so keep their logs out of the output.
  process.env.LOG_LEVEL ??= 'SILENT';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-integration-'));
  // A 3 s API timeout (10 s deployed): account deletion's in-flight grace waits that long, in every test that deletes a user.
  const cloud = await startLocalCloud({ dataDir, web: 'none', apiTimeoutSeconds: 3 });
  project.provide('cloud', { url: cloud.url, env: cloud.env, clientId: cloud.cognito.clientId, cognitoEndpoint: cloud.cognito.endpoint });
  return async () => {
    await cloud.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: { url: string; env: Record<string, string>; clientId: string; cognitoEndpoint: string };
  }
}
