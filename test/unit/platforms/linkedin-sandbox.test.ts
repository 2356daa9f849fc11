import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINKEDIN_VERSION, hostsFor } from '../../../functions/platforms/hosts';
import { LINKEDIN_MEMBER_SCOPES, MEMBER_LOOKUP_MESSAGE, createLinkedInAdapter, type LinkedInOptions } from '../../../functions/platforms/linkedin';
import { PlatformError, type ConnectedProfile, type PlatformAdapter, type PublishCheckpoint, type PublishMedia } from '../../../functions/platforms/types';
import { DEMO_IDENTITIES, SANDBOX_APPS, createSandbox } from '../../../local/sandbox';
import { sandboxComments } from '../../../local/sandbox/platforms/comments';

/**
 * The LinkedIn stand-in refuses what LinkedIn refuses (docs/platforms.md#linkedin): each rule is
 * driven through the real adapter, or straight at the endpoint where the adapter would stop the
 * request first, against the sandbox served in-process.
 */
let server: http.Server;
let origin: string;
let sandbox: ReturnType<typeof createSandbox>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void sandbox.handle(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox = createSandbox({ publicUrl: origin });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  sandbox.state.publishing.posts.length = 0;
  sandbox.state.clearFaults();
});

const ada = DEMO_IDENTITIES.linkedin[0]!;
const ben = DEMO_IDENTITIES.linkedin[1]!;
const cafe = `urn:li:organization:${ada.pages![0]!.id}`;
const api = () => `${origin}/_sandbox/linkedin/api`;

/** The stand-in's app has Community Management, as a deployment with LINKEDIN_PAGES=on has: pages on unless a test says otherwise. */
function adapter(options: LinkedInOptions = { pages: true }): PlatformAdapter {
  return createLinkedInAdapter(
    {
      app: { ...SANDBOX_APPS.linkedin, redirectUri: `${origin}/api/oauth/linkedin/callback` },
      hosts: hostsFor('linkedin', `${origin}/_sandbox`),
      fetch: (input, init) => fetch(input, init),
      now: () => new Date(sandbox.state.now()),
    },
    options,
  );
}

/** Signs in through the consent page and the token exchange, as the connect flow does: the accounts offered. */
async function connect(options: { as?: typeof ada; scope?: string; pages?: boolean } = {}): Promise<ConnectedProfile[]> {
  const li = adapter({ pages: options.pages ?? true });
  const url = new URL(li.authorizeUrl({ state: 's' }));
  if (options.scope) url.searchParams.set('scope', options.scope);
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ decision: 'allow', identity: (options.as ?? ada).id }), redirect: 'manual' });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  return li.profiles(await li.exchangeCode({ code }));
}

const bytesOf = (size: number, fill = 7) => Buffer.alloc(size, fill);
const anImage = (): PublishMedia => ({ url: 'unused', mimeType: 'image/jpeg', sizeBytes: 1000, open: async () => bytesOf(1000) });
const aVideo = (size: number): PublishMedia => ({ url: 'unused', mimeType: 'video/mp4', sizeBytes: size, open: async () => bytesOf(size) });

/** Runs publishStep to the end, moving the sandbox clock through each wait. */
async function publish(
  account: ConnectedProfile,
  caption: string,
  media: PublishMedia[] = [],
  start: PublishCheckpoint | null = null,
  settings = {},
  title?: string,
) {
  const li = adapter();
  let checkpoint: PublishCheckpoint | null = start;
  for (let i = 0; i < 30; i++) {
    try {
      const result = await li.publishStep({
        tokens: account.tokens,
        request: { accountId: account.accountId, accountName: account.accountName, caption, settings, media, ...(title ? { title } : {}) },
        checkpoint,
        saveCheckpoint: async (cp) => {
          checkpoint = { ...cp };
        },
      });
      if (result.status === 'posted') return { result, checkpoint };
      sandbox.state.advance(result.retryAfterSeconds);
    } catch (error) {
      if (error instanceof PlatformError) return { error, checkpoint };
      throw error;
    }
  }
  throw new Error('never finished');
}

const rest = (token: string, headers: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'linkedin-version': LINKEDIN_VERSION,
  'x-restli-protocol-version': '2.0.0',
  'content-type': 'application/json',
  ...headers,
});
const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${api()}/rest/posts`, { method: 'POST', headers: rest(token, headers), body: JSON.stringify(body) });
const textPost = (author: string, commentary: string, content?: unknown) => ({
  author,
  commentary,
  visibility: 'PUBLIC',
  distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
  lifecycleState: 'PUBLISHED',
  ...(content ? { content } : {}),
});
/** Days from the sandbox clock to an ISO time. */
const daysLeft = (iso: string | null | undefined) => (Date.parse(iso!) - sandbox.state.now()) / 86_400_000;
const linkedinPosts = () => sandbox.state.publishing.posts.filter((p) => p.platform === 'linkedin');

describe('connecting LinkedIn', () => {
  it('offers the member and each page they administer, with a 60-day token and a refresh token', async () => {
    const accounts = await connect();

    expect(accounts.map((a) => [a.accountId, a.accountName])).toEqual([
      [`urn:li:person:${ada.id}`, 'Ada Baker'],
      [cafe, 'Corner Café'],
    ]);
    const { tokens } = accounts[0]!;
    expect(daysLeft(tokens.expiresAt)).toBeCloseTo(60, 3);
    expect(daysLeft(tokens.refreshExpiresAt)).toBeCloseTo(365, 3);
  });

  it('with pages off, asks for the member scopes alone and connects the member alone, even one who administers a page', async () => {
    const asked = new URL(adapter({ pages: false }).authorizeUrl({ state: 's' })).searchParams.get('scope');
    const accounts = await connect({ pages: false });

    expect(asked).toBe(LINKEDIN_MEMBER_SCOPES.join(' '));
    expect(accounts.map((a) => a.accountId)).toEqual([`urn:li:person:${ada.id}`]);
    expect(accounts[0]!.tokens.scopes).toEqual([...LINKEDIN_MEMBER_SCOPES]);
  });

  it('with pages off, a post as the page is refused by LinkedIn and the adapter says pages are turned off', async () => {
    const [member] = await connect({ pages: false });
    const li = adapter({ pages: false });

    const error = await li
      .publishStep({
        tokens: member!.tokens,
        request: { accountId: cafe, accountName: 'Corner Café', caption: 'hi', settings: {}, media: [] },
        checkpoint: null,
        saveCheckpoint: async () => {},
      })
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ category: 'stop', details: { status: 403, code: 'ACCESS_DENIED' } });
    expect((error as PlatformError).message).toMatch(/Posting as LinkedIn pages is turned off/);
    expect(linkedinPosts()).toHaveLength(0);
  });

  it('takes pages from LINKEDIN_PAGES, off when unset, and refuses any other value by name', () => {
    const scopesWith = (value: string | undefined) => {
      vi.stubEnv('LINKEDIN_PAGES', value);
      try {
        const li = createLinkedInAdapter({
          app: { ...SANDBOX_APPS.linkedin, redirectUri: 'https://app.example/api/oauth/linkedin/callback' },
          hosts: hostsFor('linkedin'),
          fetch,
          now: () => new Date(),
        });
        return new URL(li.authorizeUrl({ state: 's' })).searchParams.get('scope');
      } finally {
        vi.unstubAllEnvs();
      }
    };

    expect(scopesWith(undefined)).toBe('openid profile w_member_social');
    expect(scopesWith('on')).toContain('r_organization_admin');
    expect(() => scopesWith('yes')).toThrow(/LINKEDIN_PAGES must be on or off/);
  });

  it('offers the member alone when the grant carries no page scopes', async () => {
    const accounts = await connect({ scope: LINKEDIN_MEMBER_SCOPES.join(' ') });

    expect(accounts.map((a) => a.accountId)).toEqual([`urn:li:person:${ada.id}`]);
  });

  it('refuses a sign-in code used twice', async () => {
    const li = adapter();
    const res = await fetch(li.authorizeUrl({ state: 's' }), {
      method: 'POST',
      body: new URLSearchParams({ decision: 'allow', identity: ada.id }),
      redirect: 'manual',
    });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    await li.exchangeCode({ code });

    const again = await li.exchangeCode({ code }).catch((e: unknown) => e);

    expect(again).toMatchObject({ category: 'reauth', details: { status: 400, code: 'invalid_grant' } });
  });

  it('refreshes the access token while the refresh token keeps its first expiry', async () => {
    const [member] = await connect();
    sandbox.state.advance(59 * 24 * 3600);

    const fresh = await adapter().refresh(member!.tokens);

    expect(fresh.accessToken).not.toBe(member!.tokens.accessToken);
    expect(daysLeft(fresh.expiresAt)).toBeCloseTo(60, 3);
    expect(daysLeft(fresh.refreshExpiresAt)).toBeCloseTo(365 - 59, 3);
  });
});

describe('the LinkedIn stand-in publishes what LinkedIn takes', () => {
  it('publishes text, a link, an image, several images and a video, each at a link that shows it', async () => {
    const [member, page] = await connect();

    const runs = [
      await publish(member!, 'Fresh sourdough at 7am'),
      await publish(member!, 'Our new menu https://example.com/menu'),
      await publish(page!, 'Crumb shot', [anImage()]),
      await publish(page!, 'The whole bake', [anImage(), anImage(), anImage()]),
      await publish(member!, 'Shaping the loaves', [aVideo(5 * 1024 * 1024)]),
    ];

    for (const run of runs) expect(run.result, run.error?.message).toMatchObject({ status: 'posted' });
    expect(linkedinPosts().map((p) => [p.kind, p.accountId])).toEqual([
      ['text', member!.accountId],
      ['article', member!.accountId],
      ['image', cafe],
      ['carousel', cafe],
      ['video', member!.accountId],
    ]);
    const shown = await fetch(runs[0]!.result!.postUrl);
    expect(await shown.text()).toContain('Fresh sourdough at 7am');
  });

  it("posts the first comment under a page's post, as the page", async () => {
    const [, page] = await connect();

    const run = await publish(page!, 'New menu today', [], null, { first_comment: 'Link in bio' });

    expect(run.result).toMatchObject({ status: 'posted', followUps: { first_comment: { status: 'posted' } } });
    const comments = sandboxComments(sandbox.state.publishing).filter((c) => c.platform === 'linkedin' && c.parentId === run.result!.platformPostId);
    expect(comments.map((c) => [c.accountId, c.text])).toEqual([[cafe, 'Link in bio']]);
  });

  it("finds a page's post after a lost answer instead of posting twice", async () => {
    const [, page] = await connect();
    sandbox.state.addFault({ platform: 'linkedin', method: 'POST', endpoint: '/api/rest/posts', error: 'timeout_after_acting', delayMs: 10 });

    const first = await publish(page!, 'Open late on Friday');
    const again = await publish(page!, 'Open late on Friday', [], first.checkpoint);

    expect(first.error?.category).toBe('retry');
    expect(again.result).toMatchObject({ status: 'posted', platformPostId: linkedinPosts()[0]!.id });
    expect(linkedinPosts()).toHaveLength(1);
  });

  it("finds a page's post after a lost answer behind more than a page of newer posts", async () => {
    const [, page] = await connect();
    sandbox.state.addFault({ platform: 'linkedin', method: 'POST', endpoint: '/api/rest/posts', error: 'timeout_after_acting', delayMs: 10 });
    const first = await publish(page!, 'Open late on Friday');
    // A busy page: more posts went out before the retry than one page of the author's list holds.
    for (let i = 0; i < 60; i++) expect((await publish(page!, `Special no. ${i}`)).result).toMatchObject({ status: 'posted' });

    const again = await publish(page!, 'Open late on Friday', [], first.checkpoint);

    expect(again.result).toMatchObject({ status: 'posted' });
    expect(linkedinPosts().filter((p) => p.text === 'Open late on Friday')).toHaveLength(1);
  });

  it("says it couldn't confirm a member's post after a lost answer, since LinkedIn won't list a member's posts", async () => {
    const [member] = await connect();
    sandbox.state.addFault({ platform: 'linkedin', method: 'POST', endpoint: '/api/rest/posts', error: 'timeout_after_acting', delayMs: 10 });

    const first = await publish(member!, 'Open late on Friday');
    const again = await publish(member!, 'Open late on Friday', [], first.checkpoint);

    expect(again.error).toMatchObject({ category: 'unknown-outcome', message: expect.stringContaining(MEMBER_LOOKUP_MESSAGE) });
    expect(linkedinPosts()).toHaveLength(1);
  });
});

describe('the LinkedIn stand-in refuses what LinkedIn refuses', () => {
  it('refuses a /rest call without LinkedIn-Version', async () => {
    const [member] = await connect();

    const res = await post(member!.tokens.accessToken, textPost(member!.accountId, 'hi'), { 'linkedin-version': '' });

    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VERSION_MISSING' });
  });

  it('refuses a LinkedIn-Version that is no longer served', async () => {
    const [member] = await connect();

    const res = await post(member!.tokens.accessToken, textPost(member!.accountId, 'hi'), { 'linkedin-version': '202301' });

    expect(res.status).toBe(426);
    expect(await res.json()).toMatchObject({ code: 'NONEXISTENT_VERSION' });
  });

  it('refuses a /rest call without X-Restli-Protocol-Version 2.0.0', async () => {
    const [member] = await connect();

    const res = await post(member!.tokens.accessToken, textPost(member!.accountId, 'hi'), { 'x-restli-protocol-version': '' });

    expect(res.status).toBe(400);
  });

  it('refuses commentary over 3,000 characters and takes 3,000 exactly', async () => {
    const [member] = await connect();

    const over = await post(member!.tokens.accessToken, textPost(member!.accountId, 'é'.repeat(3001)));
    const exactly = await post(member!.tokens.accessToken, textPost(member!.accountId, 'é'.repeat(3000)));

    expect(over.status).toBe(422);
    expect(exactly.status).toBe(201);
    expect(exactly.headers.get('x-restli-id')).toMatch(/^urn:li:share:\d+$/);
  });

  it("refuses an author who is not the token's member", async () => {
    const [member] = await connect();
    const [someoneElse] = await connect({ as: ben });

    const res = await post(member!.tokens.accessToken, textPost(someoneElse!.accountId, 'hi'));
    const run = await publish({ ...member!, accountId: someoneElse!.accountId }, 'hi');

    expect(res.status).toBe(403);
    expect(run.error).toMatchObject({ category: 'stop', details: { status: 403 } });
  });

  it('refuses a page the member does not administer, and a page without w_organization_social', async () => {
    const [ben1] = await connect({ as: ben });
    const [memberOnly] = await connect({ scope: LINKEDIN_MEMBER_SCOPES.join(' ') });

    const notAdmin = await post(ben1!.tokens.accessToken, textPost(cafe, 'hi'));
    const noScope = await post(memberOnly!.tokens.accessToken, textPost(cafe, 'hi'));

    expect(notAdmin.status).toBe(403);
    expect(noScope.status).toBe(403);
  });

  /** LinkedIn's body for a token without a permission (…/shared/api-guide/concepts/error-handling, 403), for a versioned resource. */
  const accessDenied = (resource: string) => ({
    status: 403,
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
    message: `Not enough permissions to access: ${resource}.${LINKEDIN_VERSION}01`,
  });

  it('refuses posting as the member without w_member_social, which the adapter reads as reconnect and allow it', async () => {
    const [member] = await connect({ scope: 'openid profile' });

    const res = await post(member!.tokens.accessToken, textPost(member!.accountId, 'hi'));
    const run = await publish(member!, 'hi');

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(accessDenied('partnerApiPostsExternal.CREATE'));
    expect(run.error).toMatchObject({ category: 'reauth', message: expect.stringMatching(/reconnect LinkedIn .* allow everything it asks for/) });
    expect(linkedinPosts()).toHaveLength(0);
  });

  it('refuses posting as a page the member administers without w_organization_social, which the adapter reads as reconnect', async () => {
    const [member] = await connect({ scope: 'openid profile w_member_social r_organization_admin' });
    const asCafe = { ...member!, accountId: cafe, accountName: 'Corner Café' };

    const res = await post(member!.tokens.accessToken, textPost(cafe, 'hi'));
    const upload = await fetch(`${api()}/rest/images?action=initializeUpload`, {
      method: 'POST',
      headers: rest(member!.tokens.accessToken),
      body: JSON.stringify({ initializeUploadRequest: { owner: cafe } }),
    });
    const run = await publish(asCafe, 'hi');

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(accessDenied('partnerApiPostsExternal.CREATE'));
    expect(await upload.json()).toEqual(accessDenied('images.ACTION-initializeUpload'));
    expect(run.error).toMatchObject({ category: 'reauth', message: expect.stringContaining('permission to post as Corner Café (w_organization_social)') });
    expect(linkedinPosts()).toHaveLength(0);
  });

  it('refuses posting as a page the member does not administer, which the adapter reads as a missing page role', async () => {
    const [ben1] = await connect({ as: ben });

    const run = await publish({ ...ben1!, accountId: cafe, accountName: 'Corner Café' }, 'hi');

    expect(run.error).toMatchObject({ category: 'stop', details: { status: 403 }, message: expect.stringContaining('must be an administrator of the page') });
    expect(linkedinPosts()).toHaveLength(0);
  });

  it('refuses listing organizationAcls without r_organization_admin or rw_organization_admin, and takes either', async () => {
    const acls = async (scope: string) => {
      const [member] = await connect({ scope, pages: false });
      const url = `${api()}/rest/organizationAcls?${new URLSearchParams({ q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' })}`;
      return fetch(url, { headers: rest(member!.tokens.accessToken) });
    };

    const without = await acls('openid profile w_member_social w_organization_social');
    const withRead = await acls('openid profile r_organization_admin');
    const withManage = await acls('openid profile rw_organization_admin');

    expect(without.status).toBe(403);
    expect(await without.json()).toEqual(accessDenied('organizationAcls.FINDER-roleAssignee'));
    expect([withRead.status, withManage.status]).toEqual([200, 200]);
  });

  it('refuses an upload owned by someone else', async () => {
    const [ben1] = await connect({ as: ben });

    const res = await fetch(`${api()}/rest/images?action=initializeUpload`, {
      method: 'POST',
      headers: rest(ben1!.tokens.accessToken),
      body: JSON.stringify({ initializeUploadRequest: { owner: cafe } }),
    });

    expect(res.status).toBe(403);
  });

  it('refuses an image LinkedIn never issued, and one issued but never uploaded', async () => {
    const [member] = await connect();
    const init = await fetch(`${api()}/rest/images?action=initializeUpload`, {
      method: 'POST',
      headers: rest(member!.tokens.accessToken),
      body: JSON.stringify({ initializeUploadRequest: { owner: member!.accountId } }),
    });
    const { value } = (await init.json()) as { value: { image: string } };

    const unknown = await post(member!.tokens.accessToken, textPost(member!.accountId, 'hi', { media: { id: 'urn:li:image:D4Enothere' } }));
    const notUploaded = await post(member!.tokens.accessToken, textPost(member!.accountId, 'hi', { media: { id: value.image } }));

    expect(unknown.status).toBe(422);
    expect(notUploaded.status).toBe(422);
  });

  it('refuses a video before finalizeUpload and while it processes', async () => {
    const [member] = await connect();
    const token = member!.tokens.accessToken;
    const init = await fetch(`${api()}/rest/videos?action=initializeUpload`, {
      method: 'POST',
      headers: rest(token),
      body: JSON.stringify({ initializeUploadRequest: { owner: member!.accountId, fileSizeBytes: 2000 } }),
    });
    const { value } = (await init.json()) as { value: { video: string; uploadToken: string; uploadInstructions: { uploadUrl: string }[] } };
    const put = await fetch(value.uploadInstructions[0]!.uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: bytesOf(2000) });
    const asVideo = { media: { id: value.video } };

    const beforeFinalize = await post(token, textPost(member!.accountId, 'clip', asVideo));
    const finalize = await fetch(`${api()}/rest/videos?action=finalizeUpload`, {
      method: 'POST',
      headers: rest(token),
      body: JSON.stringify({ finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken, uploadedPartIds: [put.headers.get('etag')] } }),
    });
    const whileProcessing = await post(token, textPost(member!.accountId, 'clip', asVideo));
    sandbox.state.advance(60);
    const once = await post(token, textPost(member!.accountId, 'clip', asVideo));

    expect(beforeFinalize.status).toBe(422);
    expect(finalize.status).toBe(200);
    expect(whileProcessing.status).toBe(422);
    expect(once.status).toBe(201);
  });

  it('refuses a comment over 1,250 characters, and one as someone the token may not act as', async () => {
    const [member] = await connect();
    const [ben1] = await connect({ as: ben });
    const made = await post(member!.tokens.accessToken, textPost(member!.accountId, 'hi'));
    const urn = made.headers.get('x-restli-id')!;
    const comment = (token: string, actor: string, text: string) =>
      fetch(`${api()}/rest/socialActions/${encodeURIComponent(urn)}/comments`, {
        method: 'POST',
        headers: rest(token),
        body: JSON.stringify({ actor, object: urn, message: { text } }),
      });

    const tooLong = await comment(member!.tokens.accessToken, member!.accountId, 'é'.repeat(1251));
    const notYou = await comment(ben1!.tokens.accessToken, member!.accountId, 'hi');
    const fine = await comment(member!.tokens.accessToken, member!.accountId, 'é'.repeat(1250));

    expect(tooLong.status).toBe(422);
    expect(notYou.status).toBe(403);
    expect(fine.status).toBe(201);
  });

  it('refuses a multi-image post of fewer than 2 images', async () => {
    const [member] = await connect();

    const res = await post(member!.tokens.accessToken, textPost(member!.accountId, 'one', { multiImage: { images: [{ id: 'urn:li:image:D4Eone' }] } }));

    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/2 to 20 images/) });
  });

  it('refuses an expired token, which the adapter reads as reconnect', async () => {
    const [member] = await connect();
    sandbox.state.expire(member!.tokens.accessToken);

    const run = await publish(member!, 'hi');

    expect(run.error).toMatchObject({ category: 'reauth', details: { status: 401 } });
  });

  it("refuses listing a member's posts without r_member_social", async () => {
    const [member] = await connect();
    const url = `${api()}/rest/posts?${new URLSearchParams({ q: 'author', author: member!.accountId })}`;

    const res = await fetch(url, { headers: rest(member!.tokens.accessToken) });

    expect(res.status).toBe(403);
  });
});

describe('LinkedIn documents (PDF), through the Documents API', () => {
  /** A small PDF with `pages` page objects, as the stand-in counts them. */
  const pdf = (pages = 3) =>
    Buffer.from(`%PDF-1.7\n1 0 obj << /Type /Pages /Count ${pages} >> endobj\n${'2 0 obj << /Type /Page >> endobj\n'.repeat(pages)}%%EOF\n`, 'latin1');
  const aDocument = (bytes = pdf()): PublishMedia => ({ url: 'unused', mimeType: 'application/pdf', sizeBytes: bytes.length, open: async () => bytes });
  const initDocument = (token: string, request: unknown) =>
    fetch(`${api()}/rest/documents?action=initializeUpload`, {
      method: 'POST',
      headers: rest(token),
      body: JSON.stringify({ initializeUploadRequest: request }),
    });
  /** initializeUpload → PUT: the document's URN and the PUT's status. */
  async function uploaded(account: ConnectedProfile, bytes: Buffer<ArrayBuffer>) {
    const init = await initDocument(account.tokens.accessToken, { owner: account.accountId });
    const { value } = (await init.json()) as { value: { uploadUrl: string; document: string } };
    const put = await fetch(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${account.tokens.accessToken}` },
      // A view, not a copy: the size test sends 100 MB.
      body: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    });
    return { document: value.document, put: put.status };
  }
  const documentPost = (author: string, id: string, title?: string) =>
    textPost(author, 'Our deck', { media: { id, ...(title !== undefined ? { title } : {}) } });

  it('publishes a PDF as a document post under its title, as the member and as a page', async () => {
    const [member, page] = await connect();

    const runs = [
      await publish(member!, 'Q3 in ten slides', [aDocument()], null, {}, 'Q3 results'),
      await publish(page!, 'Our menu as a carousel', [aDocument()], null, {}, 'Autumn menu'),
    ];

    for (const run of runs) expect(run.result, run.error?.message).toMatchObject({ status: 'posted' });
    expect(linkedinPosts().map((p) => [p.kind, p.accountId, p.title])).toEqual([
      ['document', member!.accountId, 'Q3 results'],
      ['document', cafe, 'Autumn menu'],
    ]);
    expect(runs[0]!.checkpoint).toMatchObject({ postUrn: runs[0]!.result!.platformPostId });
  });

  it('saves the uploaded document before publishing, so a redelivery after the upload posts it once without uploading again', async () => {
    const [member] = await connect();
    const first = await uploaded(member!, pdf());
    const documents = () => Object.values(sandbox.state.publishing.linkedinAssets ?? {}).filter((a) => a.kind === 'document').length;
    const before = documents();
    const checkpoint = { document: first.document, processingSince: new Date(sandbox.state.now()).toISOString() };

    const run = await publish(member!, 'Resumed', [aDocument(Buffer.from('never read'))], checkpoint, {}, 'Deck');

    expect(run.result).toMatchObject({ status: 'posted' });
    expect(documents()).toBe(before);
    expect(linkedinPosts().map((p) => [p.kind, p.title])).toEqual([['document', 'Deck']]);
  });

  it('refuses initializeUpload without an owner', async () => {
    const [member] = await connect();

    const res = await initDocument(member!.tokens.accessToken, {});

    expect(res.status).toBe(400);
  });

  it('refuses a document owned by someone the token may not act as', async () => {
    const [ben1] = await connect({ as: ben });

    const res = await initDocument(ben1!.tokens.accessToken, { owner: cafe });

    expect(res.status).toBe(403);
  });

  it('refuses an upload over 100 MB', async () => {
    const [member] = await connect();
    const big = Buffer.alloc(100 * 1024 * 1024 + 1, 32);
    big.write('%PDF-1.7\n', 0, 'latin1');

    const over = await uploaded(member!, big);

    expect(over.put).toBe(400);
  });

  it('fails to process a file that is not a PDF, and a PDF of more than 300 pages, and refuses a post naming either', async () => {
    const [member] = await connect();
    const notPdf = await uploaded(member!, Buffer.from('<!doctype html><p>not a pdf</p>'));
    const tooLong = await uploaded(member!, pdf(301));
    const longest = await uploaded(member!, pdf(300));
    sandbox.state.advance(60);

    const statuses = await Promise.all(
      [notPdf, tooLong, longest].map(async ({ document }) => {
        const res = await fetch(`${api()}/rest/documents/${encodeURIComponent(document)}`, { headers: rest(member!.tokens.accessToken) });
        return ((await res.json()) as { status: string }).status;
      }),
    );
    const posted = await post(member!.tokens.accessToken, documentPost(member!.accountId, notPdf.document, 'Deck'));

    expect(statuses).toEqual(['PROCESSING_FAILED', 'PROCESSING_FAILED', 'AVAILABLE']);
    expect(posted.status).toBe(422);
  });

  it('the adapter reports a document LinkedIn could not process as a file to fix', async () => {
    const [member] = await connect();

    const run = await publish(member!, 'Broken', [aDocument(Buffer.from('GIF89a not a pdf'))], null, {}, 'Deck');

    expect(run.error?.category).toBe('fix-input');
    expect(run.error?.message).toContain("couldn't process the document");
    expect(linkedinPosts()).toEqual([]);
  });

  it('refuses a post naming a document never issued, one not yet uploaded, and one still processing', async () => {
    const [member] = await connect();
    const token = member!.tokens.accessToken;
    const init = await initDocument(token, { owner: member!.accountId });
    const { value } = (await init.json()) as { value: { uploadUrl: string; document: string } };

    const unknown = await post(token, documentPost(member!.accountId, 'urn:li:document:D4Dnothere', 'Deck'));
    const notUploaded = await post(token, documentPost(member!.accountId, value.document, 'Deck'));
    await fetch(value.uploadUrl, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: new Uint8Array(pdf()) });
    const processing = await post(token, documentPost(member!.accountId, value.document, 'Deck'));
    sandbox.state.advance(60);
    const ready = await post(token, documentPost(member!.accountId, value.document, 'Deck'));

    expect([unknown.status, notUploaded.status, processing.status, ready.status]).toEqual([422, 422, 422, 201]);
  });

  it("refuses a post naming another author's document", async () => {
    const [member, page] = await connect();
    const pageDocument = await uploaded(page!, pdf());
    sandbox.state.advance(60);

    const res = await post(member!.tokens.accessToken, documentPost(member!.accountId, pageDocument.document, 'Deck'));

    expect(res.status).toBe(422);
    expect(await res.text()).toContain('is not owned by the author');
  });

  it('refuses a document post without a title, or with a blank one', async () => {
    const [member] = await connect();
    const { document } = await uploaded(member!, pdf());
    sandbox.state.advance(60);

    const untitled = await post(member!.tokens.accessToken, documentPost(member!.accountId, document));
    const blank = await post(member!.tokens.accessToken, documentPost(member!.accountId, document, '  '));

    expect([untitled.status, blank.status]).toEqual([422, 422]);
    expect(linkedinPosts()).toEqual([]);
  });

  it('the adapter refuses a document without a title before calling LinkedIn', async () => {
    const [member] = await connect();
    const before = Object.keys(sandbox.state.publishing.linkedinAssets ?? {}).length;

    const run = await publish(member!, 'Untitled', [aDocument()]);

    expect(run.error?.category).toBe('fix-input');
    expect(Object.keys(sandbox.state.publishing.linkedinAssets ?? {})).toHaveLength(before);
  });
});
