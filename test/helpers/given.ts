import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';

/** Given-steps shared by integration and e2e tests: each test makes its own user and data. */
export const cloud = () => inject('cloud');

export function cognito() {
  return new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: cloud().cognitoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export const aRandomEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

export interface Mail {
  to: string;
  subject: string;
  html: string;
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
  await cognito().send(new SignUpCommand({ ClientId: cloud().clientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
  return { email, password };
}

/** Signs up, confirms through the verification mail (running the real post-confirmation trigger), signs in. */
export async function aConfirmedUser() {
  const { email, password } = await anUnconfirmedUser();
  const [mail] = await mailsTo(email);
  await cognito().send(new ConfirmSignUpCommand({ ClientId: cloud().clientId, Username: email, ConfirmationCode: verificationCodeIn(mail!) }));
  const auth = await cognito().send(
    new InitiateAuthCommand({ ClientId: cloud().clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const accessToken = auth.AuthenticationResult!.AccessToken!;
  return { email, password, userId: claimsOf(accessToken).sub as string, accessToken, refreshToken: auth.AuthenticationResult!.RefreshToken! };
}

export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}
