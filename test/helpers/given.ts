import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PLANS, type PlanId } from '@shared/plans';
import { SUBSCRIPTION_SK, workspacePk } from '../../functions/data/keys';
import { documentClient } from '../../functions/lib/aws';
import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';

/** Given-steps shared by integration and e2e tests: each test makes its own user and data. */
export const cloud = () => inject('cloud');

export function cognito() {
  return new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: cloud().cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export const aRandomEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

export interface Mail {
  to: string;
  subject: string;
  html: string;
  /** Set on the app's own e-mails (the local SES), not on Cognito's. */
  from?: string;
  text?: string;
}

export async function mailsTo(email: string): Promise<Mail[]> {
  const res = await fetch(`${cloud().url}/_local/inbox/messages?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

export function verificationCodeIn(mail: Mail): string {
  const code = /[?&]code=(\d+)/.exec(mail.html)?.[1];
  if (!code) throw new Error(`No verification link in: ${mail.html}`);
  return code;
}

export async function anUnconfirmedUser(email = aRandomEmail(), password = 'secret123') {
  await cognito().send(
    new SignUpCommand({ ClientId: cloud().clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  return { email, password };
}

/**
 * Gives the user a live subscription to `plan`, as billing's webhook would store it (pk WS#<id>,
 * sk SUBSCRIPTION). Free removes it.
 */
export async function aSubscription(userId: string, plan: PlanId, overrides: Record<string, unknown> = {}) {
  const key = { pk: workspacePk(userId), sk: SUBSCRIPTION_SK };
  const productId = PLANS.find((p) => p.id === plan)?.productId;
  if (!productId) {
    await documentClient().send(new DeleteCommand({ TableName: process.env.TABLE_NAME, Key: key }));
    return;
  }
  const now = Date.now();
  await documentClient().send(
    new PutCommand({
      TableName: process.env.TABLE_NAME,
      Item: {
        ...key,
        type: 'Subscription',
        id: `sub_test_${userId.slice(0, 8)}`,
        status: 'active',
        product_id: productId,
        current_period_end: new Date(now + 30 * 86_400_000).toISOString(),
        cancel_at_period_end: false,
        created_at: new Date(now).toISOString(),
        ...overrides,
      },
    }),
  );
}

/**
 * Signs up, confirms through the verification mail (running the real post-confirmation trigger),
 * signs in. With `plan`, the user also has a live subscription to it (default: none, i.e. Free).
 */
export async function aConfirmedUser(options: { plan?: PlanId; email?: string } = {}) {
  const { email, password } = await anUnconfirmedUser(options.email);
  const [mail] = await mailsTo(email);
  await cognito().send(new ConfirmSignUpCommand({ ClientId: cloud().clientId, Username: email, ConfirmationCode: verificationCodeIn(mail!) }));
  const auth = await cognito().send(
    new InitiateAuthCommand({ ClientId: cloud().clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const accessToken = auth.AuthenticationResult!.AccessToken!;
  if (options.plan && options.plan !== 'free') await aSubscription(claimsOf(accessToken).sub as string, options.plan);
  return { email, password, userId: claimsOf(accessToken).sub as string, accessToken, refreshToken: auth.AuthenticationResult!.RefreshToken! };
}

export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}
