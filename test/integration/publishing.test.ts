import { GetScheduleCommand } from '@aws-sdk/client-scheduler';
import { randomBytes } from 'node:crypto';
import type { Platform } from '@shared/platforms';
import type { Post } from '@shared/posts';
import { ulid } from 'ulid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteConnection, getConnection } from '../../functions/data/connections';
import { putNewPost, type PostRecord } from '../../functions/data/posts';
import { listWorkspaceItems } from '../../functions/data/table';
import { DEAD_LETTER_MESSAGE, scheduleName, STUCK_MESSAGE } from '../../functions/publishing/model';
import { failFromDeadLetter } from '../../functions/publishing/use-cases/dead-letter';
import { dispatchPost } from '../../functions/publishing/use-cases/dispatch';
import { publishTarget } from '../../functions/publishing/use-cases/publish';
import { runWatchdog } from '../../functions/publishing/use-cases/watchdog';
import { awsPublishEngine } from '../../functions/publishing/publisher-wiring';
import { awsDeadLetterEngine, awsDispatchEngine, awsWatchdogEngine } from '../../functions/publishing/wiring';
import { apiTimeoutSeconds } from '../../functions/capabilities';
import { schedulerClient } from '../../functions/lib/aws';
import { connect } from '../helpers/connect';
import { aConfirmedUser, cloud } from '../helpers/given';
import { anUploadedImage } from '../helpers/media';
import { beforeItIsDue, inTime, scheduledIn } from '../helpers/due';
import { aPostRecord } from '../helpers/posts';
import { controlTheSandbox as control, sandboxReceipts } from '../helpers/sandbox';
import { theSettledPost } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import { DEMO_IDENTITIES, SANDBOX_PLATFORMS, type SandboxPlatform } from '../../local/sandbox/apps';
import { SANDBOX_BOARDS } from '../../local/sandbox/platforms/pinterest-publish';

/**
 * Through the emulators and the sandbox: the post is created through the API, the local
 * Scheduler/SQS deliver it, the real publishers run the real adapters against the sandbox platforms,
 * and the sandbox's receipts log says what actually went out (and how often).
 */
const sqsEndpoint = () => cloud().env.SQS_ENDPOINT!;

const receiptsFor = async (caption: string) => (await sandboxReceipts()).filter((r) => r.caption === caption || r.caption?.startsWith(caption));

async function duplicateDeliveries(on: boolean) {
  const res = await fetch(`${sqsEndpoint()}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ duplicateDeliveries: on }),
  });
  expect(res.ok).toBe(true);
}

/** What a network needs besides a caption: TikTok Direct Post the user's own privacy choice and consent
 * (Content Sharing Guidelines; unaudited: Only me), Pinterest the board to pin to. */
const SETTINGS: Partial<Record<Platform, Record<string, unknown>>> = {
  tiktok: { tiktok_privacy_level: 'SELF_ONLY', tiktok_consent: true },
  pinterest: { pinterest_board_id: SANDBOX_BOARDS[DEMO_IDENTITIES.pinterest[0]!.id]![0]!.id },
};

const aVideo = () => ({ name: 'clip.mp4', type: 'video/mp4', bytes: Buffer.concat([Buffer.from('\0\0\0 ftypisom'), randomBytes(64 * 1024)]) });
const inSeconds = (s: number) => ({ inSeconds: s });
const uniqueCaption = (what: string) => `${what} ${ulid().slice(-8)}`;

/** A Pro user with one connected account per requested platform (through the sandbox consent). */
async function aPublisher(platforms: readonly SandboxPlatform[]) {
  const user = await aConfirmedUser({ plan: 'pro' });
  for (const platform of platforms) await connect(platform, user.accessToken);
  const { accounts } = (await weCallTheApi('GET', '/api/accounts', { token: user.accessToken })).body as { accounts: { id: string; platform: Platform }[] };
  const accountFor = (platform: Platform) => accounts.find((a) => a.platform === platform)!.id;
  return { ...user, accountFor };
}

/**
 * A post created through the API. A due time `inSeconds(s)` is s seconds after the request is sent,
 * asked again later if the machine was so slow that the API found it past (see scheduledIn); a fixed
 * one is sent as is, and a refusal as past stops a `beforeItIsDue` step (see inTime).
 */
async function aPost(
  user: Awaited<ReturnType<typeof aPublisher>>,
  platforms: readonly Platform[],
  caption: string,
  due: string | null | { inSeconds: number },
  mediaIds: string[] = [],
): Promise<Post> {
  const body = (scheduledAt: string | null) => ({
    ...(platforms.includes('youtube') ? { title: 'Morning bake' } : {}),
    scheduled_at: scheduledAt,
    platforms: platforms.map((platform) => ({
      platform,
      social_account_id: user.accountFor(platform),
      caption,
      settings: SETTINGS[platform] ?? {},
    })),
    media_ids: mediaIds,
  });
  const create = (scheduledAt: string | null) => weCallTheApi('POST', '/api/posts', { token: user.accessToken, body: body(scheduledAt) });
  const res = due !== null && typeof due === 'object' ? await scheduledIn(due.inSeconds, create) : inTime(await create(due));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Post;
}

beforeEach(async () => {
  // Faults left over from a test (unused injections) must not leak into the next one's connects.
  await control('POST', '/reset');
  for (const platform of SANDBOX_PLATFORMS) await control('POST', '/processing', { platform, seconds: 1 });
});

afterEach(async () => {
  await duplicateDeliveries(false);
});

describe('publishing a scheduled post', () => {
  it(
    'publishes to every sandbox network once, at its time, each with its URL, and tells the user (X as text, Pinterest with a photo, in posts of their own)',
    { timeout: 120_000 },
    async () => {
      // Prepare
      const user = await aPublisher(SANDBOX_PLATFORMS);
      const video = await anUploadedImage(user.accessToken, aVideo());
      const photo = await anUploadedImage(user.accessToken);
      const caption = uniqueCaption('Every network');

      // Act: X is text only for now, and a Pinterest video pin needs a cover photo: each goes in a post of its own.
      const withVideo = SANDBOX_PLATFORMS.filter((p) => p !== 'x' && p !== 'pinterest');
      const post = await aPost(user, withVideo, caption, inSeconds(3), [video.id]);
      const textOnly = await aPost(user, ['x'], caption, inSeconds(3));
      const pin = await aPost(user, ['pinterest'], caption, inSeconds(3), [photo.id]);
      const done = await theSettledPost(user.accessToken, post.id, 90_000);
      const doneX = await theSettledPost(user.accessToken, textOnly.id, 90_000);
      const donePin = await theSettledPost(user.accessToken, pin.id, 90_000);

      // Assess
      for (const one of [done, doneX, donePin]) {
        expect(one.status, one.error_message ?? '').toBe('posted');
        expect(one.published_at).not.toBeNull();
        for (const target of one.platforms) expect(target.post_url).toMatch(/^http/);
      }
      expect(done.platforms.map((t) => t.status)).toEqual(withVideo.map(() => 'posted'));
      expect(doneX.platforms.map((t) => t.status)).toEqual(['posted']);
      const receipts = await receiptsFor(caption);
      expect(receipts.map((r) => r.platform).sort()).toEqual([...SANDBOX_PLATFORMS].sort());
      for (const receipt of receipts) expect(receipt.receivedAtMs).toBeGreaterThanOrEqual(Date.parse(post.scheduled_at!) - 1000);
      const notes = (await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body.items as { message: string }[];
      expect(notes.map((n) => n.message)).toEqual(expect.arrayContaining(['Your post was published to Instagram', 'Your post was published to X']));
    },
  );

  it('waits out the whole lead time before the due second without being cut off', { timeout: 60_000 }, async () => {
    // Prepare: due 5 s after an API function's timeout (3 s in the test cloud, 10 s deployed), within
    // the local lead, so the message arrives at once and the publisher waits longer than an API
    // function may run: only its own timeout lets it reach the due second.
    const user = await aPublisher(['facebook']);
    const caption = uniqueCaption('Patient');

    // Act
    const post = await aPost(user, ['facebook'], caption, inSeconds(apiTimeoutSeconds() + 5));
    const done = await theSettledPost(user.accessToken, post.id, 50_000);

    // Assess
    expect(done.status, done.error_message ?? '').toBe('posted');
    const [receipt] = await receiptsFor(caption);
    expect(receipt!.receivedAtMs).toBeGreaterThanOrEqual(Date.parse(post.scheduled_at!));
    expect(await receiptsFor(caption)).toHaveLength(1);
  });

  it('publishes once even when the dispatch arrives twice and every SQS message is delivered twice', async () => {
    // Prepare
    const user = await aPublisher(['facebook', 'x']);
    const caption = uniqueCaption('Twice delivered');
    await duplicateDeliveries(true);

    // Act
    const post = await aPost(user, ['facebook', 'x'], caption, inSeconds(2));
    await dispatchPost({ userId: user.userId, postId: post.id, version: post.version }, awsDispatchEngine);
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess
    expect(done.status).toBe('posted');
    expect((await receiptsFor(caption)).map((r) => r.platform).sort()).toEqual(['facebook', 'x']);
    // Analytics (docs/analytics.md#recording): one tracker per target, each counted once in its day's rollup.
    // Each target records its outcome after settling, so the first target's count may still be on its
    // way when the last target settles the post: the rows are awaited, then must not change.
    const trackers = async () => (await listWorkspaceItems(user.userId, `METRICS#${post.id}#`)).map((t) => [t.platform, t.step, t.status]).sort();
    const rollups = async () => (await listWorkspaceItems(user.userId, 'ROLLUP#')).map((r) => [r.platform, r.published]).sort();
    await expect.poll(trackers, { timeout: 10_000, interval: 200 }).toEqual([
      ['facebook', 0, 'collecting'],
      ['x', 0, 'collecting'],
    ]);
    await expect.poll(rollups, { timeout: 10_000, interval: 200 }).toEqual([
      ['facebook', 1],
      ['x', 1],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await rollups()).toEqual([
      ['facebook', 1],
      ['x', 1],
    ]);
  });

  it('does not post twice when the platform accepted the post but the answer was lost', async () => {
    // Prepare
    const user = await aPublisher(['x']);
    const caption = uniqueCaption('Lost answer');
    await control('POST', '/faults', { platform: 'x', error: 'timeout_after_acting', times: 1 });

    // Act
    const post = await aPost(user, ['x'], caption, inSeconds(1));
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess: recovered from the account's timeline, never a second post.
    const receipts = await receiptsFor(caption);
    expect(receipts).toHaveLength(1);
    expect(done.status, done.error_message ?? '').toBe('posted');
    expect(done.platforms[0]!.post_url).toBe(receipts[0]!.url);
  });

  it('does not post twice when the publisher dies after the platform accepted the post', async () => {
    // Prepare: X accepts the post and then never answers, so the delivery that sent it makes no more
    // progress, as if its Lambda had been killed mid-call, still holding the target's lease.
    const user = await aPublisher(['x']);
    const caption = uniqueCaption('Killed publisher');
    await control('POST', '/faults', { platform: 'x', error: 'timeout_after_acting', times: 1, publish: true, delayMs: 40_000 });
    const post = await aPost(user, ['x'], caption, inSeconds(1));
    await expect.poll(() => receiptsFor(caption), { timeout: 30_000, interval: 250 }).toHaveLength(1);

    // Act: the message comes back after its visibility timeout, once the dead delivery's lease ran out.
    const later = { ...awsPublishEngine, now: () => new Date(Date.now() + 6 * 60_000), newId: () => ulid() };
    const outcome = await publishTarget({ userId: user.userId, postId: post.id, targetId: post.platforms[0]!.id, version: post.version }, later);
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess: found on the timeline from the checkpoint, not posted again.
    const receipts = await receiptsFor(caption);
    expect(outcome).toBe('done');
    expect(receipts).toHaveLength(1);
    expect(done.status, done.error_message ?? '').toBe('posted');
    expect(done.platforms[0]!.post_url).toBe(receipts[0]!.url);
  });

  it('retries a rate-limited platform and still publishes once', async () => {
    // Prepare
    const user = await aPublisher(['x']);
    const caption = uniqueCaption('Rate limited');
    await control('POST', '/faults', { platform: 'x', error: 'rate_limit', times: 1, resetSeconds: 2, publish: true });

    // Act
    const post = await aPost(user, ['x'], caption, inSeconds(1));
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess
    expect(done.status).toBe('posted');
    expect(await receiptsFor(caption)).toHaveLength(1);
  });

  it('fails with a plain message and asks for a reconnect when the token was revoked', async () => {
    // Prepare
    const user = await aPublisher(['x']);
    const caption = uniqueCaption('Revoked');
    await control('POST', '/faults', { platform: 'x', error: 'token_revoked', times: 5 });

    // Act
    const post = await aPost(user, ['x'], caption, inSeconds(1));
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess
    expect(done.status).toBe('failed');
    expect(done.error_message).toMatch(/^X failed: .*reconnect/i);
    expect((await getConnection(user.userId, user.accountFor('x'))).needs_reconnect).toBe(true);
    expect(await receiptsFor(caption)).toHaveLength(0);
    const notes = (await weCallTheApi('GET', '/api/notifications', { token: user.accessToken })).body.items as { message: string }[];
    expect(notes[0]!.message).toMatch(/^Your post to X failed: /);
  });

  it('fails, naming the reconnect, a queued post whose account was disconnected before its time, and posts nothing', async () => {
    // Prepare: a post queued for now, its message naming the social account the publisher reads
    // with the post; then the account is disconnected.
    const user = await aPublisher(['facebook']);
    const account = await getConnection(user.userId, user.accountFor('facebook'));
    const caption = uniqueCaption('Disconnected');
    const now = new Date().toISOString();
    const post = aPostRecord(account, { scheduled_at: now, status: 'queued', created_at: now, updated_at: now }, caption);
    await putNewPost(user.userId, post);
    await deleteConnection(user.userId, account.id);

    // Act
    const message = { userId: user.userId, postId: post.id, targetId: post.platforms[0]!.id, version: post.version, socialAccountId: account.id };
    const outcome = await publishTarget(message, { ...awsPublishEngine, newId: () => ulid() });
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess
    expect(outcome).toBe('done');
    expect(done.status).toBe('failed');
    expect(done.error_message).toBe('Facebook failed: The Facebook account for this post was disconnected. Reconnect it on Platforms and reschedule.');
    expect(await receiptsFor(caption)).toHaveLength(0);
  });

  it('says what went out when only some platforms failed', async () => {
    // Prepare
    const user = await aPublisher(['facebook', 'x']);
    const caption = uniqueCaption('Partly');
    await control('POST', '/faults', { platform: 'x', error: 'token_revoked', times: 5 });

    // Act
    const post = await aPost(user, ['facebook', 'x'], caption, inSeconds(1));
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess
    expect(done.status).toBe('failed');
    expect(done.error_message).toMatch(/^Published to Facebook; X failed: /);
  });
});

describe('keeping publishing in step with edits', () => {
  it('creates the post-<id> schedule one minute before the due minute, and publishes the edited version at the new time', async () => {
    // Prepare
    const user = await aPublisher(['facebook']);
    const post = await aPost(user, ['facebook'], uniqueCaption('Original'), inSeconds(3600));
    const schedule = await schedulerClient().send(new GetScheduleCommand({ Name: scheduleName(post.id), GroupName: cloud().env.SCHEDULE_GROUP }));
    const edited = uniqueCaption('Edited');

    // Act
    const patch = await scheduledIn(2, (scheduledAt) =>
      weCallTheApi('PATCH', `/api/posts/${post.id}`, {
        token: user.accessToken,
        body: { scheduled_at: scheduledAt, platforms: [{ id: post.platforms[0]!.id, caption: edited }] },
      }),
    );
    const stale = await dispatchPost({ userId: user.userId, postId: post.id, version: post.version }, awsDispatchEngine);
    const done = await theSettledPost(user.accessToken, post.id);

    // Assess
    const due = new Date(Date.parse(post.scheduled_at!));
    const expectedAt = new Date(Math.floor(due.getTime() / 60_000) * 60_000 - 60_000).toISOString().slice(0, 19);
    expect(schedule.ScheduleExpression).toBe(`at(${expectedAt})`);
    expect(schedule.ActionAfterCompletion).toBe('DELETE');
    expect(JSON.parse(schedule.Target!.Input!)).toEqual({ userId: user.userId, postId: post.id, version: 1 });
    expect(patch.status).toBe(200);
    expect(stale).toBe('ignored');
    expect(done.status).toBe('posted');
    expect(done.platforms[0]!.caption).toBe(edited);
    expect(await receiptsFor(edited)).toHaveLength(1);
  });

  it('never publishes a deleted post, and removes its schedule', async () => {
    // Prepare
    const user = await aPublisher(['facebook']);
    const later = await aPost(user, ['facebook'], uniqueCaption('Later'), inSeconds(3600));

    // Act: a post deleted before its time, beside a post due at the same moment that is kept: once
    // that one has gone out, the deleted one would have too. The deletion must land before the due
    // time, or the test shows nothing; on a machine slower than that, all of it is done again later.
    const {
      value: { caption, witness },
    } = await beforeItIsDue(4, async (dueAt) => {
      const caption = uniqueCaption('Deleted');
      const witness = await aPost(user, ['facebook'], uniqueCaption('Witness'), dueAt().toISOString());
      const soon = await aPost(user, ['facebook'], caption, dueAt().toISOString());
      expect((await weCallTheApi('DELETE', `/api/posts/${soon.id}`, { token: user.accessToken })).status).toBe(204);
      return { caption, witness };
    });
    await weCallTheApi('DELETE', `/api/posts/${later.id}`, { token: user.accessToken });
    expect((await theSettledPost(user.accessToken, witness.id)).status).toBe('posted');

    // Assess
    expect(await receiptsFor(caption)).toHaveLength(0);
    await expect(schedulerClient().send(new GetScheduleCommand({ Name: scheduleName(later.id), GroupName: cloud().env.SCHEDULE_GROUP }))).rejects.toMatchObject(
      {
        name: 'ResourceNotFoundException',
      },
    );
  });

  it('turning a scheduled post back into a draft removes its schedule', async () => {
    // Prepare
    const user = await aPublisher(['facebook']);
    const post = await aPost(user, ['facebook'], uniqueCaption('Unschedule'), inSeconds(3600));

    // Act
    await weCallTheApi('PATCH', `/api/posts/${post.id}`, { token: user.accessToken, body: { scheduled_at: null, platforms: [] } });

    // Assess
    await expect(schedulerClient().send(new GetScheduleCommand({ Name: scheduleName(post.id), GroupName: cloud().env.SCHEDULE_GROUP }))).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});

describe('dead letters', () => {
  it('fail what could not be dispatched or published, visibly, whether Lambda wrapped the message or not', async () => {
    // Prepare
    const user = await aPublisher(['facebook']);
    const undispatched = await aPost(user, ['facebook'], uniqueCaption('Undispatched'), inSeconds(3600));
    const unpublished = await aPost(user, ['facebook'], uniqueCaption('Unpublished'), inSeconds(3600));

    // Act: the dispatcher's failed async invocation (wrapped), and a publish message out of receives.
    await failFromDeadLetter(
      {
        requestContext: { condition: 'RetriesExhausted' },
        requestPayload: { userId: user.userId, postId: undispatched.id, version: 1 },
      },
      awsDeadLetterEngine,
    );
    await failFromDeadLetter({ userId: user.userId, postId: unpublished.id, targetId: unpublished.platforms[0]!.id, version: 1 }, awsDeadLetterEngine);

    // Assess
    for (const id of [undispatched.id, unpublished.id]) {
      const post = (await weCallTheApi('GET', `/api/posts/${id}`, { token: user.accessToken })).body as Post;
      expect(post.status).toBe('failed');
      expect(post.error_message).toBe(`Facebook failed: ${DEAD_LETTER_MESSAGE}`);
    }
  });
});

describe('the watchdog', () => {
  it('catches a post whose schedule was lost, publishes it, and fails one that stays stuck', async () => {
    // Prepare: a scheduled post 20 minutes overdue, with no schedule behind it.
    const user = await aPublisher(['facebook']);
    const account = await getConnection(user.userId, user.accountFor('facebook'));
    const caption = uniqueCaption('Lost schedule');
    const overdue = new Date(Date.now() - 20 * 60_000).toISOString();
    const lost = aPostRecord(account!, { scheduled_at: overdue, status: 'scheduled', created_at: overdue, updated_at: overdue }, caption);
    await putNewPost(user.userId, lost);
    // And one already given its second chance 20 minutes ago, still publishing.
    const stuck = {
      ...lost,
      id: ulid(),
      status: 'publishing',
      platforms: lost.platforms.map((t) => ({ ...t, id: ulid(), status: 'publishing', caption: uniqueCaption('Stuck') })),
      watchdog_at: overdue,
    } as PostRecord;
    await putNewPost(user.userId, stuck);

    // Act
    const result = await runWatchdog(awsWatchdogEngine);
    const done = await theSettledPost(user.accessToken, lost.id);
    const failed = await theSettledPost(user.accessToken, stuck.id);

    // Assess
    expect(result.redispatched).toBeGreaterThanOrEqual(1);
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(done.status).toBe('posted');
    expect(await receiptsFor(caption)).toHaveLength(1);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toBe(`Facebook failed: ${STUCK_MESSAGE}`);
  });
});
