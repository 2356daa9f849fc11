import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { PLATFORMS, type Platform } from '@shared/platforms';
import { appOrigin } from '../lib/app-origin';
import { secretsClient } from '../lib/aws';
import { env } from '../lib/env';
import { isLocalOrigin, loopbackRedirect } from './loopback';
import { blueskyServiceUrl } from './hosts';
import type { OAuthApp } from './types';

/**
 * Our registered app per platform, from configuration: PLATFORM_CREDENTIALS (JSON) locally, the
 * Secrets Manager secret PLATFORM_CREDENTIALS_SECRET on AWS (same JSON, read once per container).
 * A platform without credentials is "not available" (the UI shows it as coming soon).
 */
const AppCredentialsSchema = z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1) });
const CredentialsSchema = z.record(z.string(), AppCredentialsSchema);
type Credentials = Partial<Record<Platform, z.infer<typeof AppCredentialsSchema>>>;

let credentials: Promise<Credentials> | undefined;

function parseCredentials(json: string, source: string): Credentials {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error(`${source} is not valid JSON`);
  }
  const parsed = CredentialsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${source} must be {platform: {clientId, clientSecret}}`);
  return Object.fromEntries(Object.entries(parsed.data).filter(([p]) => (PLATFORMS as readonly string[]).includes(p)));
}

async function readSecret(secretId: string): Promise<string> {
  const out = await secretsClient().send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!out.SecretString) throw new Error(`Secret ${secretId} has no string value`);
  return out.SecretString;
}

function loadCredentials(): Promise<Credentials> {
  credentials ??= (async () => {
    const { PLATFORM_CREDENTIALS, PLATFORM_CREDENTIALS_SECRET } = env();
    if (PLATFORM_CREDENTIALS) return parseCredentials(PLATFORM_CREDENTIALS, 'PLATFORM_CREDENTIALS');
    if (PLATFORM_CREDENTIALS_SECRET) return parseCredentials(await readSecret(PLATFORM_CREDENTIALS_SECRET), `Secret ${PLATFORM_CREDENTIALS_SECRET}`);
    return {};
  })().catch((error) => {
    credentials = undefined;
    throw error;
  });
  return credentials;
}

/**
 * Our callback for a platform: the one redirect URI registered with its app. Bluesky's on a plain-http
 * origin (the local cloud) names 127.0.0.1, as atproto's loopback client must (bluesky-oauth.ts).
 */
export async function redirectUriFor(platform: Platform): Promise<string> {
  const uri = `${await appOrigin()}/api/oauth/${platform}/callback`;
  return platform === 'bluesky' && isLocalOrigin(uri) ? loopbackRedirect(uri) : uri;
}

/** Our registered app on a platform, or undefined when we have none there. */
export async function configuredApp(platform: Platform): Promise<OAuthApp | undefined> {
  // Bluesky registers no app: atproto OAuth clients publish their own metadata (docs/bluesky.md#connecting).
  // What it needs is the service to sign in at and, for a confidential client, our signing key (the
  // credentials' clientSecret, a private JWK); without the key we are a public client.
  if (platform === 'bluesky') {
    if (!blueskyServiceUrl()) return undefined;
    const key = (await loadCredentials()).bluesky?.clientSecret;
    return { clientId: '', clientSecret: key ?? '', redirectUri: await redirectUriFor(platform) };
  }
  const app = (await loadCredentials())[platform];
  if (!app) return undefined;
  return { ...app, redirectUri: await redirectUriFor(platform) };
}

/** Tests that change the environment between cases call this. */
export function resetPlatformConfigForTests(): void {
  credentials = undefined;
}
