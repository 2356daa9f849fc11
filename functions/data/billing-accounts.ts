import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../lib/aws';
import { env } from '../lib/env';

/**
 * The user directory (Cognito) as signup completion needs it: the account for a paid public
 * checkout is created by the server, its e-mail already proven by the payment's receipt address.
 */
function poolId(): string {
  const id = env().USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not set for this function');
  return id;
}

export async function accountExists(email: string): Promise<boolean> {
  try {
    await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error)?.name === 'UserNotFoundException') return false;
    throw error;
  }
}

export class AccountExistsError extends Error {}

/**
 * Creates a confirmed user with a permanent password and returns its id (`sub`). No invitation
 * mail: the person is on the page and has just chosen the password.
 */
export async function createAccount(email: string, password: string): Promise<string> {
  let sub: string | undefined;
  try {
    const { User } = await cognitoClient().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: email,
        // The temporary password is the chosen one, so the pool's policy is checked before anything exists.
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof UsernameExistsException || (error as Error)?.name === 'UsernameExistsException') throw new AccountExistsError(email);
    throw error;
  }
  if (!sub) throw new Error('Cognito created a user without a sub');
  await cognitoClient().send(new AdminSetUserPasswordCommand({ UserPoolId: poolId(), Username: email, Password: password, Permanent: true }));
  return sub;
}
