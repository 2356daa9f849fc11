import { PLATFORMS, type Platform } from '@shared/platforms';

/**
 * The networks the sandbox stands in for: all but Bluesky, whose stand-in is Bluesky's own PDS
 * (local/bluesky), not an imitation.
 */
export type SandboxPlatform = Exclude<Platform, 'bluesky'>;
export const SANDBOX_PLATFORMS = PLATFORMS.filter((p): p is SandboxPlatform => p !== 'bluesky');
export const isSandboxPlatform = (p: string): p is SandboxPlatform => (SANDBOX_PLATFORMS as readonly string[]).includes(p);

/** The one registered app per sandbox platform (fixed, so a restart keeps stored tokens usable). */
export const SANDBOX_APPS = {
  x: { clientId: 'sandbox-x-client', clientSecret: 'sandbox-x-secret' },
  facebook: { clientId: '100000000000001', clientSecret: 'sandbox-facebook-secret' },
  instagram: { clientId: '100000000000002', clientSecret: 'sandbox-instagram-secret' },
  tiktok: { clientId: 'sbxtiktokclientkey', clientSecret: 'sandbox-tiktok-secret' },
  youtube: { clientId: 'sandbox-youtube.apps.googleusercontent.com', clientSecret: 'GOCSPX-sandbox-youtube-secret' },
  threads: { clientId: '100000000000003', clientSecret: 'sandbox-threads-secret' },
  linkedin: { clientId: '86sbxlinkedin01', clientSecret: 'sandbox-linkedin-secret' },
  pinterest: { clientId: '1500001', clientSecret: 'sandbox-pinterest-secret' },
} as const satisfies Record<SandboxPlatform, { clientId: string; clientSecret: string }>;

/** The one redirect URI registered for each app. */
export function registeredRedirectUri(publicUrl: string, platform: Platform): string {
  return `${publicUrl}/api/oauth/${platform}/callback`;
}

export interface DemoPage {
  id: string;
  name: string;
  category: string;
}

export interface DemoIdentity {
  id: string;
  name: string;
  username: string;
  /** Facebook: the Pages this person manages. LinkedIn: the organization pages this member is an approved ADMINISTRATOR of. */
  pages?: DemoPage[];
}

/** 2–3 people to sign in as, per platform. */
export const DEMO_IDENTITIES: Record<SandboxPlatform, DemoIdentity[]> = {
  x: [
    { id: '1790000000000000001', name: 'Ada Baker', username: 'ada_bakes' },
    { id: '1790000000000000002', name: 'Corner Café', username: 'cornercafe' },
  ],
  facebook: [
    {
      id: '10200000000000001',
      name: 'Ada Baker',
      username: 'ada.baker',
      pages: [
        { id: '61500000000000001', name: 'Corner Café', category: 'Coffee shop' },
        { id: '61500000000000002', name: 'Ada Bakes', category: 'Bakery' },
        { id: '61500000000000003', name: 'Riverside Market', category: 'Farmers market' },
      ],
    },
    {
      id: '10200000000000002',
      name: 'Ben Ortiz',
      username: 'ben.ortiz',
      pages: [
        { id: '61500000000000011', name: 'Ortiz Cycles', category: 'Bicycle shop' },
        { id: '61500000000000012', name: 'Trail Riders Club', category: 'Sports club' },
      ],
    },
  ],
  instagram: [
    { id: '17840000000000001', name: 'Corner Café', username: 'cornercafe' },
    { id: '17840000000000002', name: 'Ada Bakes', username: 'ada.bakes' },
  ],
  tiktok: [
    { id: '-000sbxOpenIdAdaBakes001', name: 'Ada Bakes', username: 'adabakes' },
    { id: '-000sbxOpenIdCornerCafe02', name: 'Corner Café', username: 'cornercafe' },
  ],
  youtube: [
    { id: 'UCsbx000000000000000ada1', name: 'Ada Bakes', username: '@adabakes' },
    { id: 'UCsbx000000000000000cafe', name: 'Corner Café TV', username: '@cornercafetv' },
  ],
  threads: [
    { id: '27300000000000001', name: 'Corner Café', username: 'cornercafe' },
    { id: '27300000000000002', name: 'Ada Bakes', username: 'ada.bakes' },
  ],
  linkedin: [
    {
      id: 'sbxAdaBaker01',
      name: 'Ada Baker',
      username: 'ada-baker',
      pages: [{ id: '90100001', name: 'Corner Café', category: 'Food and beverage services' }],
    },
    { id: 'sbxBenOrtiz02', name: 'Ben Ortiz', username: 'ben-ortiz' },
  ],
  pinterest: [
    { id: '1090000000000000001', name: 'Corner Café', username: 'cornercafe' },
    { id: '1090000000000000002', name: 'Ada Bakes', username: 'adabakes' },
  ],
};

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
