import type { Notification } from '@shared/notifications';
import {
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MSG,
  WebhookDeliveryListSchema,
  WebhookEndpointListSchema,
  WebhookWithSecretSchema,
} from '@shared/webhooks';
import type { Post } from '@shared/posts';
import { WORKSPACE_HEADER } from '@shared/workspaces';
import { describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../functions/data/tokens';
import { putMember } from '../../functions/data/workspaces';
import { sendDueExpiryNotices } from '../../functions/domain/connection-health';
import { defaultWebhookDeps, deliverWebhook, emitWorkspaceEvent, type DeliveryMessage, type WebhookDeps } from '../../functions/domain/webhooks';
import type { ReceivedWebhook } from '../../local/sandbox/public-web';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { aConnectedAccount, inDays } from '../helpers/posts';
import { itemsOfWorkspace, theTestsTimeLeft } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

/*
 * Outgoing webhooks (docs/webhooks.md): Admins add endpoints; events are signed per Standard Webhooks
 * and POSTed to them, retried with backoff; the local public-web stand-in's receiver verifies each
 * request with the standardwebhooks library, as a customer's server would.
 */
type Person = Awaited<ReturnType<typeof aConfirmedUser>>;

const web = () => cloud().env.LOCAL_PUBLIC_WEB_ORIGIN!;
let inboxes = 0;
const anInbox = () => `inbox-${process.pid}-${Date.now()}-${inboxes++}`;

async function receiverSays(inbox: string, config: { secret?: string; failNext?: number }) {
  const res = await fetch(`${web()}/webhook-receiver/${inbox}/config`, { method: 'PUT', body: JSON.stringify(config) });
  expect(res.status).toBe(204);
}
const whatTheReceiverGot = async (inbox: string) => (await (await fetch(`${web()}/webhook-receiver/${inbox}/received`)).json()) as ReceivedWebhook[];

async function anEndpoint(owner: Person, url: string, events: string[] = ['post.published']) {
  const made = await weCallTheApi('POST', '/api/workspace/webhooks', { token: owner.accessToken, body: { url, events, description: 'CRM' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return WebhookWithSecretSchema.parse(made.body);
}

async function aMember(owner: Person, role: 'admin' | 'editor' | 'contributor') {
  const person = await aConfirmedUser();
  await putMember({ workspaceId: owner.userId, userId: person.userId, role }, { name: 'My workspace', email: person.email, at: new Date().toISOString() });
  return person;
}

/**
 * The delivery job's steps run in this process with a clock that jumps to each attempt's time and a
 * queue the test drains by hand (the real queue's job would race it); the HTTP, the signing, the
 * table and the receiver are the real ones.
 */
function aQueueWeDrain() {
  const queued: DeliveryMessage[] = [];
  let now = Date.now();
  const deps: WebhookDeps = {
    ...defaultWebhookDeps,
    now: () => new Date(now),
    queue: { send: async (message) => void queued.push(message) },
  };
  return {
    deps,
    queued,
    /** Runs every queued attempt, each at its time, until none is left. */
    async drain() {
      for (let message = queued.shift(); message; message = queued.shift()) {
        if (message.notBefore) now = Math.max(now, Date.parse(message.notBefore));
        await deliverWebhook(message, deps);
      }
    },
  };
}

const deliveriesOf = async (owner: Person, endpointId: string) =>
  WebhookDeliveryListSchema.parse((await weCallTheApi('GET', `/api/workspace/webhooks/${endpointId}/deliveries`, { token: owner.accessToken })).body).items;

describe('Outgoing webhooks', { timeout: 120_000 }, () => {
  it('retries a receiver that fails twice: one delivery, three attempts, one event id, every one verified by the library', async () => {
    const owner = await aConfirmedUser();
    const inbox = anInbox();
    const endpoint = await anEndpoint(owner, `${web()}/webhook-receiver/${inbox}`);
    await receiverSays(inbox, { secret: endpoint.secret, failNext: 2 });
    const queue = aQueueWeDrain();

    await emitWorkspaceEvent(owner.userId, 'post.published', { post_id: 'p1' }, {}, queue.deps);
    await queue.drain();

    const received = await whatTheReceiverGot(inbox);
    const deliveries = await deliveriesOf(owner, endpoint.id);
    expect(received.map((r) => [r.verified, r.status])).toEqual([
      [true, 500],
      [true, 500],
      [true, 204],
    ]);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    expect(JSON.parse(received[2]!.body)).toEqual(expect.objectContaining({ type: 'post.published', workspace_id: owner.userId, data: { post_id: 'p1' } }));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toEqual(expect.objectContaining({ event_id: received[0]!.id, event_type: 'post.published', state: 'succeeded' }));
    expect(deliveries[0]!.attempts.map((a) => a.status)).toEqual([500, 500, 204]);
    // The second attempt waited the first backoff step, the third the second.
    const times = deliveries[0]!.attempts.map((a) => Date.parse(a.at));
    expect([times[1]! - times[0]!, times[2]! - times[1]!]).toEqual([30_000, 120_000]);
  });

  it('sends "Send test event" through the delivery queue, signed with the current secret', async () => {
    const owner = await aConfirmedUser();
    const inbox = anInbox();
    const endpoint = await anEndpoint(owner, `${web()}/webhook-receiver/${inbox}`);
    const rotated = WebhookWithSecretSchema.parse(
      (await weCallTheApi('POST', `/api/workspace/webhooks/${endpoint.id}/rotate-secret`, { token: owner.accessToken })).body,
    );
    await receiverSays(inbox, { secret: rotated.secret });

    const sent = await weCallTheApi('POST', `/api/workspace/webhooks/${endpoint.id}/test`, { token: owner.accessToken });
    const received = await vi.waitFor(
      async () => {
        const got = await whatTheReceiverGot(inbox);
        expect(got).toHaveLength(1);
        return got;
      },
      { timeout: theTestsTimeLeft(), interval: 200 },
    );

    expect(sent.status).toBe(202);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(received[0]).toEqual(expect.objectContaining({ id: sent.body.event_id, verified: true, status: 204 }));
    expect(JSON.parse(received[0]!.body).type).toBe('webhook.test');
    await vi.waitFor(async () => expect((await deliveriesOf(owner, endpoint.id))[0]?.state).toBe('succeeded'), { timeout: theTestsTimeLeft() });
  });

  it.each([
    ['a private address', 'https://10.0.0.8/hooks', WEBHOOK_MSG.urlPrivate('10.0.0.8')],
    ['the metadata service', 'https://169.254.169.254/latest', WEBHOOK_MSG.urlPrivate('169.254.169.254')],
    ['localhost', 'https://localhost:3000/hooks', WEBHOOK_MSG.urlPrivate('localhost')],
    ['plain http', 'http://hooks.example.com/in', WEBHOOK_MSG.urlHttps],
    ['the local front door over http', 'http://127.0.0.1:1/hooks', WEBHOOK_MSG.urlHttps],
  ])('refuses %s with a clear message and stores nothing', async (_, url, message) => {
    const owner = await aConfirmedUser();

    const refused = await weCallTheApi('POST', '/api/workspace/webhooks', { token: owner.accessToken, body: { url, events: ['post.failed'] } });

    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await itemsOfWorkspace(owner.userId)).filter((i) => String(i.sk).startsWith('WEBHOOK'))).toEqual([]);
  });

  it('lets Admins manage endpoints and refuses Editors', async () => {
    const owner = await aConfirmedUser();
    const admin = await aMember(owner, 'admin');
    const editor = await aMember(owner, 'editor');
    const headers = { [WORKSPACE_HEADER]: owner.userId };

    const byEditor = await weCallTheApi('POST', '/api/workspace/webhooks', {
      token: editor.accessToken,
      headers,
      body: { url: `${web()}/webhook-receiver/x`, events: ['post.failed'] },
    });
    const listByEditor = await weCallTheApi('GET', '/api/workspace/webhooks', { token: editor.accessToken, headers });
    const byAdmin = await weCallTheApi('POST', '/api/workspace/webhooks', {
      token: admin.accessToken,
      headers,
      body: { url: `${web()}/webhook-receiver/x`, events: ['post.failed'] },
    });
    const listed = WebhookEndpointListSchema.parse((await weCallTheApi('GET', '/api/workspace/webhooks', { token: owner.accessToken })).body);

    expect(byEditor.status).toBe(403);
    expect(listByEditor.status).toBe(403);
    expect(byAdmin.status).toBe(201);
    expect(listed.items.map((w) => w.id)).toEqual([byAdmin.body.id]);
    expect(JSON.stringify(listed)).not.toContain(byAdmin.body.secret);
  });

  it("never sends workspace A's events to workspace B's endpoint, nor events an endpoint did not choose", async () => {
    const a = await aConfirmedUser();
    const b = await aConfirmedUser();
    const inboxA = anInbox();
    const inboxB = anInbox();
    const endpointA = await anEndpoint(a, `${web()}/webhook-receiver/${inboxA}`, ['post.failed']);
    const endpointB = await anEndpoint(b, `${web()}/webhook-receiver/${inboxB}`, ['post.failed', 'post.published']);
    await receiverSays(inboxA, { secret: endpointA.secret });
    await receiverSays(inboxB, { secret: endpointB.secret });
    const queue = aQueueWeDrain();

    await emitWorkspaceEvent(a.userId, 'post.failed', { post_id: 'a1' }, {}, queue.deps);
    await emitWorkspaceEvent(a.userId, 'post.published', { post_id: 'a2' }, {}, queue.deps);
    await queue.drain();

    expect((await whatTheReceiverGot(inboxA)).map((r) => JSON.parse(r.body).data.post_id)).toEqual(['a1']);
    expect(await whatTheReceiverGot(inboxB)).toEqual([]);
    expect(await deliveriesOf(b, endpointB.id)).toEqual([]);
  });

  it('delivers an event emitted twice with the same id once', async () => {
    const owner = await aConfirmedUser();
    const inbox = anInbox();
    const endpoint = await anEndpoint(owner, `${web()}/webhook-receiver/${inbox}`);
    await receiverSays(inbox, { secret: endpoint.secret });
    const queue = aQueueWeDrain();
    const eventId = queue.deps.newId();

    await emitWorkspaceEvent(owner.userId, 'post.published', { post_id: 'p1' }, { eventId }, queue.deps);
    await emitWorkspaceEvent(owner.userId, 'post.published', { post_id: 'p1' }, { eventId }, queue.deps);
    await queue.drain();

    expect((await whatTheReceiverGot(inbox)).map((r) => r.id)).toEqual([eventId]);
  });

  it('switches an endpoint off after deliveries keep failing, tells its Admins and Owner, and can be switched back on', async () => {
    const owner = await aConfirmedUser();
    const editor = await aMember(owner, 'editor');
    // The stand-in takes no POST here (405): a receiver that moved.
    const endpoint = await anEndpoint(owner, `${web()}/gone`);
    const queue = aQueueWeDrain();

    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES; i++) {
      await emitWorkspaceEvent(owner.userId, 'post.published', { post_id: `p${i}` }, {}, queue.deps);
      await queue.drain();
    }
    await emitWorkspaceEvent(owner.userId, 'post.published', { post_id: 'after' }, {}, queue.deps);
    const listed = WebhookEndpointListSchema.parse((await weCallTheApi('GET', '/api/workspace/webhooks', { token: owner.accessToken })).body).items;
    const deliveries = await deliveriesOf(owner, endpoint.id);
    const notices = async (person: Person) =>
      ((await weCallTheApi('GET', '/api/notifications', { token: person.accessToken })).body as { items: Notification[] }).items.map((n) => n.message);

    expect(listed[0]).toEqual(expect.objectContaining({ enabled: false, consecutive_failures: WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES }));
    expect(deliveries).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES);
    expect(deliveries.every((d) => d.state === 'failed' && d.attempts.length === WEBHOOK_MAX_ATTEMPTS && d.attempts.every((a) => a.status === 405))).toBe(true);
    expect(queue.queued).toEqual([]);
    expect(await notices(owner)).toEqual([expect.stringContaining('was switched off')]);
    expect(await notices(editor)).toEqual([]);

    const enabled = await weCallTheApi('POST', `/api/workspace/webhooks/${endpoint.id}/enable`, { token: owner.accessToken });
    expect(enabled.body).toEqual(expect.objectContaining({ enabled: true, consecutive_failures: 0, disabled_reason: null }));
  });

  it('announces a submission, its approval and the scheduling to a subscribed receiver through the real queue', async () => {
    const owner = await aConfirmedUser({ plan: 'basic' });
    await connect('facebook', owner.accessToken);
    const accounts = (await weCallTheApi('GET', '/api/accounts', { token: owner.accessToken })).body.accounts as { id: string; platform: string }[];
    const facebook = accounts.find((a) => a.platform === 'facebook')!;
    const contributor = await aMember(owner, 'contributor');
    const inbox = anInbox();
    const endpoint = await anEndpoint(owner, `${web()}/webhook-receiver/${inbox}`, ['post.scheduled', 'approval.requested', 'approval.decided']);
    await receiverSays(inbox, { secret: endpoint.secret });
    const scheduledAt = inDays(2);
    const body = (caption: string) => ({
      platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption, settings: {} }],
      media_ids: [],
      scheduled_at: scheduledAt,
    });

    // A Contributor's post waits for approval; the Owner approves it; the Owner also schedules one directly.
    const submitted = await weCallTheApi('POST', '/api/posts', {
      token: contributor.accessToken,
      body: body('Waiting for a yes'),
      headers: { [WORKSPACE_HEADER]: owner.userId },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const waiting = submitted.body as Post;
    expect(waiting.status).toBe('pending_approval');
    const approved = await weCallTheApi('POST', `/api/posts/${waiting.id}/approve`, { token: owner.accessToken, body: { version: waiting.version } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const direct = await weCallTheApi('POST', '/api/posts', { token: owner.accessToken, body: body('Straight onto the calendar') });
    expect(direct.status, JSON.stringify(direct.body)).toBe(201);

    const events = await vi.waitFor(
      async () => {
        const got = await whatTheReceiverGot(inbox);
        expect(got).toHaveLength(4);
        return got.map((r) => {
          expect(r).toEqual(expect.objectContaining({ verified: true, status: 204 }));
          return JSON.parse(r.body) as { type: string; workspace_id: string; data: { post_id: string; status: string; scheduled_at: string | null } };
        });
      },
      { timeout: theTestsTimeLeft() },
    );
    const seen = events.map((e) => [e.type, e.data.post_id, e.data.status]).sort();
    expect(seen).toEqual(
      [
        ['approval.decided', waiting.id, 'scheduled'],
        ['approval.requested', waiting.id, 'pending_approval'],
        ['post.scheduled', waiting.id, 'scheduled'],
        ['post.scheduled', (direct.body as Post).id, 'scheduled'],
      ].sort(),
    );
    expect(events.every((e) => e.workspace_id === owner.userId && e.data.scheduled_at === scheduledAt)).toBe(true);
    expect(events.find((e) => e.type === 'approval.decided')!.data).toEqual(expect.objectContaining({ decision: 'approved', comment: null }));
  });

  it('announces a connection that needs reconnecting with its expiry notice, once', async () => {
    const owner = await aConfirmedUser();
    const account = await aConnectedAccount(owner.userId, 'instagram', '@acme');
    const inbox = anInbox();
    const endpoint = await anEndpoint(owner, `${web()}/webhook-receiver/${inbox}`, ['account.needs_reconnect']);
    await receiverSays(inbox, { secret: endpoint.secret });
    // Saved yesterday, expiring in 6.5 days: its 7-day notice is due now.
    const expiresAt = new Date(Date.now() + 6.5 * 86_400_000).toISOString();
    await saveTokens(owner.userId, account.id, { accessToken: 'ig-token', expiresAt }, new Date(Date.now() - 86_400_000));

    await sendDueExpiryNotices();
    await sendDueExpiryNotices();

    const received = await vi.waitFor(
      async () => {
        const got = await whatTheReceiverGot(inbox);
        expect(got).toHaveLength(1);
        return got;
      },
      { timeout: theTestsTimeLeft() },
    );
    expect(received[0]!.verified).toBe(true);
    expect(JSON.parse(received[0]!.body)).toEqual(
      expect.objectContaining({
        type: 'account.needs_reconnect',
        data: { account_id: account.id, platform: 'instagram', account_name: '@acme', reason: 'expiring', expires_at: expiresAt },
      }),
    );
    // The second sweep sent nothing more: the one delivery is all the endpoint's log has.
    expect(await deliveriesOf(owner, endpoint.id)).toHaveLength(1);
  });
});
