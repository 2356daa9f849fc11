import { describe, expect, it } from 'vitest';
import { parseAppConfig } from '../../../infra/config';
import { settingConcurrency } from '../../../local/services/jobs';

const publisherConcurrency = (env: NodeJS.ProcessEnv) => settingConcurrency('PUBLISHER_CONCURRENCY', env);

/**
 * The local cloud's publishers take a busy second's messages with the event source's maximum
 * concurrency a deployment declares when PUBLISHER_CONCURRENCY sets it, so `npm run
 * bench:publishing` can measure the deployed bound (local/services/jobs.ts says why the
 * unset default is Lambda's ceiling).
 */
const noContext = () => undefined;

describe("the local publishers' concurrency", () => {
  it('follows the same PUBLISHER_CONCURRENCY setting a deployment reads', () => {
    for (const value of ['2', '50', '200', '1000']) {
      const env = { PUBLISHER_CONCURRENCY: value };
      expect(publisherConcurrency(env)).toBe(parseAppConfig(noContext, env).publisherConcurrency);
    }
  });

  it("stays within Lambda's bounds for SQS (2 to 1,000), where a deployment refuses the setting", () => {
    for (const value of ['1', '1001', 'many']) {
      expect(() => parseAppConfig(noContext, { PUBLISHER_CONCURRENCY: value })).toThrow(/publisherConcurrency/);
      expect(publisherConcurrency({ PUBLISHER_CONCURRENCY: value })).toBe(1000);
    }
  });
});
