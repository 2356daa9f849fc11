import { AdminGetUserCommand, InitiateAuthCommand, SignUpCommand, UsernameExistsException } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { aConfirmedUser, claimsOf, cloud, cognito } from '../helpers/given';

/** The deployed pool is case-insensitive (signInCaseSensitive: false); the local one answers the same way. */
describe('the local Cognito finds a user by e-mail whatever its case', () => {
  it('signs a user in with the address typed in capitals', async () => {
    const user = await aConfirmedUser();

    const { AuthenticationResult } = await cognito().send(
      new InitiateAuthCommand({
        ClientId: cloud().clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email.toUpperCase(), PASSWORD: user.password },
      }),
    );

    expect(claimsOf(AuthenticationResult!.AccessToken!).sub).toBe(user.userId);
  });

  it('refuses a second sign-up with the same address in another case, as UsernameExistsException', async () => {
    const user = await aConfirmedUser();

    const again = cognito().send(
      new SignUpCommand({
        ClientId: cloud().clientId,
        Username: user.email.toUpperCase(),
        Password: 'another123',
        UserAttributes: [{ Name: 'email', Value: user.email.toUpperCase() }],
      }),
    );

    await expect(again).rejects.toBeInstanceOf(UsernameExistsException);
  });

  it('answers AdminGetUser for the address in another case with the same user', async () => {
    const user = await aConfirmedUser();

    const found = await cognito().send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: user.email.toUpperCase() }));

    expect(found.UserAttributes?.find((a) => a.Name === 'sub')?.Value).toBe(user.userId);
  });
});
