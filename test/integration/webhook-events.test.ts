import type { Post } from '@shared/posts';
import { WebhookDeliveryListSchema } from '@shared/webhooks';
import { describe, expect, it, vi } from 'vitest';
import { replacePost } from '../../functions/data/posts';
import { aConfirmedUser } from '../helpers/given';
import { aConnectedAccount, aStoredPost, inDays } from '../helpers/posts';
import { itemsOfWorkspace, theTestsTimeLeft } from '../helpers/then';
import { aVerifyingEndpoint, anInboxUrl, whatTheReceiverGot } from '../helpers/webhook-receiver';
import { weCallTheApi } from '../helpers/when';

/*
 * Which steps send which events (docs/webhooks.md#events), end to end: the real routes, the real
 * delivery queue and job, and the local receiver verifying every signature with the standardwebhooks
 * library. The delivery log is written before each route answers, so it counts what was sent at once.
 */
type Person = Awaited<ReturnType<typeof aConfirmedUser>>;
type Event = { type: string; workspace_id: string; data: Record<string, unknown> & { post_id: string; scheduled_at: string | null } };

const deliveriesOf = async (owner: Person, endpointId: string) =>
  WebhookDeliveryListSchema.parse((await weCallTheApi('GET', `/api/workspace/webhooks/${endpointId}/deliveries`, { token: owner.accessToken })).body).items;

/** Waits until the receiver holds `count` deliveries, each verified and answered 204, and returns their bodies. */
async function theVerifiedEvents(url: string, count: number): Promise<Event[]> {
  return vi.waitFor(
    async () => {
      const got = await whatTheReceiverGot(url);
      expect(got).toHaveLength(count);
      return got.map((r) => {
        expect(r).toEqual(expect.objectContaining({ verified: true, status: 204 }));
        return JSON.parse(r.body) as Event;
      });
    },
    { timeout: theTestsTimeLeft(), interval: 250 },
  );
}

const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const created = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as Post;
};

describe('webhook events of scheduling and review', { timeout: 120_000 }, () => {
  it('sends post.scheduled once for every post that becomes scheduled and again for each new time, whatever the path', async () => {
    const owner = await aConfirmedUser({ plan: 'basic' });
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Bakery Page');
    const inbox = anInboxUrl();
    const endpoint = await aVerifyingEndpoint(owner.accessToken, inbox, ['post.scheduled']);
    const key = await weCallTheApi('POST', '/api/workspace/api-keys', { token: owner.accessToken, body: { name: 'CMS', role: 'editor' } });
    expect(key.status).toBe(201);
    const as = (method: string, path: string, body?: unknown) => weCallTheApi(method, path, { token: owner.accessToken, body });
    const target = (caption: string) => [{ platform: 'facebook', social_account_id: account.id, caption, settings: {} }];
    const firstTime = inDays(2);

    // A program creates a post over /v1; an edit of its caption keeps its time; a move gives it another.
    const viaKey = created(
      await weCallTheApi('POST', '/v1/posts', {
        token: String(key.body.key),
        body: { scheduled_at: firstTime, platforms: target('From the CMS'), media_ids: [] },
      }),
    );
    const captionEdit = await as('PATCH', `/api/posts/${viaKey.id}`, {
      scheduled_at: firstTime,
      platforms: [{ id: viaKey.platforms[0]!.id, caption: 'Edited' }],
    });
    expect(captionEdit.status, JSON.stringify(captionEdit.body)).toBe(200);
    const sentSoFar = (await deliveriesOf(owner, endpoint.id)).length;
    const moved = created(await as('PATCH', `/api/posts/${viaKey.id}`, { scheduled_at: inDays(3), platforms: [] }));
    // Add to queue, bulk import, a repeating post's occurrences.
    expect((await as('PUT', `/api/queue/schedules/${account.id}`, { slots: EVERY_DAY.map((day) => ({ day, time: '09:00' })) })).status).toBe(200);
    created(await as('POST', '/api/queue/posts', { platforms: target('Queued'), media_ids: [] }));
    const rowAt = inDays(4);
    const imported = await as('POST', '/api/posts/import', {
      timezone: 'UTC',
      rows: [1, 2].map((row) => ({ row, fields: { date: rowAt.slice(0, 10), time: `1${row}:00`, platforms: 'facebook', caption: `Row ${row}` } })),
    });
    expect(imported.body.results.map((r: { status: string }) => r.status)).toEqual(['scheduled', 'scheduled']);
    created(
      await as('POST', '/api/posts', {
        scheduled_at: inDays(1),
        platforms: target('Daily'),
        media_ids: [],
        repeat: { frequency: 'daily', end: { type: 'after', count: 3 } },
      }),
    );
    // A draft published now, and a failed post retried at a later time.
    const draft = created(await as('POST', '/api/posts', { platforms: target('Draft'), media_ids: [] }));
    created(await as('POST', `/api/posts/${draft.id}/publish`, { version: draft.version }));
    const failed = await aStoredPost(owner.userId, account, { status: 'failed', scheduled_at: inDays(-1), usage_month: new Date().toISOString().slice(0, 7) });
    failed.platforms[0]!.status = 'failed';
    failed.platforms[0]!.error_message = 'down';
    await replacePost(owner.userId, failed, { version: failed.version, status: 'failed' });
    created(await as('POST', `/api/posts/${failed.id}/retry`, { scheduled_at: inDays(5) }));

    // Every post's current time once, and the key's post's first time too; nothing for the caption edit.
    const posts = (await itemsOfWorkspace(owner.userId)).filter((i) => String(i.sk).startsWith('POST#'));
    const expected = [[viaKey.id, firstTime], ...posts.map((p) => [p.id as string, p.scheduled_at as string])].map(String).sort();
    expect(posts).toHaveLength(9);
    expect(sentSoFar).toBe(1);
    expect(moved.scheduled_at).not.toBe(firstTime);
    expect(await deliveriesOf(owner, endpoint.id)).toHaveLength(expected.length);
    const events = await theVerifiedEvents(inbox, expected.length);
    expect(events.every((e) => e.type === 'post.scheduled' && e.workspace_id === owner.userId)).toBe(true);
    expect(events.map((e) => String([e.data.post_id, e.data.scheduled_at])).sort()).toEqual(expected);
  });

  it("sends approval.decided for a client's decision through a review link, naming the client", async () => {
    const owner = await aConfirmedUser({ plan: 'pro' });
    const account = await aConnectedAccount(owner.userId, 'facebook', 'Rossi on Facebook');
    const inbox = anInboxUrl();
    await aVerifyingEndpoint(owner.accessToken, inbox, ['approval.decided']);
    const as = (method: string, path: string, body?: unknown) => weCallTheApi(method, path, { token: owner.accessToken, body });
    const client = created(await as('POST', '/api/clients', { name: 'Bakery Rossi' })) as unknown as { id: string };
    const aPost = async (caption: string) =>
      created(
        await as('POST', '/api/posts', {
          scheduled_at: inDays(2),
          client_id: client.id,
          platforms: [{ platform: 'facebook', social_account_id: account.id, caption, settings: {} }],
          media_ids: [],
        }),
      );
    const [liked, disliked] = [await aPost('Fresh bread'), await aPost('Old bread')];
    const link = created(await as('POST', `/api/clients/${client.id}/review-links`, {})) as unknown as { url: string };
    const token = new URL(link.url).searchParams.get('token')!;

    const decide = (body: Record<string, unknown>) => weCallTheApi('POST', '/api/review-links/decisions', { body: { token, version: 1, ...body } });
    expect((await decide({ post_id: liked.id, decision: 'approved' })).status).toBe(200);
    expect((await decide({ post_id: disliked.id, decision: 'changes_requested', comment: 'Use the spring photo' })).status).toBe(200);

    const events = await theVerifiedEvents(inbox, 2);
    const byPost = new Map(events.map((e) => [e.data.post_id, e]));
    expect(byPost.get(liked.id)).toEqual(
      expect.objectContaining({
        type: 'approval.decided',
        workspace_id: owner.userId,
        data: expect.objectContaining({ decision: 'approved', decided_by: null, decided_by_client: 'Bakery Rossi', comment: null, status: 'scheduled' }),
      }),
    );
    expect(byPost.get(disliked.id)?.data).toEqual(
      expect.objectContaining({ decision: 'changes_requested', decided_by: null, decided_by_client: 'Bakery Rossi', comment: 'Use the spring photo' }),
    );
  });
});
