import { PLATFORM_LABELS } from '@shared/platforms';
import { DEMO_IDENTITIES, SANDBOX_PLATFORMS, avatarUrl, isSandboxPlatform, findPage, type DemoIdentity, type SandboxPlatform } from './apps';
import type { SandboxContext } from './context';
import { SANDBOX_NETWORKS } from './networks';
import type { Look } from './networks/sandbox-network';
import { postsOf, type PublishedPost } from './publish-store';
import { publicUrls } from './publishing';
import { html, type SandboxResponse } from './router';

/**
 * What each sandbox platform shows as published: a profile page per account listing its posts, and a
 * page per post at the post's public URL (the shapes of docs/platform-apis.md#comparison, on the sandbox host), so a user
 * or a Playwright test can open the URL the app stored.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Each network's look: its sandbox module's (local/sandbox/networks/<network>.ts). */
const LOOKS: Record<SandboxPlatform, Look> = Object.fromEntries(Object.values(SANDBOX_NETWORKS).map((n): [SandboxPlatform, Look] => [n.id, n.look])) as Record<
  SandboxPlatform,
  Look
>;

function page(platform: SandboxPlatform, title: string, body: string): SandboxResponse {
  const l = LOOKS[platform];
  return html(
    200,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · ${esc(l.name)} (sandbox)</title><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{margin:0;background:${l.bg};color:${l.text};font-family:${l.font}} header{padding:14px 24px;border-bottom:1px solid rgba(127,127,127,.25);display:flex;gap:16px;align-items:center}
main{max-width:640px;margin:0 auto;padding:20px} .card{background:${l.card};border:1px solid rgba(127,127,127,.25);border-radius:12px;padding:16px;margin-bottom:14px}
.who{display:flex;gap:10px;align-items:center;margin-bottom:8px} .who img{width:40px;height:40px;border-radius:50%} .muted{color:${l.muted};font-size:13px}
a{color:${l.accent};text-decoration:none} .text{white-space:pre-wrap;word-break:break-word;font-size:15px;line-height:1.45} .media img{max-width:100%;border-radius:8px;margin-top:8px}
.badge{display:inline-block;font-size:12px;border:1px solid rgba(127,127,127,.4);border-radius:999px;padding:1px 8px;margin-left:6px} .sandbox{font-size:12px;color:${l.muted};text-align:center;margin:24px 0}</style></head>
<body><header>${l.logo}<span class="muted">sandbox</span></header><main>${body}<div class="sandbox">Sandbox ${esc(l.name)}. Nothing here is real.</div></main></body></html>`,
  );
}

interface Account {
  id: string;
  name: string;
  handle: string;
  profileUrl: string;
}

function accountsOf(ctx: SandboxContext, platform: SandboxPlatform): Account[] {
  const urls = publicUrls(ctx);
  if (platform === 'linkedin') {
    // Members and the organization pages they administer both post; a post's author is its URN.
    return DEMO_IDENTITIES.linkedin.flatMap((who) => [
      { id: `urn:li:person:${who.id}`, name: who.name, handle: `@${who.username}`, profileUrl: urls.linkedinProfile(who.id) },
      ...(who.pages ?? []).map((p) => ({ id: `urn:li:organization:${p.id}`, name: p.name, handle: p.category, profileUrl: urls.linkedinCompany(p.id) })),
    ]);
  }
  if (platform === 'facebook') {
    return DEMO_IDENTITIES.facebook
      .flatMap((o) => o.pages ?? [])
      .map((p) => ({ id: p.id, name: p.name, handle: p.category, profileUrl: urls.facebookPage(p.id) }));
  }
  return DEMO_IDENTITIES[platform].map((who: DemoIdentity) => ({
    id: who.id,
    name: who.name,
    handle: who.username.startsWith('@') ? who.username : `@${who.username}`,
    profileUrl:
      platform === 'instagram'
        ? urls.instagramProfile(who.username)
        : platform === 'x'
          ? urls.xProfile(who.username)
          : platform === 'tiktok'
            ? urls.tiktokProfile(who.username)
            : platform === 'threads'
              ? urls.threadsProfile(who.username)
              : platform === 'pinterest'
                ? urls.pinterestProfile(who.username)
                : urls.youtubeChannel(who.username),
  }));
}

function account(ctx: SandboxContext, platform: SandboxPlatform, id: string): Account | undefined {
  return accountsOf(ctx, platform).find((a) => a.id === id);
}

function postCard(ctx: SandboxContext, post: PublishedPost, full = false): string {
  const who = isSandboxPlatform(post.platform) ? account(ctx, post.platform, post.accountId) : undefined;
  const when = new Date(post.createdAt).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const images = post.kind === 'image' || post.kind === 'carousel' || post.kind === 'photo' || post.kind === 'photos' ? post.mediaUrls : [];
  const media = images.length
    ? `<div class="media">${images.map((u) => `<img alt="" src="${esc(u)}" loading="lazy">`).join('')}</div>`
    : post.kind === 'text'
      ? ''
      : `<div class="muted">🎬 ${esc(post.kind)}</div>`;
  const badge =
    post.visibility === 'private' ? '<span class="badge">🔒 Only me</span>' : post.visibility === 'inbox' ? '<span class="badge">📥 Draft in inbox</span>' : '';
  const video =
    post.platform === 'facebook' && post.kind === 'video'
      ? ctx.state.publishing.fbVideos[post.ref ?? '']
      : post.platform === 'youtube'
        ? ctx.state.publishing.ytVideos[post.id]
        : undefined;
  const processing =
    video && (video.failed ? '<span class="badge">processing failed</span>' : video.readyAt > ctx.state.now() ? '<span class="badge">processing…</span>' : '');
  return `<article class="card" data-post-id="${esc(post.id)}"><div class="who"><img alt="" src="${esc(avatarUrl(ctx.sandboxUrl, who?.name ?? '?'))}"><div><strong>${esc(who?.name ?? post.accountId)}</strong> <span class="muted">${esc(who?.handle ?? '')}</span>${badge}${processing || ''}<div class="muted">${esc(when)}</div></div></div>
${post.title ? `<h3>${esc(post.title)}</h3>` : ''}<div class="text">${esc(post.text)}</div>${media}
${full ? '' : `<div class="muted"><a href="${esc(post.url)}">Open post</a></div>`}</article>`;
}

function profile(ctx: SandboxContext, platform: SandboxPlatform, acc: Account | undefined): SandboxResponse {
  if (!acc) return { ...page(platform, 'Not found', '<div class="card">Sorry, this page isn\'t available.</div>'), status: 404 };
  const posts = postsOf(ctx.state.publishing, platform, acc.id);
  const list = posts.length ? posts.map((p) => postCard(ctx, p)).join('') : '<div class="card muted">No posts yet.</div>';
  return page(
    platform,
    acc.name,
    `<div class="card"><div class="who"><img alt="" src="${esc(avatarUrl(ctx.sandboxUrl, acc.name))}"><div><h2 style="margin:0">${esc(acc.name)}</h2><span class="muted">${esc(acc.handle)} · ${posts.length} posts</span></div></div></div>${list}`,
  );
}

function single(ctx: SandboxContext, platform: SandboxPlatform, post: PublishedPost | undefined): SandboxResponse {
  if (!post) return { ...page(platform, 'Not found', '<div class="card">Sorry, this post isn\'t available.</div>'), status: 404 };
  return page(platform, post.title ?? post.text.slice(0, 60), postCard(ctx, post, true));
}

export function registerFeeds(ctx: SandboxContext): void {
  const posts = () => ctx.state.publishing.posts;
  const find = (platform: SandboxPlatform, match: (p: PublishedPost) => boolean) => posts().find((p) => p.platform === platform && match(p));
  const byHandle = (platform: SandboxPlatform, handle: string) =>
    accountsOf(ctx, platform).find((a) => a.handle.toLowerCase() === `@${handle.replace(/^@/, '')}`.toLowerCase());
  const on = (platform: SandboxPlatform, path: string, handler: Parameters<SandboxContext['router']['on']>[4]) =>
    ctx.router.on('GET', platform, 'www', path, handler, { faults: false });

  on('instagram', '/p/:shortcode', (req) =>
    single(
      ctx,
      'instagram',
      find('instagram', (p) => p.ref === req.params.shortcode),
    ),
  );
  on('instagram', '/:username', (req) => profile(ctx, 'instagram', byHandle('instagram', req.params.username!)));

  on('facebook', '/:pageId/videos/:videoId', (req) =>
    single(
      ctx,
      'facebook',
      find('facebook', (p) => p.ref === req.params.videoId),
    ),
  );
  on('facebook', '/:id', (req) => {
    const id = req.params.id!;
    if (id.includes('_'))
      return single(
        ctx,
        'facebook',
        find('facebook', (p) => p.id === id),
      );
    const found = findPage(id);
    return profile(ctx, 'facebook', found ? account(ctx, 'facebook', found.page.id) : undefined);
  });

  on('x', '/i/web/status/:id', (req) =>
    single(
      ctx,
      'x',
      find('x', (p) => p.id === req.params.id),
    ),
  );
  on('x', '/:username/status/:id', (req) =>
    single(
      ctx,
      'x',
      find('x', (p) => p.id === req.params.id),
    ),
  );
  on('x', '/:username', (req) => profile(ctx, 'x', byHandle('x', req.params.username!)));

  on('tiktok', '/:handle/video/:id', (req) =>
    single(
      ctx,
      'tiktok',
      find('tiktok', (p) => p.id === req.params.id),
    ),
  );
  on('tiktok', '/:handle', (req) => profile(ctx, 'tiktok', byHandle('tiktok', req.params.handle!)));

  on('youtube', '/watch', (req) =>
    single(
      ctx,
      'youtube',
      find('youtube', (p) => p.id === req.query.get('v')),
    ),
  );
  on('youtube', '/shorts/:id', (req) =>
    single(
      ctx,
      'youtube',
      find('youtube', (p) => p.id === req.params.id),
    ),
  );
  on('threads', '/:handle/post/:code', (req) =>
    single(
      ctx,
      'threads',
      find('threads', (p) => p.ref === req.params.code),
    ),
  );
  on('threads', '/:handle', (req) => profile(ctx, 'threads', byHandle('threads', req.params.handle!)));
  on('linkedin', '/feed/update/:urn/', (req) =>
    single(
      ctx,
      'linkedin',
      find('linkedin', (p) => p.id === req.params.urn),
    ),
  );
  on('linkedin', '/in/:id/', (req) => profile(ctx, 'linkedin', account(ctx, 'linkedin', `urn:li:person:${req.params.id}`)));
  on('linkedin', '/company/:id/', (req) => profile(ctx, 'linkedin', account(ctx, 'linkedin', `urn:li:organization:${req.params.id}`)));

  on('pinterest', '/pin/:id', (req) =>
    single(
      ctx,
      'pinterest',
      find('pinterest', (p) => p.id === req.params.id),
    ),
  );
  on('pinterest', '/:username', (req) => profile(ctx, 'pinterest', byHandle('pinterest', req.params.username!)));

  // Channels by id, the one address every channel has (a connected account knows its id, not always a handle).
  on('youtube', '/channel/:id', (req) => profile(ctx, 'youtube', account(ctx, 'youtube', req.params.id!)));
  on('youtube', '/:handle', (req) => profile(ctx, 'youtube', byHandle('youtube', req.params.handle!)));
}

/** `/_sandbox/feeds`: every platform's accounts, with links to their profile pages. */
export function feedsHub(ctx: SandboxContext): string {
  const sections = SANDBOX_PLATFORMS.map((platform) => {
    const items = accountsOf(ctx, platform)
      .map(
        (a) =>
          `<li><a href="${esc(a.profileUrl)}">${esc(a.name)}</a> <span class="muted">${esc(a.handle)} · ${postsOf(ctx.state.publishing, platform, a.id).length} posts</span></li>`,
      )
      .join('');
    return `<section><h2>${esc(PLATFORM_LABELS[platform])}</h2><ul>${items}</ul></section>`;
  }).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Published · Sandbox platforms</title>
<style>body{font-family:system-ui,sans-serif;background:#0b0d12;color:#e6e8ee;margin:0;padding:32px} main{max-width:900px;margin:0 auto} a{color:#8ab4ff} .muted{color:#9aa3b2;font-size:13px} li{margin:6px 0}</style></head>
<body><main><h1>What the sandbox platforms published</h1>${sections}</main></body></html>`;
}
