import { XRPCError } from '@atproto/api';
import { FetchRequestError, TokenRefreshError, TokenRevokedError, type NodeSavedSession } from '@atproto/oauth-client-node';
import { atprotoLoopbackClientMetadata, oauthClientMetadataSchema } from '@atproto/oauth-types';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classifyOAuthError } from '../../../functions/platforms/bluesky';
import { BLUESKY_OAUTH_SCOPE, blueskyClientMetadata, blueskyJwks, sessionOfTokens, tokensOfSession } from '../../../functions/platforms/bluesky-oauth';

/*
 * The pieces of Bluesky's atproto OAuth that are ours: the client metadata the authorization server
 * reads, the tokens-row form of a session, and what the OAuth client's failures mean to us.
 */
const privateJwk = () => JSON.stringify({ ...generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }), alg: 'ES256' });

function aSession(method: 'none' | 'private_key_jwt' = 'none'): NodeSavedSession {
  return {
    dpopJwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'dpop-private' },
    authMethod: method === 'none' ? { method: 'none' } : { method: 'private_key_jwt', kid: 'bluesky-1' },
    tokenSet: {
      iss: 'https://bsky.social',
      sub: 'did:plc:abc123',
      aud: 'https://pds.example',
      scope: BLUESKY_OAUTH_SCOPE,
      access_token: 'access',
      refresh_token: 'refresh',
      token_type: 'DPoP',
      expires_at: '2026-11-29T13:00:00.000Z',
    },
  } as NodeSavedSession;
}

describe('our atproto client metadata', () => {
  it("on https is a web client whose client_id is the document we serve, valid by atproto's schema", () => {
    const metadata = oauthClientMetadataSchema.parse(blueskyClientMetadata({ redirectUri: 'https://app.example.com/api/oauth/bluesky/callback' }));

    expect(metadata.client_id).toBe('https://app.example.com/api/oauth/bluesky/client-metadata.json');
    expect(metadata).toMatchObject({
      application_type: 'web',
      redirect_uris: ['https://app.example.com/api/oauth/bluesky/callback'],
      token_endpoint_auth_method: 'none',
      dpop_bound_access_tokens: true,
    });
  });

  it('with a signing key is a confidential client whose public key is served beside it, without the private part', async () => {
    const key = privateJwk();
    const metadata = oauthClientMetadataSchema.parse(
      blueskyClientMetadata({ redirectUri: 'https://app.example.com/api/oauth/bluesky/callback', privateKey: key }),
    );
    // As served: JSON.
    const jwks = JSON.parse(JSON.stringify(await blueskyJwks(key))) as { keys: Record<string, unknown>[] };

    expect(metadata).toMatchObject({
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      jwks_uri: 'https://app.example.com/api/oauth/bluesky/jwks.json',
    });
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', kid: 'bluesky-1' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('on the local cloud is the loopback client, exactly the metadata the server derives from its client_id', () => {
    const ours = blueskyClientMetadata({ redirectUri: 'http://localhost:3000/api/oauth/bluesky/callback' });

    // The reference server refuses `localhost` in a loopback redirect: it must name 127.0.0.1.
    expect(ours.redirect_uris).toEqual(['http://127.0.0.1:3000/api/oauth/bluesky/callback']);
    expect(atprotoLoopbackClientMetadata(ours.client_id ?? '')).toEqual(ours);
  });
});

describe('a session in the tokens row', () => {
  it("round-trips with its DPoP key, and says when a public client's session ends: 2 weeks after sign-in", () => {
    const since = new Date('2026-11-20T10:00:00.000Z');
    const tokens = tokensOfSession(aSession(), since, new Date('2026-11-29T12:00:00.000Z'));

    expect(sessionOfTokens(tokens)).toEqual({ atproto: aSession(), since: since.toISOString() });
    expect(tokens).toMatchObject({ expiresAt: null, refreshToken: 'refresh', refreshExpiresAt: '2026-12-04T10:00:00.000Z' });
    expect(tokens.scopes).toContain('atproto');
  });

  it("a confidential client's session ends 3 months after its last refresh, within 2 years of sign-in", () => {
    const since = new Date('2026-01-01T00:00:00.000Z');
    const soon = tokensOfSession(aSession('private_key_jwt'), since, new Date('2026-02-01T00:00:00.000Z'));
    const late = tokensOfSession(aSession('private_key_jwt'), since, new Date('2027-12-01T00:00:00.000Z'));

    expect(Date.parse(soon.refreshExpiresAt!) - Date.parse('2026-02-01T00:00:00.000Z')).toBe((365.25 / 4) * 86_400_000);
    expect(late.refreshExpiresAt).toBe(new Date(since.getTime() + 730.5 * 86_400_000).toISOString());
  });

  it('is not found in a row that holds an app-password session (a JWT)', () => {
    expect(sessionOfTokens({ accessToken: 'eyJhbGciOiJIUzI1NiJ9.e30.sig', expiresAt: null })).toBeUndefined();
    expect(sessionOfTokens({ accessToken: '{"not":"ours"}', expiresAt: null })).toBeUndefined();
  });
});

describe("the OAuth client's failures in our categories", () => {
  it('a session that could not be refreshed, or was revoked, asks to reconnect', async () => {
    expect(await classifyOAuthError(new TokenRefreshError('did:plc:abc', 'invalid_grant'))).toMatchObject({ category: 'reauth' });
    expect(await classifyOAuthError(new TokenRevokedError('did:plc:abc'))).toMatchObject({ category: 'reauth' });
  });

  it('a request that got no answer, wrapped by the Agent as a 500, is a retry with no status', async () => {
    const noAnswer = new FetchRequestError(new Request('https://pds.example/xrpc/com.atproto.repo.createRecord'), undefined, 'fetch failed', {
      cause: new TypeError('fetch failed'),
    });
    const failure = await classifyOAuthError(XRPCError.from(noAnswer));

    expect(failure).toMatchObject({ category: 'retry', details: {} });
  });

  it("our refresh lease held elsewhere is a retry; a server's answer is left to the XRPC classifier", async () => {
    expect(await classifyOAuthError(Object.assign(new Error('held'), { name: 'LockBusyError' }))).toMatchObject({ category: 'retry' });
    expect(await classifyOAuthError(new XRPCError(400, 'InvalidRequest', 'bad record'))).toBeUndefined();
  });
});
