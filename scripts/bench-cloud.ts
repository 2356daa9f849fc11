import { DEMO_IDENTITIES, type SandboxPlatform } from '../local/sandbox/apps';
import { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';

/**
 * What the API benchmarks share (bench-posts.ts, bench-analytics.ts, bench-publishing.ts, bench-publish-now.ts): a signed-in
 * user on the local cloud, a connected account, and the DynamoDB requests a call made.
 */

/** The operations sent between two counts, e.g. `Query×2, GetItem×1`; '0' when none. */
export function requestsBetween(before: Readonly<Record<string, number>>, after: Readonly<Record<string, number>>): string {
  return (
    Object.entries(after)
      .map(([op, n]) => [op, n - (before[op] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .map(([op, n]) => `${op}×${n}`)
      .join(', ') || '0'
  );
}

export async function aUser(cloud: { url: string; cognito: { clientId: string; endpoint: string } }) {
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: cloud.cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const email = `bench-${Date.now()}@example.com`;
  const password = 'secret123';
  await cognito.send(
    new SignUpCommand({ ClientId: cloud.cognito.clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  const { messages } = (await (await fetch(`${cloud.url}/_local/inbox/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: { html: string }[] };
  const code = /[?&]code=(\d+)/.exec(messages[0]!.html)![1]!;
  await cognito.send(new ConfirmSignUpCommand({ ClientId: cloud.cognito.clientId, Username: email, ConfirmationCode: code }));
  const auth = await cognito.send(
    new InitiateAuthCommand({ ClientId: cloud.cognito.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const accessToken = auth.AuthenticationResult!.AccessToken!;
  const userId = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
  return { userId, accessToken, email };
}

/** The browser's connect flow: initiate → consent (Allow) → our callback. */
export async function connect(cloud: { url: string }, platform: SandboxPlatform, token: string) {
  const initiated = await fetch(`${cloud.url}/api/accounts/${platform}/oauth/initiate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!initiated.ok) throw new Error(`Connecting ${platform}: initiate → ${initiated.status} ${await initiated.text()}`);
  const { authUrl } = (await initiated.json()) as { authUrl: string };
  // The connect is bound to the browser that started it: send its cookie back, as a browser would.
  const binding = initiated.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const who = DEMO_IDENTITIES[platform][0]!;
  const form = new URLSearchParams({ decision: 'allow', identity: who.id });
  for (const page of who.pages ?? []) form.append('pages', page.id);
  const consent = await fetch(authUrl, { method: 'POST', body: form, redirect: 'manual' });
  const back = await fetch(consent.headers.get('location')!, { redirect: 'manual', headers: binding ? { cookie: binding } : {} });
  if (!new URL(back.headers.get('location')!).searchParams.get('status')) throw new Error(`Connecting ${platform} failed: ${back.headers.get('location')}`);
}

/** A Pro subscription (every platform, 30 posts a month) for one day, written as billing's webhook would. */
export async function aProPlan(tableName: string, userId: string): Promise<void> {
  const { documentClient } = await import('../functions/lib/aws');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { SUBSCRIPTION_SK, workspacePk } = await import('../functions/data/keys');
  await documentClient().send(
    new PutCommand({
      TableName: tableName,
      Item: {
        pk: workspacePk(userId),
        sk: SUBSCRIPTION_SK,
        id: `sub_bench_${userId}`,
        status: 'active',
        product_id: 'prod_sa_pro_monthly',
        current_period_end: new Date(Date.now() + 86_400_000).toISOString(),
        cancel_at_period_end: false,
        created_at: new Date().toISOString(),
      },
    }),
  );
}

/**
 * Bluesky's connect as the popup does it: a fresh account on the local PDS, initiate → the popup's
 * handle step (POST to the callback with the state and this browser's binding cookie) → the PDS's own
 * sign-in and consent (atproto OAuth, driven over HTTP) → its redirect to our callback with the same
 * cookie. Returns the PDS account, to read its records back.
 */
export async function connectBluesky(cloud: { url: string; env: Record<string, string | undefined> }, token: string) {
  const service = cloud.env.BLUESKY_SERVICE_URL;
  if (!service) throw new Error('The local cloud runs without Bluesky: start it with { bluesky: true } (LOCAL_BLUESKY=on)');
  const { AtpAgent } = await import('@atproto/api');
  const { signInAtPds } = await import('../local/bluesky/pds-sign-in');
  const name = `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const agent = new AtpAgent({ service });
  const password = `${name}-account-password`;
  await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.com`, password });
  const initiated = await fetch(`${cloud.url}/api/accounts/bluesky/oauth/initiate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!initiated.ok) throw new Error(`Connecting bluesky: initiate → ${initiated.status} ${await initiated.text()}`);
  const { authUrl } = (await initiated.json()) as { authUrl: string };
  const binding = initiated.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const started = await fetch(`${cloud.url}/api/oauth/bluesky/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(binding ? { cookie: binding } : {}) },
    body: JSON.stringify({ state: new URL(authUrl).searchParams.get('state'), identifier: `${name}.test` }),
  });
  if (!started.ok) throw new Error(`Connecting bluesky: handle step → ${started.status} ${await started.text()}`);
  const { location } = (await started.json()) as { location: string };
  const back = await signInAtPds(location, { username: `${name}.test`, password });
  const done = await fetch(back, { redirect: 'manual', headers: binding ? { cookie: binding } : {} });
  const page = new URL(done.headers.get('location') ?? '', cloud.url);
  if (!page.searchParams.get('status')) throw new Error(`Connecting bluesky failed: ${page.href}`);
  return { agent, did: agent.session!.did };
}
