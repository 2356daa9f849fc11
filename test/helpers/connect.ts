import type { Platform } from '@shared/platforms';
import type { SandboxPlatform } from '../../local/sandbox/apps';
import { expect } from 'vitest';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { cloud } from './given';

/**
 * The browser's cookie jar for connects: the binding cookie each initiate set, by the state it
 * belongs to, so `followCallback` sends it back as the browser that started the connect would.
 */
const bindingCookies = new Map<string, string>();

/** The `name=value` part of a connect's binding cookie (what a browser sends back), by its authorize URL. */
export const bindingCookieOf = (authUrl: URL): string | undefined => bindingCookies.get(authUrl.searchParams.get('state') ?? '');

/** The connect flow as a browser drives it: initiate → sandbox consent → our callback. */
export async function initiate(platform: string, token: string): Promise<URL> {
  const res = await fetch(`${cloud().url}/api/accounts/${platform}/oauth/initiate`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { authUrl: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  const authUrl = new URL(body.authUrl);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sa_oauth_binding='));
  if (cookie) bindingCookies.set(authUrl.searchParams.get('state')!, cookie.split(';')[0]!);
  return authUrl;
}

/** A client's browser starting a connect from a connect link (no sign-in); keeps its binding cookie like `initiate`. */
export async function startFromLink(token: string, platform: Platform): Promise<{ status: number; body: Record<string, unknown>; authUrl?: URL }> {
  const res = await fetch(`${cloud().url}/api/connect-links/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, platform }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) return { status: res.status, body };
  const authUrl = new URL(String(body.authUrl));
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sa_oauth_binding='));
  if (cookie) bindingCookies.set(authUrl.searchParams.get('state')!, cookie.split(';')[0]!);
  return { status: res.status, body, authUrl };
}

/** The consent page's form POST, as the browser sends it; returns the platform's redirect to our callback. */
export async function consent(platform: SandboxPlatform, authUrl: URL, decision: 'allow' | 'deny' = 'allow'): Promise<string> {
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision, identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const res = await fetch(authUrl, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

/**
 * The browser following the platform's redirect: no bearer token, and we do not follow our own 302.
 * It is the browser that started the connect (its binding cookie goes along) unless `headers` say
 * otherwise (`{ cookie: '' }`: another browser).
 */
export async function followCallback(location: string, headers: Record<string, string> = {}) {
  const state = new URL(location).searchParams.get('state') ?? '';
  const cookie = bindingCookies.get(state);
  const res = await fetch(location, { redirect: 'manual', headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const body = await res.text();
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location')!);
  return { to, raw: `${res.headers.get('location')} ${body}` };
}

export async function connect(platform: SandboxPlatform, token: string) {
  const location = await consent(platform, await initiate(platform, token));
  return followCallback(location);
}
