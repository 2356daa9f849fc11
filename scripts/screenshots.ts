import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { PLANS } from '@shared/plans';
import { WORKSPACE_HEADER } from '@shared/workspaces';
import { SUBSCRIPTION_SK, workspacePk } from '../functions/data/keys';
import { documentClient } from '../functions/lib/aws';
/**
 * npm run screenshots [-- --out DIR] [-- --no-build] [-- --only NAME[,NAME…]]
 *
 * Look-at-it check: starts the local cloud on a free port with a throw-away data dir,
 * signs up a user, connects a Facebook Page from the sandbox, seeds two scheduled posts and a
 * draft, adds a second workspace and an invitation, then saves a PNG of every route (and of the
 * open workspace menu) at 1366×860 and at 375 px
 * wide, in the light and the dark theme. Prints the folder (default /tmp/screenshots).
 *
 * Builds the SPA first (production build, as the e2e suite does); --no-build reuses frontend/dist.
 * --only shoots just the shots whose name begins with one of the NAMEs (`--only
 * settings-webhooks,api-reference` takes the Webhooks tab, with and without its log, and the API
 * reference), in every viewport and theme: a look at a few pages without waiting for all of them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfirmSignUpCommand, CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { chromium, type Page } from 'playwright-core';
import { ulid } from 'ulid';
import type { Platform } from '../shared/platforms';
import { startLocalCloud } from '../local/cloud';
import { DEMO_IDENTITIES, type SandboxPlatform } from '../local/sandbox/apps';
import { SIGNED_IN_ROUTES } from '../test/helpers/routes';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const OUT = path.resolve(outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1]! : '/tmp/screenshots');
const onlyIndex = args.indexOf('--only');
const ONLY = onlyIndex >= 0 ? (args[onlyIndex + 1] ?? '').split(',').filter(Boolean) : [];
/** Whether the shot called `name` is wanted (every shot without --only). */
const wanted = (name: string) => ONLY.length === 0 || ONLY.some((prefix) => name.startsWith(prefix));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'secret123';

const VIEWPORTS = [
  { name: '1366', width: 1366, height: 860 },
  { name: '375', width: 375, height: 812 },
] as const;
const THEMES = ['light', 'dark'] as const;

const PUBLIC_ROUTES: [string, string][] = [
  ['landing', '/'],
  ['sign-in', '/auth'],
  ['sign-up', '/auth?mode=signup'],
  ['verify-email', '/auth/verify?email=someone%40example.com'],
  ['verify-email-set-password', '/auth/verify?email=someone%40example.com&code=123456&password=new'],
  ['forgot-password', '/auth/forgot-password'],
  ['forgot-password-code', '/auth/forgot-password?email=someone%40example.com&code=123456'],
  ['session-ended', '/auth?session=ended'],
  ['about-us', '/about-us'],
  ['privacy-policy', '/privacy-policy'],
  ['terms-of-service', '/terms-of-service'],
  ['contact-us', '/contact-us'],
  ['connections', '/connections?status=success&provider=facebook'],
  ['complete-signup-unknown-payment', '/complete-signup?email=someone%40example.com&session_id=cs_unknown'],
  ['review-invalid', '/review?token=not-a-link'],
];
/** The app shell's pages, as the accessibility test and the bench visit them; each named by its last segment. */
const SIGNED_IN_PAGES: [string, string][] = [...SIGNED_IN_ROUTES, '/home/members'].map((route) => [route.split('/').at(-1)!, route]);

if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
if (!args.includes('--no-build')) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The web build failed');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshots-'));
const cloud = await startLocalCloud({ dataDir, web: 'dist' });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function call(url: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.headers ?? {}) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** Signs up and confirms through the local Cognito and its inbox, as a new user does; returns the e-mail and an access token. */
async function aUser(): Promise<{ email: string; token: string }> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: cloud.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });
  const email = `screens-${ulid().toLowerCase()}@example.com`;
  await cognito.send(
    new SignUpCommand({ ClientId: cloud.cognito.clientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  const { messages } = (await call(`${cloud.url}/_local/inbox/messages?to=${encodeURIComponent(email)}`)) as { messages: { html: string }[] };
  const code = /[?&]code=(\d+)/.exec(messages[0]!.html)![1]!;
  await cognito.send(new ConfirmSignUpCommand({ ClientId: cloud.cognito.clientId, Username: email, ConfirmationCode: code }));
  const auth = await cognito.send(
    new InitiateAuthCommand({ ClientId: cloud.cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: PASSWORD } }),
  );
  return { email, token: auth.AuthenticationResult!.AccessToken! };
}

/** The browser's connect flow against the sandbox: initiate → consent (Allow) → our callback. */
async function connect(platform: SandboxPlatform, token: string) {
  const init = await fetch(`${cloud.url}/api/accounts/${platform}/oauth/initiate`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { authUrl } = (await init.json()) as { authUrl?: string };
  if (!init.ok || !authUrl) throw new Error(`Connecting ${platform} failed: ${init.status}`);
  const binding = init.headers
    .getSetCookie()
    .find((c) => c.startsWith('sa_oauth_binding='))
    ?.split(';')[0];
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const consent = await fetch(authUrl, { method: 'POST', body: form, redirect: 'manual' });
  await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: binding ? { cookie: binding } : {} });
}

async function signIn(page: Page, email: string) {
  await page.goto(`${cloud.url}/auth`);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('auth-submit').click();
  await page.waitForURL('**/home');
}

async function seedPosts(token: string) {
  const { accounts } = (await call(`${cloud.url}/api/accounts`, { token })) as { accounts: { id: string; platform: Platform }[] };
  const facebook = accounts.find((a) => a.platform === 'facebook');
  if (!facebook) throw new Error('The sandbox Facebook Page did not connect');
  const at = (hours: number) => new Date(Math.ceil((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString();
  const target = (account: { id: string; platform: Platform }, caption: string) => ({
    platform: account.platform,
    social_account_id: account.id,
    caption,
    settings: {},
  });
  await call(`${cloud.url}/api/posts`, {
    method: 'POST',
    token,
    json: { scheduled_at: at(26), platforms: [target(facebook, 'Fresh sourdough, out of the oven at 9.')], media_ids: [] },
  });
  await call(`${cloud.url}/api/posts`, {
    method: 'POST',
    token,
    json: { scheduled_at: at(74), platforms: [target(facebook, 'Weekend opening hours: 8 to 4.')], media_ids: [] },
  });
  await call(`${cloud.url}/api/posts`, {
    method: 'POST',
    token,
    json: { scheduled_at: null, platforms: [target(facebook, 'Draft: new rye loaf, photo to come')], media_ids: [] },
  });
}

/**
 * A client with a post scheduled for it and a review link (the public review page is shot with it).
 * Null when this build's API has no review links.
 */
async function seedReviewLink(token: string): Promise<string | null> {
  const client = (await call(`${cloud.url}/api/clients`, { method: 'POST', token, json: { name: 'Bakery Rossi' } })) as { id: string };
  const { accounts } = (await call(`${cloud.url}/api/accounts`, { token })) as { accounts: { id: string; platform: Platform }[] };
  const facebook = accounts.find((a) => a.platform === 'facebook')!;
  await call(`${cloud.url}/api/posts`, {
    method: 'POST',
    token,
    json: {
      scheduled_at: new Date(Math.ceil((Date.now() + 50 * 3_600_000) / 60_000) * 60_000).toISOString(),
      platforms: [{ platform: 'facebook', social_account_id: facebook.id, caption: 'Spring menu: lemon tart and rhubarb buns, from Monday.', settings: {} }],
      media_ids: [],
      client_id: client.id,
    },
  });
  const made = await fetch(`${cloud.url}/api/clients/${client.id}/review-links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!made.ok) {
    console.warn(`No review link (POST /api/clients/{id}/review-links → ${made.status})`);
    return null;
  }
  const { url } = (await made.json()) as { url: string };
  return new URL(url).searchParams.get('token');
}

/**
 * A second workspace (so the switcher lists two) and a pending invitation to an Editor, whose link
 * (read from the local inbox) the invitation page is shot with. Null when this build's API has no
 * invitations yet: those shots are skipped, the rest go on.
 */
async function seedWorkspaces(token: string): Promise<string | null> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${cloud.url}/api/workspaces`, { method: 'POST', headers, body: JSON.stringify({ name: 'Acme Agency' }) });
  if (!created.ok) {
    console.warn(`No second workspace (POST /api/workspaces → ${created.status})`);
    return null;
  }
  // The agency's workspace is on Basic (3 seats), as billing's webhook would store it; the first
  // workspace stays on Free so the other pages show a new user's plan.
  const agency = (await created.json()) as { id: string };
  await documentClient().send(
    new PutCommand({
      TableName: process.env.TABLE_NAME,
      Item: {
        pk: workspacePk(agency.id),
        sk: SUBSCRIPTION_SK,
        type: 'Subscription',
        id: `sub_screens_${agency.id.slice(0, 8)}`,
        status: 'active',
        product_id: PLANS.find((p) => p.id === 'basic')!.productId,
        current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        cancel_at_period_end: false,
        created_at: new Date().toISOString(),
      },
    }),
  );
  const invitee = `invitee-${ulid().toLowerCase()}@example.com`;
  const invited = await fetch(`${cloud.url}/api/workspace/invites`, {
    method: 'POST',
    headers: { ...headers, [WORKSPACE_HEADER]: agency.id },
    body: JSON.stringify({ email: invitee, role: 'editor' }),
  });
  if (!invited.ok) {
    console.warn(`No invitation to shoot (POST /api/workspace/invites → ${invited.status})`);
    return null;
  }
  const { messages } = (await call(`${cloud.url}/_local/inbox/messages?to=${encodeURIComponent(invitee)}`)) as { messages: { html: string }[] };
  return /\/invite\?token=([A-Za-z0-9_-]{43})/.exec(messages[0]?.html ?? '')?.[1] ?? null;
}

/**
 * Two API keys in the first workspace, one of them used once through /v1, so Settings → API keys
 * shows a used and an unused key (the keys themselves are shown only when made).
 */
async function seedApiKeys(token: string): Promise<void> {
  const zapier = (await call(`${cloud.url}/api/workspace/api-keys`, { method: 'POST', token, json: { name: 'Zapier', role: 'editor' } })) as { key: string };
  await call(`${cloud.url}/v1/accounts`, { token: zapier.key });
  const inAYear = new Date(Date.now() + 365 * 24 * 3_600_000).toISOString();
  await call(`${cloud.url}/api/workspace/api-keys`, { method: 'POST', token, json: { name: 'CMS drafts', role: 'contributor', expires_at: inAYear } });
}

/**
 * One webhook endpoint pointing at the local receiver (the one address the SSRF guard lets through
 * locally), with a test event delivered, so Settings → Webhooks shows an endpoint and a log row.
 */
async function seedWebhook(token: string): Promise<void> {
  const web = cloud.env.LOCAL_PUBLIC_WEB_ORIGIN;
  if (!web) {
    console.warn('No webhook to shoot: the local cloud has no public-web stand-in');
    return;
  }
  const inbox = `${web}/webhook-receiver/screenshots-${process.pid}`;
  const made = (await call(`${cloud.url}/api/workspace/webhooks`, {
    method: 'POST',
    token,
    json: { url: inbox, events: ['post.scheduled', 'post.published', 'post.failed'], description: 'CRM sync' },
  })) as { id: string; secret: string };
  await call(`${inbox}/config`, { method: 'PUT', json: { secret: made.secret } });
  await call(`${cloud.url}/api/workspace/webhooks/${made.id}/test`, { method: 'POST', token });
  // The delivery job sends it shortly; wait for the receiver to have it so the log shows a success.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (((await call(`${inbox}/received`)) as unknown[]).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.warn('The test webhook was not delivered within 30 s; the log shows it pending');
}

async function settle(page: Page) {
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

try {
  fs.mkdirSync(OUT, { recursive: true });
  // Seeded through the API before the first page, as the sandbox connect flow would leave it.
  const { email, token } = await aUser();
  // Facebook is in the Free plan a new user has; other platforms show locked by plan, as they would.
  await connect('facebook', token);
  await seedPosts(token);
  await seedApiKeys(token);
  await seedWebhook(token);
  const inviteToken = await seedWorkspaces(token);
  const inviteRoute: [string, string][] = inviteToken ? [['invite', `/invite?token=${inviteToken}`]] : [];
  const reviewToken = await seedReviewLink(token);
  if (reviewToken) inviteRoute.push(['review', `/review?token=${reviewToken}`]);
  let count = 0;
  for (const theme of THEMES) {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      const shoot = async (name: string, route: string) => {
        if (!wanted(name)) return;
        await page.goto(`${cloud.url}${route}`);
        await settle(page);
        const file = path.join(OUT, `${name}-${viewport.name}-${theme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        count += 1;
      };
      for (const [name, route] of [...PUBLIC_ROUTES, ...inviteRoute]) await shoot(name, route);
      await signIn(page, email);
      for (const [name, route] of SIGNED_IN_PAGES) await shoot(name, route);
      await shoot('settings-api-keys', '/home/settings?tab=api-keys');
      await shoot('settings-webhooks', '/home/settings?tab=webhooks');
      if (wanted('settings-webhooks-deliveries')) {
        // The same tab with the endpoint's delivery log open, showing the test event.
        await page.goto(`${cloud.url}/home/settings?tab=webhooks`);
        await settle(page);
        await page.getByRole('button', { name: 'Deliveries' }).first().click();
        await page
          .getByRole('list', { name: /Deliveries/ })
          .waitFor({ timeout: 10_000 })
          .catch(() => undefined);
        // Clicking scrolled the page; a full-page shot taken scrolled draws the sticky top bar mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(OUT, `settings-webhooks-deliveries-${viewport.name}-${theme}.png`), fullPage: true });
        count += 1;
      }
      for (const [name, route] of inviteRoute) await shoot(`${name}-signed-in`, route);
      if (wanted('workspace-switcher')) {
        // The top bar's workspace menu, open.
        await page.goto(`${cloud.url}/home`);
        await settle(page);
        await page.getByTestId('workspace-switcher').click();
        // Shot once the menu's opening animation has finished, not half-faded.
        await page.getByRole('menu').evaluate((menu) => Promise.all(menu.getAnimations({ subtree: true }).map((a) => a.finished)));
        await page.screenshot({ path: path.join(OUT, `workspace-switcher-${viewport.name}-${theme}.png`) });
        count += 1;
      }
      await context.close();
    }
  }
  console.log(`${count} screenshots in ${OUT}`);
} finally {
  await browser.close();
  await cloud.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
