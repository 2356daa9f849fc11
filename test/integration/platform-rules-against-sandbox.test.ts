import { createHash, randomBytes } from 'node:crypto';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { GRAPH_VERSION, hostsFor } from '../../functions/platforms/hosts';
import { createAdapter } from '../../functions/platforms/registry';
import { PlatformError } from '../../functions/platforms/types';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';

/**
 * Rules of the real platforms (issue 12) that the sandbox enforces, so that an adapter that stops
 * following one fails here: the Graph version, the scopes each profile call needs, X's problem
 * bodies and field names, YouTube's upload authorization, privacy lock and daily insert quota.
 */
const { url: frontDoor, env } = inject('cloud');
const sandbox = env.PLATFORM_SANDBOX_URL!;
const credentials = JSON.parse(env.PLATFORM_CREDENTIALS!) as Record<Platform, { clientId: string; clientSecret: string }>;

const adapterFor = <P extends Platform>(platform: P) =>
  createAdapter(platform, {
    app: { ...credentials[platform], redirectUri: `${frontDoor}/api/oauth/${platform}/callback` },
    hosts: hostsFor(platform, sandbox),
  });

const control = (path: string, body: unknown = {}, method = 'POST') =>
  fetch(`${sandbox}/control${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : JSON.stringify(body) });

/** Connects through the consent page as the first demo identity; `scope` overrides what the adapter asks for. */
async function connect<P extends Platform>(platform: P, scope?: (asked: string) => string) {
  const adapter = adapterFor(platform);
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const url = new URL(adapter.authorizeUrl({ state: `state-${platform}`, codeChallenge: adapter.usesPkce ? challenge : undefined }));
  if (scope) url.searchParams.set('scope', scope(url.searchParams.get('scope') ?? ''));
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const res = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  const tokens = await adapter.exchangeCode({ code: back.searchParams.get('code')!, codeVerifier: adapter.usesPkce ? verifier : undefined });
  return { adapter, tokens, who };
}

beforeEach(async () => {
  await control('/reset');
});

describe('the Graph API version', () => {
  it.each(['facebook', 'instagram'] as const)('is the only one %s serves; any other version prefix gets Graph\'s "Unknown path components"', async (platform) => {
    // Prepare
    const { tokens } = await connect(platform);
    const other = GRAPH_VERSION === 'v21.0' ? 'v22.0' : 'v21.0';

    // Act
    const right = await fetch(`${sandbox}/${platform}/graph/${GRAPH_VERSION}/me?fields=id`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    const wrong = await fetch(`${sandbox}/${platform}/graph/${other}/me?fields=id`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });

    // Assess
    expect(right.status).toBe(200);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { type: 'OAuthException', code: 2500, message: `Unknown path components: /${other}/me` } });
  });
});
