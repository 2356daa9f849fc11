import { describe, expect, it } from 'vitest';
import { LINKEDIN_VERSION, hostsFor } from '../../../functions/platforms/hosts';
import { createLinkedInAdapter, type LinkedInOptions } from '../../../functions/platforms/linkedin';
import { PlatformError, type PublishContext, type TokenSet } from '../../../functions/platforms/types';

/**
 * The LinkedIn adapter against answers LinkedIn documents (docs/platforms.md#linkedin, Errors): each
 * error lands in the category that decides what the engine does next, and the calls carry the
 * headers every /rest call needs.
 */
const NOW = new Date('2026-11-29T15:00:00Z');
const tokens: TokenSet = { accessToken: 'AQV-token', expiresAt: '2027-01-28T15:00:00Z', scopes: ['openid', 'profile', 'w_member_social'] };

function adapterAnswering(answer: (url: string, init: RequestInit | undefined) => Response, options: LinkedInOptions = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const li = createLinkedInAdapter(
    {
      app: { clientId: 'id', clientSecret: 'secret', redirectUri: 'https://app.example/api/oauth/linkedin/callback' },
      hosts: hostsFor('linkedin'),
      fetch: async (input, init) => {
        calls.push({ url: String(input), init });
        return answer(String(input), init);
      },
      now: () => NOW,
    },
    options,
  );
  return { li, calls };
}

const context = (caption: string, saved: unknown[] = []): PublishContext => ({
  tokens,
  request: { accountId: 'urn:li:person:abc', accountName: 'Ada Baker', caption, settings: {}, media: [] },
  checkpoint: null,
  saveCheckpoint: async (cp) => void saved.push(cp),
});

const liError = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ status, ...body }), { status, headers: { 'content-type': 'application/json', ...headers } });

async function failureOf(response: Response): Promise<PlatformError> {
  const { li } = adapterAnswering(() => response);
  const error = await li.publishStep(context('Fresh bread')).catch((e: unknown) => e);
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe('LinkedIn errors in our terms', () => {
  it.each([
    [401, { serviceErrorCode: 65600, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' }, 'reauth'],
    [403, { serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE' }, 'stop'],
    [400, { message: 'author is required' }, 'fix-input'],
    [422, { message: '/commentary :: length 3001 exceeds the maximum allowed 3000' }, 'fix-input'],
    [426, { code: 'NONEXISTENT_VERSION', message: 'Requested version 202301 is not active' }, 'stop'],
    [500, { message: 'Internal Server Error' }, 'retry'],
    [503, {}, 'retry'],
  ] as const)('reads %i as %s', async (status, body, category) => {
    const error = await failureOf(liError(status, body));

    expect(error).toMatchObject({ category, details: { status } });
  });

  it('shows what LinkedIn said about invalid input', async () => {
    const error = await failureOf(liError(422, { message: 'Content is a duplicate of urn:li:share:7' }));

    expect(error.message).toContain('Content is a duplicate of urn:li:share:7');
  });

  it("backs off for 429 until LinkedIn's Retry-After", async () => {
    const error = await failureOf(liError(429, { message: 'Resource level throttle' }, { 'retry-after': '120' }));

    expect(error).toMatchObject({ category: 'backoff', details: { status: 429, retryAfterSeconds: 120 } });
  });

  it('backs off for a 429 without Retry-After until the daily limits reset at midnight UTC', async () => {
    const error = await failureOf(liError(429, { message: 'Resource level throttle APPLICATION DAY limit' }));

    expect(error.details.retryAfterSeconds).toBe(9 * 3600);
  });

  it('retries when the network drops, keeping the mark that a post may have gone out', async () => {
    const saved: unknown[] = [];
    const li = createLinkedInAdapter({
      app: { clientId: 'id', clientSecret: 'secret', redirectUri: 'https://app.example/cb' },
      hosts: hostsFor('linkedin'),
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      now: () => NOW,
    });

    const error = await li.publishStep(context('Fresh bread', saved)).catch((e: unknown) => e);

    expect(error).toMatchObject({ category: 'retry' });
    expect(saved.at(-1)).toMatchObject({ postAttemptedAt: NOW.toISOString() });
  });
});

describe('a missing LinkedIn permission, in words the user can act on', () => {
  const denied = () =>
    liError(403, { serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20251101' });
  const asPage = (scopes: string[], options: LinkedInOptions = { pages: true }) => {
    const { li } = adapterAnswering(denied, options);
    const base = context('Fresh bread');
    return li
      .publishStep({ ...base, tokens: { ...tokens, scopes }, request: { ...base.request, accountId: 'urn:li:organization:42', accountName: 'Corner Café' } })
      .catch((e: unknown) => e);
  };

  it('posting as the member without w_member_social: reconnect and allow it', async () => {
    const { li } = adapterAnswering(denied);

    const error = await li.publishStep({ ...context('Fresh bread'), tokens: { ...tokens, scopes: ['openid', 'profile'] } }).catch((e: unknown) => e);

    expect(error).toMatchObject({ category: 'reauth', details: { status: 403, code: 'ACCESS_DENIED' } });
    expect((error as PlatformError).message).toBe(
      "Your LinkedIn connection doesn't include LinkedIn's permission to post for you (w_member_social); reconnect LinkedIn on Platforms and allow everything it asks for.",
    );
  });

  it('posting as a page without w_organization_social: reconnect and allow it, naming the page', async () => {
    const error = await asPage(['openid', 'profile', 'w_member_social', 'r_organization_admin']);

    expect(error).toMatchObject({ category: 'reauth', message: expect.stringContaining('permission to post as Corner Café (w_organization_social)') });
  });

  it('posting as a page with the permission granted: the member must be the page’s administrator', async () => {
    const error = await asPage(['openid', 'profile', 'w_member_social', 'w_organization_social', 'r_organization_admin']);

    expect(error).toMatchObject({ category: 'stop', message: expect.stringContaining('must be an administrator of the page') });
  });

  it('posting as a page where this deployment has pages off: says so rather than asking to reconnect', async () => {
    const error = await asPage(['openid', 'profile', 'w_member_social'], { pages: false });

    expect(error).toMatchObject({ category: 'stop', message: expect.stringContaining('Posting as LinkedIn pages is turned off') });
  });
});

describe('LinkedIn calls', () => {
  it('posts with the version and Rest.li headers and reads the URN from x-restli-id', async () => {
    const { li, calls } = adapterAnswering(() => new Response(null, { status: 201, headers: { 'x-restli-id': 'urn:li:share:123' } }));

    const result = await li.publishStep(context('Fresh bread'));

    expect(result).toEqual({ status: 'posted', platformPostId: 'urn:li:share:123', postUrl: 'https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A123/' });
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(calls[0]!.url).toBe('https://api.linkedin.com/rest/posts');
    expect(headers).toMatchObject({ 'linkedin-version': LINKEDIN_VERSION, 'x-restli-protocol-version': '2.0.0', authorization: 'Bearer AQV-token' });
    expect(JSON.parse(String(calls[0]!.init!.body))).toMatchObject({ author: 'urn:li:person:abc', commentary: 'Fresh bread', lifecycleState: 'PUBLISHED' });
  });

  it('refuses text over 3,000 characters before calling LinkedIn', async () => {
    const { li, calls } = adapterAnswering(() => new Response(null, { status: 201 }));

    const error = await li.publishStep(context('a'.repeat(3001))).catch((e: unknown) => e);

    expect(error).toMatchObject({ category: 'fix-input' });
    expect(calls).toHaveLength(0);
  });

  it('with pages off (the default), asks for the member scopes only, space-separated', () => {
    const { li } = adapterAnswering(() => new Response(null), { pages: false });

    const url = new URL(li.authorizeUrl({ state: 'st' }));

    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/oauth/v2/authorization');
    expect(url.searchParams.get('scope')).toBe('openid profile w_member_social');
  });

  it('with pages on, asks for the member and page scopes', () => {
    const { li } = adapterAnswering(() => new Response(null), { pages: true });

    const url = new URL(li.authorizeUrl({ state: 'st' }));

    expect(url.searchParams.get('scope')).toBe('openid profile w_member_social w_organization_social r_organization_social r_organization_admin');
  });

  it('with pages off, connects the member without asking LinkedIn for pages, whatever the grant says', async () => {
    const { li, calls } = adapterAnswering(() => Response.json({ sub: 'abc', name: 'Ada Baker' }), { pages: false });

    const accounts = await li.profiles({ ...tokens, scopes: ['openid', 'profile', 'w_member_social', 'w_organization_social', 'r_organization_admin'] });

    expect(accounts.map((a) => a.accountId)).toEqual(['urn:li:person:abc']);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/v2/userinfo']);
  });

  it('keeps a token without a refresh token until it expires, then asks to reconnect', async () => {
    const { li, calls } = adapterAnswering(() => new Response(null));

    const kept = await li.refresh(tokens);
    const expired = await li.refresh({ ...tokens, expiresAt: '2026-11-29T14:00:00Z' }).catch((e: unknown) => e);

    expect(kept).toBe(tokens);
    expect(expired).toMatchObject({ category: 'reauth' });
    expect(calls).toHaveLength(0);
  });
});
