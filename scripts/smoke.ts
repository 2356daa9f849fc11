/**
 * `npm run smoke -- --url https://<AppUrl> [--table <TableName>]`: a deployed app's smoke test.
 *
 * Anonymous checks: the SPA and its assets load, /config.json is valid, /api/plans answers. Then,
 * as a throw-away user: sign in as the SPA does (per /config.json's authFlow), give the user an
 * account to post to, create a draft, delete it, check it is gone, and delete the user with
 * DELETE /api/account, checking the login is gone too. Cleanup runs even when a check fails.
 *
 * The user is made with Cognito's admin API (AWS credentials allowed to AdminCreateUser,
 * AdminSetUserPassword, AdminGetUser and AdminDeleteUser on the pool): no e-mail goes out. A draft
 * needs a connected account: on the local cloud it is connected through the sandbox platform, as a
 * person would; on AWS (no test identity on the real platforms) a stand-in account row is written
 * to the table named by --table (the stack output TableName) through the data layer.
 * Exit code 0 when every check passed, 1 otherwise.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { RuntimeConfigSchema, type RuntimeConfig } from '../shared/api';
import { srpClient } from './smoke-srp';

export interface SmokeOptions {
  /** The app's origin, e.g. https://d1234.cloudfront.net. */
  readonly url: string;
  /** The app's table (AWS), for the stand-in social account. */
  readonly table?: string;
  readonly log?: (line: string) => void;
}

export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
}

class CheckFailed extends Error {}
const fail = (message: string): never => {
  throw new CheckFailed(message);
};

interface Response {
  status: number;
  text: string;
  json: () => unknown;
  headers: Headers;
}

export async function runSmoke(options: SmokeOptions): Promise<CheckResult[]> {
  const origin = new URL(options.url).origin;
  const log = options.log ?? ((line: string) => console.log(line));
  const results: CheckResult[] = [];

  async function check<T>(name: string, run: () => Promise<T>): Promise<T | undefined> {
    const t0 = Date.now();
    try {
      const value = await run();
      results.push({ name, ok: true, detail: '' });
      log(`  ✓ ${name} (${Date.now() - t0} ms)`);
      return value;
    } catch (error) {
      const detail = error instanceof CheckFailed ? error.message : String((error as Error)?.stack ?? error);
      results.push({ name, ok: false, detail });
      log(`  ✗ ${name}: ${detail}`);
      return undefined;
    }
  }
  const skip = (name: string) => {
    results.push({ name, ok: false, detail: 'skipped: an earlier step failed' });
    log(`  - ${name}: skipped (an earlier step failed)`);
  };

  async function request(method: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const res = await fetch(new URL(path, origin), {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
      headers: {
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(init.body !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return {
      status: res.status,
      text,
      headers: res.headers,
      json: () => {
        try {
          return JSON.parse(text);
        } catch {
          return fail(`${method} ${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
        }
      },
    };
  }
  const expectStatus = (res: Response, expected: number, what: string) => {
    if (res.status !== expected) fail(`${what} answered ${res.status}, expected ${expected}: ${res.text.slice(0, 300)}`);
  };

  log(`Smoke test of ${origin}`);

  await check('the SPA loads (index.html and its scripts and styles)', async () => {
    const res = await request('GET', '/');
    expectStatus(res, 200, 'GET /');
    if (!/text\/html/.test(res.headers.get('content-type') ?? '')) fail(`GET / is ${res.headers.get('content-type')}, not HTML`);
    if (!/<div id="root">/.test(res.text)) fail('GET / has no <div id="root"> to mount the app in');
    const assets = [...res.text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="(\/[^"]+)"/g)].map((m) => m[1]!);
    for (const asset of assets) expectStatus(await request('GET', asset), 200, `GET ${asset}`);
  });

  const config = await check('/config.json loads and is valid', async () => {
    const res = await request('GET', '/config.json');
    expectStatus(res, 200, 'GET /config.json');
    const parsed = RuntimeConfigSchema.safeParse(res.json());
    if (!parsed.success) fail(`/config.json is not a valid runtime config: ${parsed.error.message}`);
    return parsed.data!;
  });
  const api = config?.apiBasePath ?? '/api';

  await check(`${api}/plans answers`, async () => {
    const res = await request('GET', `${api}/plans`);
    expectStatus(res, 200, `GET ${api}/plans`);
    const plans = (res.json() as { plans?: unknown[] }).plans;
    if (!Array.isArray(plans) || plans.length === 0) fail(`GET ${api}/plans lists no plans: ${res.text.slice(0, 200)}`);
  });

  if (!config) {
    for (const name of ['sign in as a throw-away user', 'create a draft', 'delete the draft', 'delete the user']) skip(name);
    return results;
  }

  // Loaded here, after main() has quieted the SDK's Node-version notice.
  const sdk = await import('@aws-sdk/client-cognito-identity-provider');
  const { AdminCreateUserCommand, AdminDeleteUserCommand, AdminSetUserPasswordCommand } = sdk;
  const cognito = cognitoClient(sdk, config);
  const email = `smoke-${randomUUID().slice(0, 8)}@example.com`;
  const password = `${randomBytes(18).toString('base64url')}aA1!`;
  let created = false;
  let deleted = false;
  let token: string | undefined;
  try {
    token = await check(`sign in as a throw-away user (${email})`, async () => {
      await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: config.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: password,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      created = true;
      await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: email, Password: password, Permanent: true }));
      const signedIn = await signIn(sdk, cognito, config, email, password);
      // An admin-made user never confirms a sign-up, so onboarding did not make their first
      // workspace: listing their workspaces does, as the app's first request does for anyone.
      const workspaces = await request('GET', `${api}/workspaces`, { token: signedIn });
      expectStatus(workspaces, 200, `GET ${api}/workspaces`);
      return signedIn;
    });

    const accountId =
      token &&
      (await check('give the user an account to post to', () => anAccountToPostTo(config, token!, { request, expectStatus, table: options.table, origin })));

    const draftId =
      accountId &&
      (await check('create a draft', async () => {
        const res = await request('POST', `${api}/posts`, {
          token,
          body: { platforms: [{ platform: 'facebook', social_account_id: accountId, caption: 'Smoke test draft' }] },
        });
        expectStatus(res, 201, `POST ${api}/posts`);
        const post = res.json() as { id?: string; status?: string };
        if (post.status !== 'draft' || !post.id) fail(`POST ${api}/posts made ${res.text.slice(0, 200)}, not a draft`);
        expectStatus(await request('GET', `${api}/posts/${post.id}`, { token }), 200, `GET ${api}/posts/${post.id}`);
        return post.id!;
      }));

    if (draftId) {
      await check('delete the draft, and it is gone', async () => {
        expectStatus(await request('DELETE', `${api}/posts/${draftId}`, { token }), 204, `DELETE ${api}/posts/${draftId}`);
        expectStatus(await request('GET', `${api}/posts/${draftId}`, { token }), 404, `GET ${api}/posts/${draftId} after its deletion`);
        const drafts = (await request('GET', `${api}/posts?tab=drafts`, { token })).json() as { items?: { id: string }[] };
        if (drafts.items?.some((p) => p.id === draftId)) fail('the deleted draft is still listed under Drafts');
      });
    } else skip('delete the draft, and it is gone');
  } finally {
    if (created) {
      await check('delete the user, and nothing of it is left', async () => {
        if (token) expectStatus(await request('DELETE', `${api}/account`, { token }), 204, `DELETE ${api}/account`);
        if (await userExists(sdk, cognito, config, email)) {
          // Sign-in failed, or DELETE /api/account left the login behind: remove it, and report it.
          await cognito.send(new AdminDeleteUserCommand({ UserPoolId: config.userPoolId, Username: email }));
          fail(
            token
              ? `DELETE ${api}/account left the Cognito user ${email} behind (removed by the smoke test)`
              : `removed the user ${email} by hand: the app could not`,
          );
        }
        deleted = true;
        if (token) expectStatus(await request('GET', `${api}/me`, { token }), 401, `GET ${api}/me with the deleted user's token`);
      });
      if (!deleted) log(`  ! the throw-away user ${email} may be left in ${config.userPoolId}: delete it by hand`);
    } else skip('delete the user, and nothing of it is left');
  }
  return results;
}

type CognitoSdk = typeof import('@aws-sdk/client-cognito-identity-provider');

function cognitoClient({ CognitoIdentityProviderClient }: CognitoSdk, config: RuntimeConfig): CognitoIdentityProviderClient {
  // The local cloud serves Cognito itself (userPoolEndpoint) and takes any credentials.
  return config.userPoolEndpoint
    ? new CognitoIdentityProviderClient({
        region: config.region,
        endpoint: config.userPoolEndpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      })
    : new CognitoIdentityProviderClient({ region: config.region });
}

async function signIn(
  { InitiateAuthCommand, RespondToAuthChallengeCommand }: CognitoSdk,
  cognito: CognitoIdentityProviderClient,
  config: RuntimeConfig,
  email: string,
  password: string,
): Promise<string> {
  if (config.authFlow === 'USER_PASSWORD_AUTH') {
    const auth = await cognito.send(
      new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    return auth.AuthenticationResult?.AccessToken ?? fail(`sign-in answered ${auth.ChallengeName ?? 'no tokens'}`);
  }
  const srp = srpClient();
  const started = await cognito.send(
    new InitiateAuthCommand({ ClientId: config.userPoolClientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: email, SRP_A: srp.A } }),
  );
  if (started.ChallengeName !== 'PASSWORD_VERIFIER') fail(`SRP sign-in answered ${started.ChallengeName ?? 'no challenge'}, not PASSWORD_VERIFIER`);
  const p = started.ChallengeParameters ?? {};
  const auth = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: config.userPoolClientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: started.Session,
      ChallengeResponses: srp.respond({
        userPoolId: config.userPoolId,
        password,
        SRP_B: p.SRP_B!,
        SALT: p.SALT!,
        SECRET_BLOCK: p.SECRET_BLOCK!,
        USER_ID_FOR_SRP: p.USER_ID_FOR_SRP!,
      }),
    }),
  );
  return auth.AuthenticationResult?.AccessToken ?? fail(`SRP sign-in answered ${auth.ChallengeName ?? 'no tokens'}`);
}

async function userExists(
  { AdminGetUserCommand, UserNotFoundException }: CognitoSdk,
  cognito: CognitoIdentityProviderClient,
  config: RuntimeConfig,
  email: string,
): Promise<boolean> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: email }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

interface AccountDeps {
  request: (method: string, path: string, init?: { token?: string; body?: unknown; headers?: Record<string, string> }) => Promise<Response>;
  expectStatus: (res: Response, expected: number, what: string) => void;
  table?: string;
  origin: string;
}

/** A connected Facebook account of the user (Free may post there), by its id. */
async function anAccountToPostTo(config: RuntimeConfig, token: string, deps: AccountDeps): Promise<string> {
  const api = config.apiBasePath;
  if (config.userPoolEndpoint) {
    // The local cloud: connect through the sandbox's consent page, as a person would.
    const { DEMO_IDENTITIES } = await import('../local/sandbox/apps');
    const initiated = await deps.request('POST', `${api}/accounts/facebook/oauth/initiate`, { token });
    deps.expectStatus(initiated, 200, `POST ${api}/accounts/facebook/oauth/initiate`);
    const binding = initiated.headers
      .getSetCookie()
      .find((c) => c.startsWith('sa_oauth_binding='))
      ?.split(';')[0];
    const who = DEMO_IDENTITIES.facebook[0]!;
    const form = new URLSearchParams({ decision: 'allow', identity: who.id });
    for (const page of who.pages ?? []) form.append('pages', page.id);
    const consent = await fetch((initiated.json() as { authUrl: string }).authUrl, { method: 'POST', body: form, redirect: 'manual' });
    if (consent.status !== 302) fail(`the sandbox consent answered ${consent.status}`);
    const callback = await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: binding ? { cookie: binding } : {} });
    if (callback.status !== 302 || /error/.test(callback.headers.get('location') ?? ''))
      fail(`the OAuth callback answered ${callback.status} → ${callback.headers.get('location')}`);
  } else {
    if (!deps.table) fail('on AWS the smoke test needs --table <TableName> (a stack output) to give its user a stand-in account');
    // The data layer reads its settings from the environment, as on Lambda; it never touches media here.
    Object.assign(process.env, {
      TABLE_NAME: deps.table,
      AWS_REGION: process.env.AWS_REGION ?? config.region,
      MEDIA_BUCKET: process.env.MEDIA_BUCKET ?? 'unused-by-the-smoke-test',
    });
    const [{ upsertConnection }, { ulid }] = await Promise.all([import('../functions/data/connections'), import('ulid')]);
    const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
    await upsertConnection(
      sub,
      { platform: 'facebook', account_id: `smoke-${ulid()}`, account_name: 'Smoke test page', picture_url: null },
      ulid(),
      new Date(),
    );
  }
  const listed = await deps.request('GET', `${api}/accounts`, { token });
  deps.expectStatus(listed, 200, `GET ${api}/accounts`);
  const account = (listed.json() as { accounts: { id: string; platform: string; is_connected: boolean }[] }).accounts.find(
    (a) => a.platform === 'facebook' && a.is_connected,
  );
  return account?.id ?? fail(`GET ${api}/accounts lists no connected Facebook account: ${listed.text.slice(0, 200)}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { url: { type: 'string' }, table: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.url) {
    console.log('Usage: npm run smoke -- --url <app URL> [--table <TableName>]\n\nSee docs/deployment.md.');
    process.exit(values.help ? 0 : 2);
  }
  const results = await runSmoke({ url: values.url, table: values.table });
  const failed = results.filter((r) => !r.ok);
  console.log(
    failed.length ? `\nSmoke test FAILED: ${failed.length} of ${results.length} checks did not pass.` : `\nSmoke test passed: ${results.length} checks.`,
  );
  process.exit(failed.length ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  await main();
}
