import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../lib/aws';
import { env } from '../lib/env';

/**
 * The user directory (Cognito) as signup completion needs it: the account for a paid public
 * checkout is signed up by the server, and its owner proves the e-mail before signing in.
 */
function poolId(): string {
  const id = env().USER_POOL_ID;
  if (!id) throw new Error('USER_POOL_ID is not set for this function');
  return id;
}

/** Client metadata of a checkout-made sign-up (and of its resent codes): its owner sets the password at verification. */
export const CHECKOUT_SIGNUP_METADATA = { signup: 'checkout' } as const;

export async function userExists(email: string): Promise<boolean> {
  try {
    await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }));
    return true;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error)?.name === 'UserNotFoundException') return false;
    throw error;
  }
}

export class UserExistsError extends Error {}

/**
 * Signs the person up as an UNCONFIRMED user with the chosen password and returns its id (`sub`).
 * Cognito sends the verification mail as for any sign-up (CustomMessage_SignUp: the link), and
 * the account cannot sign in until that link is followed: a payment's e-mail is whatever the payer
 * typed on the checkout page, so it proves nothing about who owns the address.
 */
export async function createUser(email: string, password: string): Promise<string> {
  const clientId = env().USER_POOL_CLIENT_ID;
  if (!clientId) throw new Error('USER_POOL_CLIENT_ID is not set for this function');
  try {
    const { UserSub } = await cognitoClient().send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
        // The custom-message trigger reads it: this account's verification link asks for a password.
        ClientMetadata: CHECKOUT_SIGNUP_METADATA,
      }),
    );
    if (!UserSub) throw new Error('Cognito signed a user up without a sub');
    return UserSub;
  } catch (error) {
    if (error instanceof UsernameExistsException || (error as Error)?.name === 'UsernameExistsException') throw new UserExistsError(email);
    throw error;
  }
}

function clientId(): string {
  const id = env().USER_POOL_CLIENT_ID;
  if (!id) throw new Error('USER_POOL_CLIENT_ID is not set for this function');
  return id;
}

/**
 * True when `password` is the user's current password (`username`: the user's name or `sub`).
 * AdminInitiateAuth with ADMIN_USER_PASSWORD_AUTH, as Cognito's own ChangePassword would check it;
 * the tokens it issues are dropped (the caller ends every session right after). Cognito answers a
 * wrong password with NotAuthorizedException, and counts it towards its lockout like a sign-in.
 */
export async function isCurrentPassword(username: string, password: string): Promise<boolean> {
  try {
    await cognitoClient().send(
      new AdminInitiateAuthCommand({
        UserPoolId: poolId(),
        ClientId: clientId(),
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error)?.name === 'NotAuthorizedException') return false;
    throw error;
  }
}

/** Sets a user's password for good (AdminSetUserPassword, Permanent: the user is CONFIRMED, no change forced). */
export async function setPassword(username: string, password: string): Promise<void> {
  await cognitoClient().send(new AdminSetUserPasswordCommand({ UserPoolId: poolId(), Username: username, Password: password, Permanent: true }));
}

/** The user's id (`sub`) by e-mail; null when no user has it. */
export async function userIdByEmail(email: string): Promise<string | null> {
  try {
    const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: poolId(), Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  } catch (error) {
    if ((error as Error)?.name === 'UserNotFoundException') return null;
    throw error;
  }
}

/** Cognito ConfirmSignUp: the mailed code proves the address. Cognito's errors pass through (the caller maps them). */
export async function confirmSignUp(email: string, code: string): Promise<void> {
  await cognitoClient().send(new ConfirmSignUpCommand({ ClientId: clientId(), Username: email, ConfirmationCode: code }));
}
