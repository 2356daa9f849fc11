import type { MediaItem, Post, PostTargetView } from '@shared/posts';
import type { PlatformsResponse } from '@shared/entitlements';
import { minimumPlanFor, planAllows, type PlanId } from '@shared/plans';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { vi } from 'vitest';
import type { MeResponse } from '@shared/settings';
import type { Notification } from '@shared/notifications';
import type { ConnectionView } from '@shared/accounts';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters (the route key never includes them). */
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

/** `text`: a body that is not JSON (a CSV export), sent as is with `contentType`. */
type ReplyBody = { status?: number; body?: unknown; text?: string; contentType?: string };
type Reply = ReplyBody | ((call: RecordedCall) => ReplyBody);

/**
 * A fake of our HTTP API behind global fetch. Routes are "METHOD /path" (without /api); unknown
 * routes answer 404 in the API's error shape. Every call is recorded.
 */
export function mockApi(routes: Record<string, Reply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const call: RecordedCall = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(call) : route;
    if (!reply) {
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: `No route ${method} ${path}` } }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const status = reply.status ?? 200;
    if (status === 204) return new Response(null, { status });
    if (reply.text !== undefined) return new Response(reply.text, { status, headers: { 'Content-Type': reply.contentType ?? 'text/plain' } });
    return new Response(JSON.stringify(reply.body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export function meResponse(
  overrides: {
    settings?: Partial<MeResponse['settings']>;
    profile?: Partial<MeResponse['profile']>;
    email?: string;
  } = {},
): MeResponse {
  return {
    userId: 'user-alice',
    email: overrides.email ?? 'alice@example.com',
    settings: { mode: 'creator', timezone: 'Europe/London', push_opt_in: false, onboarding_completed: true, email_approvals: true, ...overrides.settings },
    profile: { username: null, bio: null, website: null, avatar_url: null, ...overrides.profile },
  };
}

export function notification(overrides: Partial<Notification> & { id: string }): Notification {
  return {
    message: 'Your post was published',
    created_at: new Date().toISOString(),
    read: false,
    workspace_id: null,
    workspace_name: null,
    post_id: null,
    ...overrides,
  };
}

/** The calls every /home view makes, with sensible defaults. */
/** GET /api/platforms for a plan; every platform offered unless listed in `unavailable`. */
export function platformsResponse(plan: PlanId = 'pro', unavailable: Platform[] = []): PlatformsResponse {
  return {
    plan,
    platforms: PLATFORMS.map((platform) => ({
      platform,
      available: !unavailable.includes(platform),
      allowed: planAllows(plan, platform),
      required_plan: minimumPlanFor(platform).id,
    })),
  };
}

export function shellRoutes(options: { me?: MeResponse; notifications?: Notification[]; platforms?: PlatformsResponse } = {}): Record<string, Reply> {
  return {
    'GET /platforms': { body: options.platforms ?? platformsResponse() },
    'GET /me': { body: options.me ?? meResponse() },
    'GET /notifications': { body: { items: options.notifications ?? [] } },
    'POST /notifications/read-all': { body: { updated: 0 } },
  };
}

/** A connected account; created_at at noon UTC so its linked date reads the same in every timezone. */
export function socialAccount(overrides: Partial<ConnectionView> & Pick<ConnectionView, 'id' | 'platform'>): ConnectionView {
  return {
    account_id: `${overrides.platform}-${overrides.id.slice(-4)}`,
    account_name: `My ${overrides.platform} account`,
    profile_url: `http://localhost:3000/_sandbox/${overrides.platform}/www/${overrides.id.slice(-4)}`,
    picture_url: null,
    is_connected: true,
    needs_reconnect: false,
    created_at: '2026-03-14T12:00:00.000Z',
    ...overrides,
  };
}

/** A post as the API returns it (frontend fixtures). */
export function postTarget(overrides: Partial<PostTargetView> & Pick<PostTargetView, 'id' | 'platform'>): PostTargetView {
  return {
    social_account_id: `acc-${overrides.id}`,
    account_name: 'bakery',
    account_id: '1234567890',
    profile_url: `http://localhost:3000/_sandbox/${overrides.platform}/www/bakery`,
    caption: 'Fresh bread every morning',
    settings: {},
    status: 'pending',
    post_url: null,
    posted_at: null,
    error_message: null,
    ...overrides,
  };
}

/** The draft the API answers a create with: no targets, made now. */
export function aNewDraft(): Post {
  const now = new Date().toISOString();
  return aPost({ id: '01JQ00000000000000000000P1', scheduled_at: null, status: 'draft', created_at: now, updated_at: now, platforms: [] });
}

export const MEDIA_ID = '01JQ00000000000000000000M1';

/** The cake.png Compose uploads, as the media API answers it (not yet attached to a post). */
export function anUploadedCake(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id: MEDIA_ID,
    post_id: null,
    file_path: 'user-alice/cake.png',
    file_type: 'image/png',
    file_size: 4,
    url: 'https://media-bucket.example/user-alice/cake.png?signed',
    created_at: '2026-03-20T12:00:00.000Z',
    ...overrides,
  };
}

/** A media item as the API returns it inside a post (frontend fixtures): a small JPEG of post p1. */
export function aPostMedia(overrides: Partial<Post['media'][number]> = {}): Post['media'][number] {
  return {
    id: 'm1',
    post_id: 'p1',
    file_path: 'u/1.jpg',
    file_type: 'image/jpeg',
    file_size: 10,
    url: 'https://cdn.example/1.jpg',
    created_at: '2026-01-01T12:00:00.000Z',
    ...overrides,
  };
}

/** A square 1080x1080 photo of post p1, the size Instagram takes. */
export function aSquarePhoto(): Post['media'][number] {
  return aPostMedia({ file_path: 'u/1790000000000-abcdefgh.jpg', file_size: 1200, width: 1080, height: 1080, url: 'http://localhost/m1.jpg' });
}

export function aPost(overrides: Partial<Post> & Pick<Post, 'id'>): Post {
  return {
    title: null,
    scheduled_at: '2030-07-01T10:00:00.000Z',
    published_at: null,
    status: 'scheduled',
    error_message: null,
    youtube_type: null,
    client_id: null,
    version: 1,
    created_at: '2026-01-01T12:00:00.000Z',
    updated_at: '2026-01-01T12:00:00.000Z',
    media: [],
    platforms: [postTarget({ id: `t-${overrides.id}`, platform: 'instagram' })],
    ...overrides,
  };
}
