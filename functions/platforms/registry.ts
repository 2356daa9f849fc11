import type { Platform } from '@shared/platforms';
import type { AtprotoStores } from './bluesky-oauth';
import { createBlueskyAdapter, type BlueskyAdapter } from './bluesky';
import { createFacebookAdapter, type FacebookAdapter } from './facebook';
import type { PlatformHosts } from './hosts';
import type { AdapterDeps } from './http';
import { createInstagramAdapter } from './instagram';
import { createLinkedInAdapter } from './linkedin';
import { createThreadsAdapter, type ThreadsAdapter } from './threads';
import { createPinterestAdapter, type PinterestAdapter } from './pinterest';
import { createTikTokAdapter, type TikTokAdapter } from './tiktok';
import type { Fetch, OAuthApp, PlatformAdapter } from './types';
import { createXAdapter } from './x';
import { createYouTubeAdapter } from './youtube';

export interface CreateAdapterDeps<P extends Platform> {
  readonly app: OAuthApp;
  /** `hostsFor(platform)` for the real network, `hostsFor(platform, sandboxUrl)` for the sandbox. */
  readonly hosts: PlatformHosts<P>;
  /** @default globalThis.fetch */
  readonly fetch?: Fetch;
  /** @default () => new Date() */
  readonly now?: () => Date;
  /** Bluesky's OAuth stores (functions/platforms/bluesky-oauth.ts). */
  readonly atproto?: AtprotoStores | undefined;
}

/** Facebook's adapter also reads Page details; TikTok's, the creator's posting options; Bluesky's starts its OAuth at the handle the user gives; Threads' reads its publishing limit; Pinterest's lists boards. */
type AdapterFor<P extends Platform> = P extends 'facebook'
  ? FacebookAdapter
  : P extends 'tiktok'
    ? TikTokAdapter
    : P extends 'bluesky'
      ? BlueskyAdapter
      : P extends 'threads'
        ? ThreadsAdapter
        : P extends 'pinterest'
          ? PinterestAdapter
          : PlatformAdapter;

const FACTORIES: { [P in Platform]: (deps: AdapterDeps<P>) => AdapterFor<P> } = {
  instagram: createInstagramAdapter,
  facebook: createFacebookAdapter,
  x: createXAdapter,
  tiktok: createTikTokAdapter,
  youtube: createYouTubeAdapter,
  bluesky: createBlueskyAdapter,
  threads: createThreadsAdapter,
  linkedin: createLinkedInAdapter,
  pinterest: createPinterestAdapter,
};

export function createAdapter<P extends Platform>(platform: P, deps: CreateAdapterDeps<P>): AdapterFor<P> {
  const factory = FACTORIES[platform] as (d: AdapterDeps<P>) => AdapterFor<P>;
  return factory({
    app: deps.app,
    hosts: deps.hosts,
    // Bound lazily so a test's stubbed global fetch is honoured.
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    now: deps.now ?? (() => new Date()),
    ...(deps.atproto ? { atproto: deps.atproto } : {}),
  });
}
