import type { Platform } from '@shared/platforms';
import { expect } from 'vitest';
import { DEMO_IDENTITIES } from '../../local/sandbox/apps';
import { weCallTheApi } from './when';

/** The connect flow as a browser drives it: initiate → sandbox consent → our callback. */
export async function initiate(platform: string, token: string): Promise<URL> {
  const res = await weCallTheApi('POST', `/api/accounts/${platform}/oauth/initiate`, { token });
  expect(res.status).toBe(200);
  return new URL(res.body.authUrl);
}

/** The consent page's form POST, as the browser sends it; returns the platform's redirect to our callback. */
export async function consent(platform: Platform, authUrl: URL, decision: 'allow' | 'deny' = 'allow'): Promise<string> {
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision, identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const res = await fetch(authUrl, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

/** The browser following the platform's redirect: no bearer token, and we do not follow our own 302. */
export async function followCallback(location: string, headers: Record<string, string> = {}) {
  const res = await fetch(location, { redirect: 'manual', headers });
  const body = await res.text();
  expect(res.status).toBe(302);
  const to = new URL(res.headers.get('location')!);
  return { to, raw: `${res.headers.get('location')} ${body}` };
}

export async function connect(platform: Platform, token: string) {
  const location = await consent(platform, await initiate(platform, token));
  return followCallback(location);
}

