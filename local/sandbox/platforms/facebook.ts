import { GRAPH_VERSION } from '../../../functions/platforms/hosts';
import { SANDBOX_APPS, coverUrl, findPage, identity, type DemoPage } from '../apps';
import { registerConsent } from '../consent';
import type { SandboxContext } from '../context';
import { json, type SandboxRequest } from '../router';
import type { TokenRecord } from '../state';
import { readFacebookPost, registerFacebookMetrics } from './facebook-metrics';
import { registerFacebookPublishing } from './facebook-publish';
import { graphError, graphPermissionError, graphTokenError, pick, registerGraphVersionGuard } from './graph';

/** Facebook Login + Pages (docs/platform-apis.md#facebook-auth): short → long-lived user token → Page tokens. */
const SHORT_TTL = 2 * 3600;
const LONG_TTL = 5183944;

export function registerFacebook(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.facebook;
  const v = `/${GRAPH_VERSION}`;
  registerConsent(ctx, {
    platform: 'facebook',
    hostKey: 'www',
    path: `${v}/dialog/oauth`,
    scopeSeparator: /[,\s]+/,
    pages: true,
    denied: { error: 'access_denied', error_code: '200', error_description: 'Permissions error', error_reason: 'user_denied' },
    theme: {
      name: 'Facebook',
      logo: '<span style="font:700 34px/1 Helvetica,Arial,sans-serif;color:#0866ff;letter-spacing:-1px">facebook</span>',
      background: '#f0f2f5',
      card: '#fff',
      text: '#1c1e21',
      muted: '#65676b',
      accent: '#0866ff',
      accentText: '#fff',
      font: 'Helvetica,Arial,sans-serif',
      heading: 'Continue as yourself to {app}?',
      signedInAs: 'Choose your profile and the Pages Schedule & Autopost can use. It will receive:',
    },
    scopeLabels: {
      pages_show_list: 'Show a list of the Pages you manage',
      pages_manage_posts: 'Create and manage content on your Page',
      pages_read_engagement: 'Read content posted on the Page',
      pages_manage_engagement: 'Create, edit and delete comments posted on the Page',
      pages_read_user_content: 'Read user content on your Page',
      read_insights: 'Read Insights of the Pages you manage',
      publish_video: 'Publish video content',
      business_management: 'Manage your business',
    },
  });

  registerFacebookPublishing(ctx);
  registerFacebookMetrics(ctx);

  const tokenFor = (req: SandboxRequest) => ctx.state.check('facebook', req.bearer, ['access', 'page']);

  ctx.router.on('GET', 'facebook', 'graph', `${v}/oauth/access_token`, (req) => {
    const q = req.query;
    if (q.get('client_id') !== app.clientId) return graphError(400, 'Error validating application. Invalid application ID.', 101);
    if (q.get('client_secret') !== app.clientSecret) return graphError(400, 'Error validating client secret.', 1);
    if (q.get('grant_type') === 'fb_exchange_token') {
      const check = ctx.state.check('facebook', q.get('fb_exchange_token'));
      if (!check.ok) return graphTokenError(check);
      const long = ctx.state.issueToken({ ...userGrant(check.record), lifetime: 'long', ttlSeconds: LONG_TTL }, 'EAAS');
      return json(200, { access_token: long.token, token_type: 'bearer', expires_in: LONG_TTL });
    }
    const taken = ctx.state.takeCode('facebook', q.get('code'));
    if (!taken.ok) {
      if (taken.reason === 'used') return graphError(400, 'This authorization code has been used.', 100, { error_subcode: 36009 });
      if (taken.reason === 'expired') return graphError(400, 'This authorization code has expired.', 100, { error_subcode: 36007 });
      return graphError(400, 'Invalid verification code format.', 100, { error_subcode: 36008 });
    }
    const code = taken.record;
    if (q.get('redirect_uri') !== code.redirectUri) {
      return graphError(
        400,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        100,
        { error_subcode: 36008 },
      );
    }
    const short = ctx.state.issueToken(
      {
        platform: 'facebook',
        kind: 'access',
        lifetime: 'short',
        clientId: code.clientId,
        identityId: code.identityId,
        scopes: code.scopes,
        pageIds: code.pageIds ?? [],
        grantId: code.code,
        ttlSeconds: SHORT_TTL,
      },
      'EAAS',
    );
    return json(200, { access_token: short.token, token_type: 'bearer', expires_in: SHORT_TTL });
  });

  ctx.router.on('GET', 'facebook', 'graph', `${v}/me`, (req) => {
    const check = tokenFor(req);
    if (!check.ok) return graphTokenError(check);
    if (check.record.kind === 'page') return json(200, pageInfo(ctx, check.record.pageId!, req.query.get('fields')));
    const who = identity('facebook', check.record.identityId)!;
    return json(200, pick(req.query.get('fields') ?? 'id,name', { id: who.id, name: who.name, picture: picture(ctx, who.name) }));
  });

  ctx.router.on('GET', 'facebook', 'graph', `${v}/me/accounts`, (req) => {
    const check = ctx.state.check('facebook', req.bearer);
    if (!check.ok) return graphTokenError(check);
    // Listing the Pages a person manages needs pages_show_list (Graph reference: User /accounts).
    if (!check.record.scopes.includes('pages_show_list')) return graphPermissionError('pages_show_list');
    const user = check.record;
    const owner = identity('facebook', user.identityId)!;
    const pageTokens = { ...user.pageTokens };
    const data = (owner.pages ?? [])
      .filter((p) => (user.pageIds ?? []).includes(p.id))
      .map((page) => {
        let token = pageTokens[page.id];
        if (!token || !ctx.state.check('facebook', token, ['page']).ok) {
          // A Page token from a long-lived user token never expires; from a short-lived one it lives as long.
          const ttl = user.lifetime === 'long' ? null : Math.max(1, Math.floor(((user.expiresAt ?? ctx.state.now()) - ctx.state.now()) / 1000));
          token = ctx.state.issueToken({ ...userGrant(user), kind: 'page', pageId: page.id, ttlSeconds: ttl }, 'EAAP').token;
          pageTokens[page.id] = token;
        }
        const all: Record<string, unknown> = {
          id: page.id,
          name: page.name,
          category: page.category,
          access_token: token,
          picture: picture(ctx, page.name),
          tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
        };
        return pick(req.query.get('fields') ?? 'id,name,access_token,category,tasks', all);
      });
    ctx.state.update(user, { pageTokens });
    return json(200, { data, paging: { cursors: { before: 'QVFIUmJl', after: 'QVFIUmFm' } } });
  });

  ctx.router.on('GET', 'facebook', 'graph', `${v}/:id`, (req) => {
    const check = tokenFor(req);
    if (!check.ok) return graphTokenError(check);
    const id = req.params.id!;
    const postRead = readFacebookPost(ctx, req, check.record, id);
    if (postRead) return postRead;
    const owned = check.record.kind === 'page' ? ctx.lookupFacebookObject?.(id, req.query.get('fields'), check.record.pageId!) : undefined;
    if (owned) return json(200, owned);
    const found = findPage(id);
    const allowed = check.record.kind === 'page' ? check.record.pageId === id : (check.record.pageIds ?? []).includes(id);
    if (!found || !allowed) {
      return graphError(
        400,
        `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        100,
        { type: 'GraphMethodException', error_subcode: 33 },
      );
    }
    return json(200, pageInfo(ctx, id, req.query.get('fields')));
  });
  registerGraphVersionGuard(ctx, 'facebook', ['graph', 'www']);
}

function userGrant(record: TokenRecord) {
  return {
    platform: 'facebook' as const,
    kind: 'access' as const,
    clientId: record.clientId,
    identityId: record.identityId,
    scopes: record.scopes,
    pageIds: record.pageIds ?? [],
    grantId: record.grantId,
  };
}

function picture(ctx: SandboxContext, name: string) {
  return { data: { height: 50, width: 50, is_silhouette: false, url: `${ctx.sandboxUrl}/avatar.svg?name=${encodeURIComponent(name)}` } };
}

function pageInfo(ctx: SandboxContext, pageId: string, fields: string | null) {
  const page = findPage(pageId)!.page as DemoPage;
  return pick(fields ?? 'id,name', {
    id: page.id,
    name: page.name,
    category: page.category,
    picture: picture(ctx, page.name),
    cover: { cover_id: `${page.id}9`, offset_x: 0, offset_y: 50, source: coverUrl(ctx.sandboxUrl, page.name), id: `${page.id}9` },
    location: { city: 'Springfield', country: 'United States', street: '1 Main Street', zip: '12345' },
    hours: { mon_1_open: '08:00', mon_1_close: '17:00', sat_1_open: '09:00', sat_1_close: '14:00' },
    is_verified: false,
    link: `https://www.facebook.com/${page.id}`,
  });
}
