import { DEMO_IDENTITIES, SANDBOX_APPS, identity as findIdentity, registeredRedirectUri, type DemoIdentity, type SandboxPlatform } from './apps';
import type { SandboxContext } from './context';
import { html, redirect, withParams, type Handler, type SandboxRequest, type SandboxResponse } from './router';
import type { CodeRecord } from './state';

/** How one network's authorize endpoint and consent page look and behave. */
export interface ConsentSpec {
  platform: SandboxPlatform;
  hostKey: string;
  path: string;
  /** The query parameter carrying the client id (`client_key` on TikTok). */
  clientIdParam?: string;
  scopeSeparator: RegExp;
  theme: Theme;
  /** Extra checks on the authorize request (PKCE on X); a message means `invalid_request`. */
  validate?: (req: SandboxRequest) => string | undefined;
  /** Whether the grant gets a refresh token. */
  offline?: (req: SandboxRequest, scopes: string[]) => boolean;
  /** The query parameters added to the redirect when the user says no. */
  denied: Record<string, string>;
  codePrefix?: string;
  /** Facebook: tick the Pages to grant. */
  pages?: boolean;
  /** Human wording for scopes. */
  scopeLabels?: Record<string, string>;
}

export interface Theme {
  name: string;
  /** The logo as text (a wordmark), styled. */
  logo: string;
  background: string;
  card: string;
  text: string;
  muted: string;
  accent: string;
  accentText: string;
  font: string;
  /** "Ada Baker wants to…" style heading: `{app}` is replaced. */
  heading: string;
  signedInAs: string;
}

/** Registers GET (the page) and POST (the decision) for a platform's authorize endpoint. */
export function registerConsent(ctx: SandboxContext, spec: ConsentSpec): void {
  const page: Handler = (req) => {
    const checked = checkRequest(ctx, spec, req.query);
    if ('response' in checked) return checked.response;
    const rq = req.method === 'POST' ? req.form : undefined;
    if (!rq) {
      // A relative action, so the page works whichever host name the browser used.
      const here = new URL(req.url);
      return html(200, renderConsent(spec, checked, `${here.pathname}${here.search}`));
    }
    const decision = rq.get('decision');
    if (decision !== 'allow') return redirect(withParams(checked.redirectUri, { ...spec.denied, state: checked.state }));
    const who = findIdentity(spec.platform, rq.get('identity'));
    if (!who) return html(400, errorPage(spec.theme, 'Choose an account', 'Pick one of the accounts to continue.'));
    let pageIds: string[] | undefined;
    if (spec.pages) {
      const owned = new Set((who.pages ?? []).map((p) => p.id));
      pageIds = rq.getAll('pages').filter((id) => owned.has(id));
    }
    const record: Omit<CodeRecord, 'code' | 'createdAt' | 'expiresAt' | 'used'> = {
      platform: spec.platform,
      clientId: checked.clientId,
      redirectUri: checked.redirectUri,
      scopes: checked.scopes,
      identityId: who.id,
      offline: spec.offline?.(req, checked.scopes) ?? false,
      ...(pageIds ? { pageIds } : {}),
      ...(req.query.get('code_challenge') ? { codeChallenge: req.query.get('code_challenge')! } : {}),
    };
    const code = ctx.state.issueCode(record, spec.codePrefix);
    return redirect(withParams(checked.redirectUri, { code: code.code, state: checked.state }));
  };
  ctx.router.on('GET', spec.platform, spec.hostKey, spec.path, page, { faults: false });
  ctx.router.on('POST', spec.platform, spec.hostKey, spec.path, page, { faults: false });
}

interface CheckedRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
}

function checkRequest(ctx: SandboxContext, spec: ConsentSpec, query: URLSearchParams): CheckedRequest | { response: SandboxResponse } {
  const app = SANDBOX_APPS[spec.platform];
  const clientId = query.get(spec.clientIdParam ?? 'client_id');
  const redirectUri = query.get('redirect_uri');
  if (clientId !== app.clientId) {
    return { response: html(400, errorPage(spec.theme, 'Invalid app', `The app id “${clientId ?? ''}” is not registered (invalid_client).`)) };
  }
  if (redirectUri !== registeredRedirectUri(ctx.publicUrl, spec.platform)) {
    return {
      response: html(
        400,
        errorPage(
          spec.theme,
          'redirect_uri_mismatch',
          `The redirect URI “${redirectUri ?? ''}” is not registered for this app. Registered: ${registeredRedirectUri(ctx.publicUrl, spec.platform)}`,
        ),
      ),
    };
  }
  const state = query.get('state') ?? undefined;
  if (query.get('response_type') !== 'code') {
    return { response: redirect(withParams(redirectUri, { error: 'unsupported_response_type', error_description: 'response_type must be code', state })) };
  }
  const problem = spec.validate?.({ query } as SandboxRequest);
  if (problem) return { response: redirect(withParams(redirectUri, { error: 'invalid_request', error_description: problem, state })) };
  const scopes = (query.get('scope') ?? '').split(spec.scopeSeparator).filter(Boolean);
  return { clientId, redirectUri, scopes, state };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function styles(t: Theme): string {
  return `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:${t.background};color:${t.text};font-family:${t.font}}
 main{background:${t.card};border-radius:14px;box-shadow:0 4px 24px rgba(0,0,0,.15);padding:32px 36px;width:420px;max-width:92vw}
 .logo{margin-bottom:18px} h1{font-size:20px;margin:0 0 8px} p{color:${t.muted};font-size:14px;line-height:1.45}
 ul.scopes{padding-left:18px;font-size:14px;line-height:1.7} .who{display:flex;flex-direction:column;gap:8px;margin:12px 0}
 label.opt{display:flex;gap:10px;align-items:center;border:1px solid rgba(127,127,127,.3);border-radius:10px;padding:10px 12px;cursor:pointer;font-size:14px}
 .pages{margin:4px 0 0 28px;display:flex;flex-direction:column;gap:4px;font-size:13px;color:${t.muted}}
 .buttons{display:flex;gap:12px;margin-top:22px} button{flex:1;border:0;border-radius:999px;padding:11px 0;font-size:15px;font-weight:600;cursor:pointer}
 button.allow{background:${t.accent};color:${t.accentText}} button.deny{background:transparent;color:${t.text};border:1px solid rgba(127,127,127,.5)}
 .sandbox{margin-top:18px;font-size:12px;color:${t.muted};text-align:center}`;
}

function renderConsent(spec: ConsentSpec, checked: CheckedRequest, action: string): string {
  const t = spec.theme;
  const scopes = checked.scopes
    .map((s) => `<li><code>${escapeHtml(s)}</code>${spec.scopeLabels?.[s] ? ` — ${escapeHtml(spec.scopeLabels[s]!)}` : ''}</li>`)
    .join('');
  const people = DEMO_IDENTITIES[spec.platform]
    .map((who: DemoIdentity, i) => {
      const pages = spec.pages
        ? `<div class="pages">${(who.pages ?? [])
            .map(
              (p) =>
                `<label><input type="checkbox" name="pages" value="${escapeHtml(p.id)}" checked> ${escapeHtml(p.name)} <small>(${escapeHtml(p.category)})</small></label>`,
            )
            .join('')}</div>`
        : '';
      return `<div><label class="opt"><input type="radio" name="identity" value="${escapeHtml(who.id)}"${i === 0 ? ' checked' : ''}> <span><strong>${escapeHtml(who.name)}</strong> <span style="color:${t.muted}">${escapeHtml(who.username.startsWith('@') ? who.username : `@${who.username}`)}</span></span></label>${pages}</div>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(t.name)} · Authorize Schedule &amp; Autopost</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${styles(t)}</style></head><body><main>
<div class="logo">${t.logo}</div>
<h1>${escapeHtml(t.heading.replace('{app}', 'Schedule & Autopost'))}</h1>
<p>${escapeHtml(t.signedInAs)}</p>
<form method="post" action="${escapeHtml(action)}">
<div class="who">${people}</div>
<p>Schedule &amp; Autopost is asking for:</p><ul class="scopes">${scopes || '<li>Basic profile information</li>'}</ul>
<div class="buttons"><button class="deny" type="submit" name="decision" value="deny">Cancel</button><button class="allow" type="submit" name="decision" value="allow">Allow</button></div>
</form>
<div class="sandbox">Sandbox ${escapeHtml(t.name)} — nothing here is real.</div>
</main></body></html>`;
}

function errorPage(t: Theme, title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(t.name)} · Error</title><style>${styles(t)}</style></head><body><main>
<div class="logo">${t.logo}</div><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><div class="sandbox">Sandbox ${escapeHtml(t.name)}</div></main></body></html>`;
}
