import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORMS } from '@shared/platforms';
import { hostsFor } from '../../../functions/platforms/hosts';
import { createAdapter } from '../../../functions/platforms/registry';
import { anApp } from './fake-platform';

describe('the adapter registry', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it.each(PLATFORMS)('builds the %s adapter for that platform', (platform) => {
    const adapter = createAdapter(platform, { app: anApp, hosts: hostsFor(platform) });

    expect(adapter.platform).toBe(platform);
    expect(adapter.usesPkce).toBe(platform === 'x');
  });

  it('falls back to the global fetch and the real clock when none are injected', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      calls.push(input);
      return new Response(JSON.stringify({ access_token: 'ya29.t', expires_in: 60 }), { status: 200 });
    });
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z'), toFake: ['Date'] });
    const adapter = createAdapter('youtube', { app: anApp, hosts: hostsFor('youtube') });

    const tokens = await adapter.exchangeCode({ code: 'c' });

    expect(calls).toEqual(['https://oauth2.googleapis.com/token']);
    expect(tokens.expiresAt).toBe('2030-01-01T00:01:00.000Z');
  });

  it('gives the Facebook adapter its Page-details reader', () => {
    const adapter = createAdapter('facebook', { app: anApp, hosts: hostsFor('facebook') });

    expect(typeof adapter.pageInfo).toBe('function');
  });
});
