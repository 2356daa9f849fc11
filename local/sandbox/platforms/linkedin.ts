import { SANDBOX_APPS, avatarUrl, identity } from '../apps';
import { registerConsent } from '../consent';
import type { SandboxContext } from '../context';
import { json, type SandboxRequest, type SandboxResponse } from '../router';
import type { TokenCheck, TokenRecord } from '../state';
import { registerLinkedInPublishing } from './linkedin-publish';

/**
 * LinkedIn sign-in and the calls around it (docs/platforms.md#linkedin): the authorization page on
 * www.linkedin.com/oauth/v2/authorization, code → 60-day access token (+ a 365-day refresh token: the
 * sandbox app stands for one LinkedIn approved for programmatic refresh) on /oauth/v2/accessToken,
 * the member from /v2/userinfo, and the pages they administer from /rest/organizationAcls.
 */
export const LINKEDIN_ACCESS_TTL = 60 * 24 * 3600;
export const LINKEDIN_REFRESH_TTL = 365 * 24 * 3600;
/** How many months LinkedIn serves a `LinkedIn-Version` after its release (about a year). */
export const LINKEDIN_VERSION_MONTHS = 12;

const PERSON = 'urn:li:person:';
const ORGANIZATION = 'urn:li:organization:';

/** LinkedIn's REST error body. */
export const liError = (status: number, message: string, extra: Record<string, unknown> = {}): SandboxResponse => json(status, { status, ...extra, message });

/** RFC 6749 errors from the token endpoint. */
const oauthError = (status: number, error: string, description: string) => json(status, { error, error_description: description });

export function tokenError(check: Extract<TokenCheck, { ok: false }>): SandboxResponse {
  if (check.reason === 'expired') return liError(401, 'The token used in the request has expired', { serviceErrorCode: 65600, code: 'EXPIRED_ACCESS_TOKEN' });
  if (check.reason === 'revoked')
    return liError(401, 'The token used in the request has been revoked by the user', { serviceErrorCode: 65601, code: 'REVOKED_ACCESS_TOKEN' });
  return liError(401, 'Invalid access token', { serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN' });
}

/**
 * Every /rest call: `LinkedIn-Version` present and active (released, and less than a year old on
 * the sandbox clock), `X-Restli-Protocol-Version: 2.0.0`, and a valid token.
 */
export function restGuard(ctx: SandboxContext, req: SandboxRequest): { record: TokenRecord } | { response: SandboxResponse } {
  const version = header(req, 'linkedin-version');
  if (!version)
    return {
      response: liError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', { code: 'VERSION_MISSING' }),
    };
  if (!versionActive(version, ctx.state.now()))
    return { response: liError(426, `Requested version ${version} is not active`, { code: 'NONEXISTENT_VERSION' }) };
  if (header(req, 'x-restli-protocol-version') !== '2.0.0')
    return { response: liError(400, 'The X-Restli-Protocol-Version header must be 2.0.0 for this resource.', { code: 'PROTOCOL_VERSION_MISSING' }) };
  const check = ctx.state.check('linkedin', req.bearer);
  if (!check.ok) return { response: tokenError(check) };
  return { record: check.record };
}

export function versionActive(version: string, nowMs: number): boolean {
  const m = /^(\d{4})(0[1-9]|1[0-2])$/.exec(version);
  if (!m) return false;
  const now = new Date(nowMs);
  const age = now.getUTCFullYear() * 12 + now.getUTCMonth() - (Number(m[1]) * 12 + Number(m[2]) - 1);
  return age >= 0 && age < LINKEDIN_VERSION_MONTHS;
}

const header = (req: SandboxRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The organizations (by id) the token's member is an approved ADMINISTRATOR of. */
export const administered = (record: TokenRecord): string[] => (identity('linkedin', record.identityId)?.pages ?? []).map((p) => p.id);

/** Whether this token's member may act as `author`: themself, or a page they administer. The scope is checked apart (`writeRefusal`). */
function mayActAs(record: TokenRecord, author: string): boolean {
  if (author.startsWith(PERSON)) return author === `${PERSON}${record.identityId}`;
  if (author.startsWith(ORGANIZATION)) return administered(record).includes(author.slice(ORGANIZATION.length));
  return false;
}

/**
 * The permission a write as `author` needs (…/community-management/shares/posts-api, Permissions):
 * w_member_social for the member themself, w_organization_social for a page.
 */
export const writeScopeFor = (author: string): string => (author.startsWith(ORGANIZATION) ? 'w_organization_social' : 'w_member_social');

/**
 * LinkedIn's answer to a token without the permission a resource needs (…/shared/api-guide/concepts/error-handling,
 * 403): `{status, serviceErrorCode: 100, code: ACCESS_DENIED, message}`, the message naming the
 * resource, the method and the version served ("Not enough permissions to access:
 * partnerApiPostsExternal.CREATE.20251101", as LinkedIn words it for a versioned call).
 */
export function accessDenied(req: SandboxRequest, resource: string, detail = ''): SandboxResponse {
  const version = header(req, 'linkedin-version');
  return liError(403, `Not enough permissions to access: ${resource}${version ? `.${version}01` : ''}${detail}`, {
    serviceErrorCode: 100,
    code: 'ACCESS_DENIED',
  });
}

/**
 * Why a write as `author` (a post, a comment, an upload) is refused, or undefined: first a token
 * without the write permission for that kind of author, then an author the member is not, or a page
 * they do not administer (the same 403; that wording is the stand-in's own).
 */
export function writeRefusal(req: SandboxRequest, record: TokenRecord, author: string, resource: string): SandboxResponse | undefined {
  if (!record.scopes.includes(writeScopeFor(author))) return accessDenied(req, resource);
  if (!mayActAs(record, author)) return accessDenied(req, resource, ` as ${author}`);
  return undefined;
}

export function registerLinkedIn(ctx: SandboxContext): void {
  const app = SANDBOX_APPS.linkedin;
  registerConsent(ctx, {
    platform: 'linkedin',
    hostKey: 'www',
    path: '/oauth/v2/authorization',
    scopeSeparator: /[\s,]+/,
    offline: () => true,
    denied: { error: 'user_cancelled_authorize', error_description: 'The user cancelled the authorization' },
    theme: {
      name: 'LinkedIn',
      logo: '<span style="font:700 28px -apple-system,system-ui,sans-serif;color:#0a66c2">Linked<span style="background:#0a66c2;color:#fff;border-radius:4px;padding:0 4px;margin-left:2px">in</span></span>',
      background: '#f4f2ee',
      card: '#fff',
      text: 'rgba(0,0,0,.9)',
      muted: 'rgba(0,0,0,.6)',
      accent: '#0a66c2',
      accentText: '#fff',
      font: '-apple-system,system-ui,"Segoe UI",Roboto,Helvetica,Arial,sans-serif',
      heading: '{app} would like to access your LinkedIn account',
      signedInAs: 'Choose the member to continue as. The app will be able to:',
    },
    scopeLabels: {
      openid: 'Use your name and photo',
      profile: 'Use your name and photo',
      w_member_social: 'Create, modify, and delete posts, comments, and reactions on your behalf',
      w_organization_social: "Create, modify, and delete posts, comments, and reactions on your organization's behalf",
      r_organization_social: "Retrieve your organization's posts, comments, reactions, and other engagement data",
      r_organization_admin: "Retrieve your organization's pages and their reporting data",
    },
  });

  ctx.router.on('POST', 'linkedin', 'www', '/oauth/v2/accessToken', (req) => {
    const f = req.form;
    if (f.get('client_id') !== app.clientId || f.get('client_secret') !== app.clientSecret)
      return oauthError(401, 'invalid_client', 'Client authentication failed');
    const grant = f.get('grant_type');
    if (grant === 'authorization_code') {
      const taken = ctx.state.takeCode('linkedin', f.get('code'));
      if (!taken.ok) return oauthError(400, 'invalid_grant', 'The provided authorization grant or refresh token is invalid, expired or revoked.');
      const code = taken.record;
      if (f.get('redirect_uri') !== code.redirectUri)
        return oauthError(400, 'invalid_redirect_uri', 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code.');
      const grantBase = { platform: 'linkedin' as const, clientId: code.clientId, identityId: code.identityId, scopes: code.scopes, grantId: code.code };
      const access = ctx.state.issueToken({ ...grantBase, kind: 'access', ttlSeconds: LINKEDIN_ACCESS_TTL }, 'AQV');
      const refresh = code.offline ? ctx.state.issueToken({ ...grantBase, kind: 'refresh', ttlSeconds: LINKEDIN_REFRESH_TTL }, 'AQX') : undefined;
      return json(200, {
        access_token: access.token,
        expires_in: LINKEDIN_ACCESS_TTL,
        ...(refresh ? { refresh_token: refresh.token, refresh_token_expires_in: LINKEDIN_REFRESH_TTL } : {}),
        scope: code.scopes.join(','),
        token_type: 'Bearer',
      });
    }
    if (grant === 'refresh_token') {
      const check = ctx.state.check('linkedin', f.get('refresh_token'), ['refresh']);
      if (!check.ok) return oauthError(400, 'invalid_grant', 'The provided authorization grant or refresh token is invalid, expired or revoked.');
      const r = check.record;
      const access = ctx.state.issueToken(
        {
          platform: 'linkedin',
          kind: 'access',
          clientId: r.clientId,
          identityId: r.identityId,
          scopes: r.scopes,
          grantId: r.grantId,
          ttlSeconds: LINKEDIN_ACCESS_TTL,
        },
        'AQV',
      );
      // The refresh token keeps its first lifetime: what is left of the 365 days goes back.
      const left = r.expiresAt === null ? LINKEDIN_REFRESH_TTL : Math.max(0, Math.floor((r.expiresAt - ctx.state.now()) / 1000));
      return json(200, {
        access_token: access.token,
        expires_in: LINKEDIN_ACCESS_TTL,
        refresh_token: r.token,
        refresh_token_expires_in: left,
        scope: r.scopes.join(','),
      });
    }
    return oauthError(400, 'unsupported_grant_type', 'The grant type is not supported');
  });

  ctx.router.on('GET', 'linkedin', 'api', '/v2/userinfo', (req) => {
    const check = ctx.state.check('linkedin', req.bearer);
    if (!check.ok) return tokenError(check);
    if (!check.record.scopes.includes('openid') || !check.record.scopes.includes('profile'))
      return liError(403, 'Not enough permissions to access: userinfo.GET.NO_VERSION', { serviceErrorCode: 100, code: 'ACCESS_DENIED' });
    const who = identity('linkedin', check.record.identityId)!;
    const [given, ...family] = who.name.split(' ');
    return json(200, {
      sub: who.id,
      name: who.name,
      given_name: given,
      family_name: family.join(' '),
      picture: avatarUrl(ctx.sandboxUrl, who.name),
      locale: { country: 'US', language: 'en' },
    });
  });

  ctx.router.on('GET', 'linkedin', 'api', '/rest/organizationAcls', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    const { record } = guard;
    if (req.query.get('q') !== 'roleAssignee') return liError(400, 'Invalid finder: q must be roleAssignee or organization');
    // …/organizations/organization-access-control-by-role, Permissions: either admin scope reads the member's roles.
    if (!record.scopes.includes('r_organization_admin') && !record.scopes.includes('rw_organization_admin'))
      return accessDenied(req, 'organizationAcls.FINDER-roleAssignee');
    const role = req.query.get('role');
    const state = req.query.get('state');
    const elements = administered(record)
      .map((id) => ({ roleAssignee: `${PERSON}${record.identityId}`, role: 'ADMINISTRATOR', state: 'APPROVED', organization: `${ORGANIZATION}${id}` }))
      .filter((e) => (!role || e.role === role) && (!state || e.state === state));
    return json(200, { paging: { start: 0, count: 10, total: elements.length, links: [] }, elements });
  });

  ctx.router.on('GET', 'linkedin', 'api', '/rest/organizations/:id', (req) => {
    const guard = restGuard(ctx, req);
    if ('response' in guard) return guard.response;
    const page = (identity('linkedin', guard.record.identityId)?.pages ?? []).find((p) => p.id === req.params.id);
    if (!page) return liError(403, `Not enough permissions to access: organizations.GET for urn:li:organization:${req.params.id}`, { code: 'ACCESS_DENIED' });
    return json(200, { id: Number(page.id), localizedName: page.name, vanityName: page.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') });
  });

  registerLinkedInPublishing(ctx);
}
