import { PLATFORMS, type Platform } from '@shared/platforms';
import { SANDBOX_NETWORKS } from './networks';
import type { DemoIdentity, DemoPage } from './networks/sandbox-network';

/**
 * The networks the sandbox stands in for (local/sandbox/networks/): all but Bluesky, whose stand-in is
 * Bluesky's own PDS (local/bluesky), not an imitation.
 */
export type SandboxPlatform = keyof typeof SANDBOX_NETWORKS;
export const SANDBOX_PLATFORMS = PLATFORMS.filter((p): p is SandboxPlatform => p in SANDBOX_NETWORKS);
export const isSandboxPlatform = (p: string): p is SandboxPlatform => (SANDBOX_PLATFORMS as readonly string[]).includes(p);

/** The one registered app per sandbox platform (fixed, so a restart keeps stored tokens usable). */
export const SANDBOX_APPS = Object.fromEntries(Object.values(SANDBOX_NETWORKS).map((n) => [n.id, n.app])) as {
  readonly [P in SandboxPlatform]: (typeof SANDBOX_NETWORKS)[P]['app'];
};

/** The one redirect URI registered for each app. */
export function registeredRedirectUri(publicUrl: string, platform: Platform): string {
  return `${publicUrl}/api/oauth/${platform}/callback`;
}

export type { DemoIdentity, DemoPage } from './networks/sandbox-network';

/** 2–3 people to sign in as, per platform. */
export const DEMO_IDENTITIES: Record<SandboxPlatform, DemoIdentity[]> = Object.fromEntries(
  Object.values(SANDBOX_NETWORKS).map((n): [SandboxPlatform, DemoIdentity[]] => [n.id, n.identities]),
) as Record<SandboxPlatform, DemoIdentity[]>;

export function identity(platform: SandboxPlatform, id: string | null | undefined): DemoIdentity | undefined {
  return DEMO_IDENTITIES[platform].find((i) => i.id === id);
}

export function findPage(pageId: string): { owner: DemoIdentity; page: DemoPage } | undefined {
  for (const owner of DEMO_IDENTITIES.facebook) {
    const page = owner.pages?.find((p) => p.id === pageId);
    if (page) return { owner, page };
  }
  return undefined;
}

/** A Page's cover photo served by the sandbox: a wide banner in Facebook's 820×312 cover proportions. */
export function coverUrl(sandboxUrl: string, name: string): string {
  return `${sandboxUrl}/cover.svg?name=${encodeURIComponent(name)}`;
}

/** A picture URL served by the sandbox (an SVG monogram). */
export function avatarUrl(sandboxUrl: string, name: string): string {
  return `${sandboxUrl}/avatar.svg?name=${encodeURIComponent(name)}`;
}
