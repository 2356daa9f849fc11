import { describe, expect, it } from 'vitest';
import { parseAppConfig } from '../../../infra/config';
import { publisherConcurrency } from '../../../local/services/publishing';

/**
 * The local cloud's publishers take a busy second's messages as a deployment's do: no more batches
 * per platform queue at once than the SQS event source's maximum concurrency the infra declares.
 * Unbounded, a big minute's every delivery would start at once on the local workers and none would
 * finish (as a deployment never behaves); bounded differently, the local benchmark would measure
 * another system than the one deployed.
 */
const noContext = () => undefined;

describe("the local publishers' concurrency", () => {
  it("is a deployment's default when nothing is configured", () => {
    expect(publisherConcurrency({})).toBe(parseAppConfig(noContext, {}).publisherConcurrency);
  });

  it('follows the same PUBLISHER_CONCURRENCY setting a deployment reads', () => {
    const env = { PUBLISHER_CONCURRENCY: '200' };
    expect(publisherConcurrency(env)).toBe(parseAppConfig(noContext, env).publisherConcurrency);
    expect(publisherConcurrency(env)).toBe(200);
  });
});
