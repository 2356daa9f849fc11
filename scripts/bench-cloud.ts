import { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';

/** What the API benchmarks share (bench-posts.ts, bench-analytics.ts): a signed-in user on the local cloud, and the DynamoDB requests a call made. */

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
  return { userId, accessToken };
}
