import {
  ConfirmSignUpCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser, anUnconfirmedUser, claimsOf, cloud, cognito, mailsTo, verificationCodeIn } from '../helpers/given';
import { weCallTheApi } from '../helpers/when';

/** The calls Amplify v6 makes that cognito-local lacks, answered by the local shim. */
describe('the local Cognito', () => {
  it('issues tokens for an AWS-shaped user pool id', async () => {
    const user = await aConfirmedUser();

    expect(claimsOf(user.accessToken)).toMatchObject({
      iss: expect.stringMatching(/\/us-east-1_[A-Za-z0-9]+$/),
      client_id: cloud().clientId,
      token_use: 'access',
    });
  });

  it('refreshes a session through GetTokensFromRefreshToken, and the new token opens the API', async () => {
    const user = await aConfirmedUser();

    const { AuthenticationResult } = await cognito().send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cloud().clientId, RefreshToken: user.refreshToken }),
    );

    expect(claimsOf(AuthenticationResult!.AccessToken!).sub).toBe(user.userId);
    const res = await weCallTheApi('GET', '/api/me', { token: AuthenticationResult!.AccessToken! });
    expect(res.status).toBe(200);
  });

  it('tells the SPA to sign in with USER_PASSWORD_AUTH, the one flow it speaks (AWS gets SRP)', async () => {
    const user = await aConfirmedUser();

    const config = (await (await fetch(`${cloud().url}/config.json`)).json()) as { authFlow: string };
    const srp = cognito().send(
      new InitiateAuthCommand({ ClientId: cloud().clientId, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: user.email, SRP_A: 'ab'.repeat(192) } }),
    );

    expect(config.authFlow).toBe('USER_PASSWORD_AUTH');
    await expect(srp).rejects.toThrow();
  });

  it('refuses a refresh token it never issued', async () => {
    await expect(cognito().send(new GetTokensFromRefreshTokenCommand({ ClientId: cloud().clientId, RefreshToken: 'forged' }))).rejects.toThrow();
  });

  it('sends a new verification link on request, and the new code verifies', async () => {
    const { email } = await anUnconfirmedUser();

    await cognito().send(new ResendConfirmationCodeCommand({ ClientId: cloud().clientId, Username: email }));

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const newest = verificationCodeIn(mails[0]!);
    await expect(cognito().send(new ConfirmSignUpCommand({ ClientId: cloud().clientId, Username: email, ConfirmationCode: newest }))).resolves.toBeDefined();
  });

  it('refuses to resend to an address that is already verified', async () => {
    const user = await aConfirmedUser();

    await expect(cognito().send(new ResendConfirmationCodeCommand({ ClientId: cloud().clientId, Username: user.email }))).rejects.toThrow(/already confirmed/);
  });
});
