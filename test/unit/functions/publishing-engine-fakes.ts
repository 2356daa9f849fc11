import type { SocialAccount } from '@shared/accounts';
import { PLANS, type Plan } from '@shared/plans';
import type { Platform } from '@shared/platforms';
import {
  LeaseLostError,
  type DispatchInput,
  type EnginePost,
  type EngineTarget,
  type PublishMessage,
  type TargetOutcome,
  type TargetRef,
} from '../../../functions/publishing/model';
import type { EngineStore, PublishEngine, ScheduleEngine } from '../../../functions/publishing/ports';
import type { WorkspaceNotice } from '../../../functions/domain/notifications';
import { guardedCreate, str } from '../../../functions/platforms/publish';
import { PlatformError, type PublishContext, type PublishStepResult } from '../../../functions/platforms/types';

/**
 * The publishing engine's world in memory (functions/publishing/ports.ts): a store that keeps the
 * table's conditions (the same ones adapters/dynamo-store.ts writes), a queue and a scheduler that record
 * what was sent, a clock that only moves when told (sleeping moves it), and a platform with a
 * timeline, so a test sees what went out and how often.
 */

const OPEN = ['scheduled', 'queued', 'publishing'];
const TERMINAL = ['posted', 'failed'];

export class MemoryStore implements EngineStore {
  readonly items = new Map<string, { userId: string; post: EnginePost }>();
  /** Whether the account's deletion has begun (the session gate the table keeps beside the posts). */
  userClosed: (userId: string) => boolean = () => false;

  put(userId: string, post: EnginePost): void {
    this.items.set(`${userId}/${post.id}`, { userId, post: structuredClone(post) });
  }

  /** The stored post as it is now (a copy). */
  read(userId: string, postId: string): EnginePost {
    return structuredClone(this.items.get(`${userId}/${postId}`)!.post);
  }

  private item(userId: string, postId: string): EnginePost | undefined {
    return this.items.get(`${userId}/${postId}`)?.post;
  }

  /** The element a target write may touch: the same target still at that index, else none. */
  private element(ref: TargetRef): { post: EnginePost; target: EngineTarget } | undefined {
    const post = this.item(ref.userId, ref.post.id);
    const target = post?.platforms[ref.index];
    return post && target && target.id === ref.target.id ? { post, target } : undefined;
  }

  async getPost(userId: string, postId: string) {
    const post = this.item(userId, postId);
    return post ? structuredClone(post) : null;
  }

  async getPostAndUserClosed(userId: string, postId: string) {
    const post = this.item(userId, postId);
    return { post: post ? structuredClone(post) : null, userClosed: this.userClosed(userId) };
  }

  async markQueued(userId: string, seen: EnginePost, now: Date) {
    const post = this.item(userId, seen.id);
    if (!post || post.version !== seen.version || post.status !== 'scheduled') return false;
    post.status = 'queued';
    post.updated_at = now.toISOString();
    seen.platforms.forEach((target, i) => {
      if (target.status === 'pending') post.platforms[i]!.status = 'queued';
    });
    return true;
  }

  async takeLease(lease: TargetRef & { owner: string }, now: Date, leaseMs: number) {
    const found = this.element(lease);
    if (!found) return false;
    const { post, target } = found;
    const free = !target.lease_until || target.lease_until < now.toISOString();
    if (post.version !== lease.post.version || !['queued', 'publishing'].includes(post.status) || TERMINAL.includes(target.status) || !free) return false;
    Object.assign(target, {
      status: 'publishing',
      lease_owner: lease.owner,
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: (target.attempts ?? 0) + 1,
    });
    post.status = 'publishing';
    post.updated_at = now.toISOString();
    return true;
  }

  async saveCheckpoint(lease: TargetRef & { owner: string }, checkpoint: Record<string, string | number | boolean | null>) {
    const found = this.element(lease);
    if (!found || found.target.lease_owner !== lease.owner) throw new LeaseLostError('Another delivery took over this target');
    found.target.checkpoint = { ...checkpoint };
  }

  async releaseLease(lease: TargetRef & { owner: string }) {
    const found = this.element(lease);
    if (!found || found.target.lease_owner !== lease.owner) return;
    delete found.target.lease_owner;
    delete found.target.lease_until;
  }

  async settleTarget(ref: TargetRef, outcome: TargetOutcome, now: Date) {
    const found = this.element(ref);
    if (!found || TERMINAL.includes(found.target.status) || (ref.owner && found.target.lease_owner !== ref.owner)) return null;
    const { post, target } = found;
    if (outcome.status === 'posted')
      Object.assign(target, {
        status: 'posted',
        post_url: outcome.postUrl,
        posted_at: outcome.postedAt,
        platform_post_id: outcome.platformPostId,
        error_message: null,
      });
    else Object.assign(target, { status: 'failed', error_message: outcome.message });
    delete target.lease_owner;
    delete target.lease_until;
    post.updated_at = now.toISOString();
    post.rev += 1;
    return structuredClone(post);
  }

  async settlePost(
    userId: string,
    seen: EnginePost,
    derived: { status: 'posted' | 'failed'; publishedAt: string | null; errorMessage: string | null },
    now: Date,
  ) {
    const post = this.item(userId, seen.id);
    if (!post || post.rev !== seen.rev || !OPEN.includes(post.status)) return false;
    Object.assign(post, { status: derived.status, published_at: derived.publishedAt, error_message: derived.errorMessage, updated_at: now.toISOString() });
    return true;
  }

  async markWatchdogRedispatch(userId: string, postId: string, now: Date) {
    const post = this.item(userId, postId);
    if (!post || post.watchdog_at || !OPEN.includes(post.status)) return false;
    post.watchdog_at = now.toISOString();
    return true;
  }

  async listOpenPostsDueBefore(cutoff: Date) {
    return [...this.items.values()]
      .filter(({ post }) => OPEN.includes(post.status) && (post.scheduled_at ?? post.created_at) < cutoff.toISOString())
      .sort((a, b) => (a.post.scheduled_at ?? a.post.created_at).localeCompare(b.post.scheduled_at ?? b.post.created_at))
      .map(({ userId, post }) => ({ userId, postId: post.id }));
  }
}

/** What a platform does with the next create: accept it, refuse it, or accept it and lose the answer. */
export type CreateScript = 'ok' | 'act-then-time-out' | 'hang' | 'act-then-hang' | PlatformError | { wait: number };

/**
 * A platform with a timeline. Its adapter follows the house protocol (platforms/publish.ts): the
 * "attempted" checkpoint goes first (guardedCreate), and a step that finds one looks the caption up
 * on the timeline before creating anything, so a lost answer is recovered, never posted twice.
 */
export function aPlatform(platform: Platform) {
  const timeline: { caption: string; id: string }[] = [];
  const script: CreateScript[] = [];
  const steps: { checkpoint: PublishContext['checkpoint'] }[] = [];
  let hung: (() => void) | undefined;
  const adapter = {
    platform,
    async publishStep(context: PublishContext): Promise<PublishStepResult> {
      steps.push({ checkpoint: context.checkpoint });
      const posted = (id: string): PublishStepResult => ({ status: 'posted', platformPostId: id, postUrl: `https://${platform}.example/${id}` });
      const waited = str(context.checkpoint, 'processing');
      if (waited) return posted(waited);
      if (str(context.checkpoint, 'attempted_at')) {
        const found = timeline.find((p) => p.caption === context.request.caption);
        if (found) return posted(found.id);
      }
      const next = script.shift() ?? 'ok';
      // A delivery that stalls while preparing (before its checkpoint), e.g. a frozen Lambda.
      if (next === 'hang') await new Promise<void>((resolve) => (hung = resolve));
      if (typeof next === 'object' && 'wait' in next) {
        await context.saveCheckpoint({ processing: `${platform}-${timeline.length + 1}` });
        timeline.push({ caption: context.request.caption, id: `${platform}-${timeline.length + 1}` });
        return { status: 'wait', retryAfterSeconds: next.wait };
      }
      return guardedCreate(context, { attempted_at: 'now' }, {}, async () => {
        if (next instanceof PlatformError) throw next;
        const id = `${platform}-${timeline.length + 1}`;
        timeline.push({ caption: context.request.caption, id });
        // A delivery frozen after the platform acted, before it heard back.
        if (next === 'act-then-hang') await new Promise<void>((resolve) => (hung = resolve));
        // The post went out, but the answer never came back (no HTTP status: the marker stays).
        if (next === 'act-then-time-out') throw new PlatformError(platform, 'retry', 'timed out');
        return posted(id);
      });
    },
  };
  return {
    adapter,
    timeline,
    steps,
    /** The next creates, in order (then 'ok'). */
    script: (...next: CreateScript[]) => script.push(...next),
    /** Lets a 'hang' create go on. */
    resume: () => hung?.(),
  };
}

export const T0 = Date.parse('2026-11-22T09:00:00.000Z');
const USER = 'user-1';

/** The engine with every port faked, its clock at `T0 - lead` unless moved. */
export function anEngine(options: { plan?: Plan['id']; leadMs?: number } = {}) {
  let now = T0;
  const store = new MemoryStore();
  const sent: { platform: Platform; message: PublishMessage; delaySeconds: number }[] = [];
  const schedules = new Map<string, { at: Date; input: DispatchInput }>();
  const notices: { userId: string; input: WorkspaceNotice }[] = [];
  /** The outcomes the engine kept in the posts' histories. */
  const history: { userId: string; postId: string; outcome: 'posted' | 'failed' }[] = [];
  const platforms = new Map<Platform, ReturnType<typeof aPlatform>>();
  const state = { closed: false, plan: options.plan ?? 'pro', closeWhileWaiting: false, deleteWhileWaiting: false };
  let ids = 0;
  store.userClosed = () => state.closed;
  const platform = (p: Platform) => platforms.get(p) ?? platforms.set(p, aPlatform(p)).get(p)!;

  const engine: PublishEngine & ScheduleEngine = {
    now: () => new Date(now),
    newId: () => `id-${++ids}`,
    store,
    queue: { send: async (platform, message, delaySeconds) => void sent.push({ platform, message, delaySeconds }) },
    scheduler: {
      put: async ({ name, at, input }) => void schedules.set(name, { at, input }),
      remove: async (name) => void schedules.delete(name),
    },
    settings: () => ({ leadMs: options.leadMs ?? 3_000, retryWindowMs: 15 * 60_000, settleSpreadMs: 0 }),
    // As the table does: with the social account named, the plan and the connection come with the post.
    readDelivery: async (userId, postId, socialAccountId) => {
      const reads = await MemoryStore.prototype.getPostAndUserClosed.call(store, userId, postId);
      if (!socialAccountId) return reads;
      const account = { id: socialAccountId, platform: accountPlatform(socialAccountId) } as SocialAccount;
      const tokens = async () => ({ accessToken: 'token', refreshToken: null, expiresAt: null }) as never;
      return { ...reads, plan: PLANS.find((p) => p.id === state.plan)!, connection: { account, tokens } };
    },
    media: { url: async (path) => `https://media.example/${path}`, read: async (path) => Buffer.from(path) },
    withFreshTokens: async (_userId, accountId, fn) =>
      fn({ accessToken: 'token', refreshToken: null, expiresAt: null } as never, platform(accountPlatform(accountId)).adapter as never),
    currentPlan: async () => PLANS.find((p) => p.id === state.plan)!,
    claimDailyQuota: async () => ({ ok: true }),
    notify: async (userId, input) => void notices.push({ userId, input }),
    recordActivity: async (userId, postId, outcome) => void history.push({ userId, postId, outcome }),
    sleep: async (ms) => {
      now += ms;
      if (state.closeWhileWaiting) state.closed = true;
      if (state.deleteWhileWaiting) store.items.clear();
    },
    random: () => 0.5,
  };

  return {
    engine,
    store,
    sent,
    schedules,
    notices,
    history,
    state,
    platform,
    userId: USER,
    at: (ms: number) => (now = ms),
    advance: (ms: number) => (now += ms),
    nowMs: () => now,
    /** Takes the queue's messages (as if delivered). */
    deliveries: () => sent.splice(0).map((s) => s.message),
  };
}

/** Social account ids name their platform in these tests. */
const accountPlatform = (accountId: string) => accountId.replace(/^acc-/, '') as Platform;

/** A post due at `T0` with one target per platform, `status` on the post and targets' `pending`/`queued` to match. */
/** Who wrote the posts aPost makes: their outcome notices name them as the author. */
export const AUTHOR = 'author-1';

export function aPost(platforms: Platform[], extra: Partial<EnginePost> = {}): EnginePost {
  const status = extra.status ?? 'queued';
  const iso = new Date(T0 - 60 * 60_000).toISOString();
  return {
    id: 'post-1',
    title: null,
    scheduled_at: new Date(T0).toISOString(),
    published_at: null,
    status,
    error_message: null,
    youtube_type: null,
    client_id: null,
    version: 1,
    created_at: iso,
    updated_at: iso,
    usage_month: null,
    media: [],
    created_by: AUTHOR,
    rev: 0,
    watchdog_at: null,
    ...extra,
    platforms: platforms.map((platform) => ({
      id: `t-${platform}`,
      platform,
      social_account_id: `acc-${platform}`,
      account_name: 'Bakery',
      account_id: `${platform}-account`,
      caption: `Fresh bread on ${platform}`,
      settings: {},
      status: status === 'scheduled' ? 'pending' : 'queued',
      post_url: null,
      posted_at: null,
      error_message: null,
    })),
  };
}

/** One target due at `T0`, stored, its message arriving the lead time early (the clock set there), its platform scripted. */
export function aDueTarget(platform: Platform, ...script: CreateScript[]) {
  const world = anEngine();
  const post = aPost([platform]);
  world.store.put(world.userId, post);
  world.at(T0 - 3_000);
  world.platform(platform).script(...script);
  return { world, post };
}

export const messageFor = (post: EnginePost, platform: Platform): PublishMessage => ({
  userId: USER,
  postId: post.id,
  targetId: `t-${platform}`,
  version: post.version,
  socialAccountId: `acc-${platform}`,
});
