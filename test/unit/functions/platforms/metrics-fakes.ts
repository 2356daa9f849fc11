import type { Platform } from '@shared/platforms';
import type { AdapterDeps } from '../../../../functions/platforms/http';
import { hostsFor } from '../../../../functions/platforms/hosts';
import type { MetricsReader, TokenSet } from '../../../../functions/platforms/types';
import { aFakePlatform, anApp, clock } from '../../platforms/fake-platform';

export const METRICS_TOKENS: TokenSet = { accessToken: 'metrics-access-bWV0cmljcy1yZWFkZXItdG9rZW4', expiresAt: null };

/** Given: `platform`'s metrics reader on a fake platform answering with `replies`; `read(ids)` reads them with METRICS_TOKENS. */
export function aMetricsReader<P extends Platform>(platform: P, create: (deps: AdapterDeps<P>) => MetricsReader, ...replies: Parameters<typeof aFakePlatform>) {
  const fake = aFakePlatform(...replies);
  const reader = create({ app: anApp, hosts: hostsFor(platform), fetch: fake.fetch, now: clock });
  const read = (ids: readonly string[]) => reader.readMetrics(METRICS_TOKENS, { accountId: 'acct-1', platformPostIds: ids });
  return { ...fake, reader, read };
}

/** `n` distinct numeric ids. */
export const someIds = (n: number) => Array.from({ length: n }, (_, i) => String(7_000_000_000_000_000_000n + BigInt(i)));
