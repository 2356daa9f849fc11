import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Quiet the AWS SDK v2 maintenance notice (cognito-local brings SDK v2; we never call it ourselves).
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';

const alias = {
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
  '@': fileURLToPath(new URL('./frontend/src', import.meta.url)),
};

/**
 * One project per test layer (docs/architecture.md#tests). `npm test` runs them all through scripts/test-all.ts.
 * 2 cores: the heavy layers (integration, e2e) run their files one at a time.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', environment: 'node', include: ['test/unit/**/*.test.ts'], env: { LOG_LEVEL: 'SILENT' } } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/helpers/local-cloud-setup.ts'],
          setupFiles: ['test/helpers/integration-env.ts'],
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'infra', environment: 'node', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'frontend',
          environment: 'jsdom',
          include: ['test/frontend/**/*.test.tsx', 'test/frontend/**/*.test.ts'],
          setupFiles: ['test/frontend/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // Given-steps seed data (e.g. a subscription) with the same clients the handlers use.
          setupFiles: ['test/helpers/integration-env.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
