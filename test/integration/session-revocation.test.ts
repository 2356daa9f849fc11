import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Post } from '@shared/posts';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { updateSettings } from '../../functions/data/users';
import { DELETION_STEPS, defaultUserDeletionDeps, deleteUser } from '../../functions/domain/user-deletion';
import { OTHER_BROWSER_MESSAGE } from '../../functions/domain/connections';
import { SESSION_ENDED_MESSAGE, WRONG_CURRENT_PASSWORD_MESSAGE } from '../../functions/domain/sessions';
import { documentClient } from '../../functions/lib/aws';
import { ROUTES } from '../../functions/routes';
import { signInWithPassword } from '../helpers/billing';
import { bindingCookieOf, connect, consent, followCallback, initiate } from '../helpers/connect';
import { aConfirmedUser, anUnconfirmedUser, claimsOf, cloud, cognito, mailsTo, verificationCodeIn } from '../helpers/given';
import { beforeItIsDue, inTime } from '../helpers/due';
import { sandboxReceiptsFor } from '../helpers/sandbox';
import { aLaterSecondThan, itemsOfUser, thePublishQueueDoneWith, theTestsTimeLeft } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';
import { postSk, workspacePk } from '../../functions/data/keys';

/**
 * A token issued before account deletion, "sign out everywhere" or a password
 * change reads, writes and publishes nothing; an OAuth connect completes only in the browser that
 * started it.
 */
const USER_ROUTES = ROUTES.filter((r) => r.auth === 'user');
const pathOf = (path: string) => path.replace('{platform}', 'facebook').replace(/\{\w+\}/g, ulid());
const accountsOf = async (token: string) => (await weCallTheApi('GET', '/api/accounts', { token })).body.accounts as { id: string; platform: string }[];

describe('a deleted account', () => {
  it(`refuses the old token on every one of the ${USER_ROUTES.length} user routes and writes nothing`, { timeout: 60_000 }, async () => {
    // Prepare
    const user = await aConfirmedUser();
    expect((await weCallTheApi('DELETE', '/api/account', { token: user.accessToken })).status).toBe(204);

    // Act: every user route of the route table, with a body that would otherwise be accepted or at least parsed.
    const answers: [string, number, string][] = [];
    for (const route of USER_ROUTES) {
      const res = await weCallTheApi(route.method, pathOf(route.path), {
        token: user.accessToken,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      answers.push([`${route.method} ${route.path}`, res.status, res.body?.error?.message]);
    }

    // Assess
    for (const [route, status, message] of answers) expect({ route, status, message }).toEqual({ route, status: 401, message: SESSION_ENDED_MESSAGE });
    expect(await itemsOfUser(user.userId)).toEqual([]);
  });

  it('keeps nothing a request admitted just before the deletion writes after the sweep', { timeout: 60_000 }, async () => {
    // Prepare: a request that passed the session check a moment before deletion began is still running.
    const user = await aConfirmedUser();
    await updateSettings(user.userId, { timezone: 'Europe/Rome' }, new Date());
    // The deletion runs here on a clock that stands still: its wait for requests admitted before it
    // (the API functions' timeout) ends when the test says so, not after 3 s of a machine's time.
    let admittedRequestsEnded = () => {};
    const grace = new Promise<void>((resolve) => (admittedRequestsEnded = resolve));
    const began = new Date();
    const deleting = deleteUser(user.userId, { ...defaultUserDeletionDeps, now: () => began, sleep: () => grace });

    // Act: it writes under USER#<id> once the first sweep has emptied the partition, within the grace.
    await vi.waitFor(async () => expect((await itemsOfUser(user.userId)).map((i) => i.sk)).not.toContain('SETTINGS'), {
      timeout: theTestsTimeLeft(),
      interval: 50,
    });
    await updateSettings(user.userId, { timezone: 'Europe/Paris' }, new Date());
    const lateWrite = (await itemsOfUser(user.userId)).map((i) => i.sk);
    admittedRequestsEnded();
    await deleting;

    // Assess
    expect(lateWrite).toContain('SETTINGS');
    expect(await itemsOfUser(user.userId)).toEqual([]);
  });

  it('cannot finish a connect it started before the deletion', { timeout: 60_000 }, async () => {
    // Prepare: the consent is given, the deletion happens before the browser comes back.
    const user = await aConfirmedUser();
    const location = await consent('facebook', await initiate('facebook', user.accessToken));
    expect((await weCallTheApi('DELETE', '/api/account', { token: user.accessToken })).status).toBe(204);

    // Act
    const { to } = await followCallback(location);

    // Assess
    expect(to.searchParams.get('error')).toMatch(/expired or was already used/);
    expect(await itemsOfUser(user.userId)).toEqual([]);
  });

  it('stores no connect whose callback arrives while the deletion is under way', { timeout: 30_000 }, async () => {
    // Prepare: the tombstone is written; the step that removes OAuth states has not run yet.
    const user = await aConfirmedUser();
    const location = await consent('facebook', await initiate('facebook', user.accessToken));
    await DELETION_STEPS[0]![1](user.userId, defaultUserDeletionDeps);

    // Act
    const { to } = await followCallback(location);

    // Assess
    expect(to.searchParams.get('error')).toMatch(/expired or was already used/);
    expect((await itemsOfUser(user.userId)).filter((i) => /^(ACCOUNT|TOKEN|PLATFORMACCOUNT)#/.test(i.sk))).toEqual([]);
  });

  it('publishes nothing once its deletion has begun, even for a delivery already waiting for its second', { timeout: 60_000 }, async () => {
    // Prepare and act: a post due in a few seconds is already queued for its second; deletion's first
    // step (the tombstone) lands before that second, and the rest has not reached the post yet. On a
    // machine slower than the lead, all of it is done again, later, with a fresh user.
    const {
      value: { user, caption, post },
    } = await beforeItIsDue(4, async (dueAt) => {
      const user = await aConfirmedUser();
      await connect('facebook', user.accessToken);
      const [account] = await accountsOf(user.accessToken);
      const caption = `Deleted before its time ${ulid().slice(-8)}`;
      const created = inTime(
        await weCallTheApi('POST', '/api/posts', {
          token: user.accessToken,
          body: {
            scheduled_at: dueAt().toISOString(),
            platforms: [{ platform: 'facebook', social_account_id: account!.id, caption, settings: {} }],
            media_ids: [],
          },
        }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await DELETION_STEPS[0]![1](user.userId, defaultUserDeletionDeps);
      return { user, caption, post: created.body as Post };
    });
    // The post was dispatched inside the create (due within the minute); once the facebook queue holds
    // no message of it, its delivery has run and been deleted, whatever the machine's speed.
    await thePublishQueueDoneWith('facebook', post.id, 45_000);

    // Assess: nothing on the platform, and the post is not recorded as published. (A delivery that
    // took its lease before the deletion began may have marked the target 'publishing'; the
    // deletion's final sweep removes the item.)
    expect(await sandboxReceiptsFor(caption)).toEqual([]);
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: workspacePk(user.userId), sk: postSk(post.id) } }),
    );
    expect(Item?.platforms?.[0]?.status).not.toBe('posted');
    expect(Item?.platforms?.[0]?.post_url ?? null).toBeNull();
    expect(Item?.published_at ?? null).toBeNull();
  });
});

describe('changing the password', () => {
  it('through the app ends every earlier session and refresh, and lets the new password in', { timeout: 30_000 }, async () => {
    // Prepare: two devices signed in.
    const user = await aConfirmedUser();
    const otherDevice = await signInWithPassword(user.email, user.password);
    expect((await weCallTheApi('GET', '/api/me', { token: otherDevice })).status).toBe(200);

    // Act
    const changed = await weCallTheApi('POST', '/api/account/password', {
      token: user.accessToken,
      body: { currentPassword: user.password, newPassword: 'n3w-secret' },
    });
    const changedAt = Date.now();

    // Assess
    expect(changed.status).toBe(204);
    for (const token of [user.accessToken, otherDevice]) {
      const res = await weCallTheApi('GET', '/api/me', { token });
      expect(res).toMatchObject({ status: 401, body: { error: { code: 'SESSION_ENDED', message: SESSION_ENDED_MESSAGE } } });
    }
    await expect(
      cognito().send(
        new InitiateAuthCommand({ ClientId: cloud().clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: user.refreshToken } }),
      ),
    ).rejects.toThrow();
    await expect(signInWithPassword(user.email, user.password)).rejects.toThrow();
    await aLaterSecondThan(changedAt); // token times have one-second precision
    const fresh = await signInWithPassword(user.email, 'n3w-secret');
    expect(claimsOf(fresh).auth_time).toBeGreaterThan(claimsOf(user.accessToken).auth_time as number);
    expect((await weCallTheApi('GET', '/api/me', { token: fresh })).status).toBe(200);
  });

  it('through the app with a wrong current password changes nothing and ends no session', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('POST', '/api/account/password', {
      token: user.accessToken,
      body: { currentPassword: 'not-it', newPassword: 'n3w-secret' },
    });

    expect(res).toMatchObject({ status: 400, body: { error: { code: 'WRONG_PASSWORD', message: WRONG_CURRENT_PASSWORD_MESSAGE } } });
    expect((await weCallTheApi('GET', '/api/me', { token: user.accessToken })).status).toBe(200);
    await expect(signInWithPassword(user.email, 'n3w-secret')).rejects.toThrow();
    expect(await signInWithPassword(user.email, user.password)).toBeTruthy();
  });

  it("is refused by Cognito itself when a client calls ChangePassword with the app's access token, as AWS refuses a token without the self-service scope", async () => {
    // Prepare: a token as the app hands it out (sign-in), and one refreshed from its refresh token.
    const user = await aConfirmedUser();
    const { AuthenticationResult } = await cognito().send(
      new InitiateAuthCommand({ ClientId: cloud().clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: user.refreshToken } }),
    );

    for (const token of [user.accessToken, AuthenticationResult!.AccessToken!]) {
      // Act: one call at a time, each awaited as it is made (a second call in flight would reject with
      // no handler attached while the first is awaited: an unhandled rejection that fails the run).
      const change = () => cognito().send(new ChangePasswordCommand({ AccessToken: token, PreviousPassword: user.password, ProposedPassword: 'n3w-secret' }));
      const remove = () => cognito().send(new DeleteUserCommand({ AccessToken: token }));

      // Assess
      expect(String(claimsOf(token).scope ?? '')).not.toContain('aws.cognito.signin.user.admin');
      await expect(change()).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token does not have required scopes' });
      await expect(remove()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
    await expect(signInWithPassword(user.email, 'n3w-secret')).rejects.toThrow();
    expect((await weCallTheApi('GET', '/api/me', { token: await signInWithPassword(user.email, user.password) })).status).toBe(200);
  });
});

describe('resetting a forgotten password', () => {
  it('mails a reset link with the code, and the reset ends every session of the account', { timeout: 30_000 }, async () => {
    // Prepare: a device that stays signed in (think: a thief's).
    const user = await aConfirmedUser();
    const otherDevice = await signInWithPassword(user.email, user.password);
    expect((await weCallTheApi('GET', '/api/me', { token: otherDevice })).status).toBe(200);

    // Act: the owner asks for a code, takes it from the mail and sets a new password.
    await cognito().send(new ForgotPasswordCommand({ ClientId: cloud().clientId, Username: user.email }));
    const [mail] = await mailsTo(user.email);
    const code = /[?&]code=(\d+)/.exec(mail!.html)?.[1];
    await cognito().send(
      new ConfirmForgotPasswordCommand({ ClientId: cloud().clientId, Username: user.email, ConfirmationCode: code!, Password: 'reset-s3cret' }),
    );
    const resetAt = Date.now();

    // Assess
    expect(mail!.subject).toBe('Reset your Schedule & Autopost password');
    expect(mail!.html).toContain(`/auth/forgot-password?email=${encodeURIComponent(user.email)}&code=${code}`);
    for (const token of [user.accessToken, otherDevice]) {
      expect(await weCallTheApi('GET', '/api/me', { token })).toMatchObject({ status: 401, body: { error: { code: 'SESSION_ENDED' } } });
    }
    await aLaterSecondThan(resetAt); // token times have one-second precision
    expect((await weCallTheApi('GET', '/api/me', { token: await signInWithPassword(user.email, 'reset-s3cret') })).status).toBe(200);
  });

  it('is refused for an account whose address was never verified, which stays unconfirmed', async () => {
    // Prepare: signed up, the verification link not followed.
    const { email, password } = await anUnconfirmedUser();
    const [signUpMail] = await mailsTo(email);

    // Act
    const request = cognito().send(new ForgotPasswordCommand({ ClientId: cloud().clientId, Username: email }));
    // The sign-up code is not a reset code either.
    const confirm = cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: cloud().clientId,
        Username: email,
        ConfirmationCode: verificationCodeIn(signUpMail!),
        Password: 'reset-s3cret',
      }),
    );

    // Assess: as Cognito answers (API_ForgotPassword: no verified e-mail or phone number).
    await expect(request).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: 'Cannot reset password for the user as there is no registered/verified email or phone_number',
    });
    await expect(confirm).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect(await mailsTo(email)).toHaveLength(1);
    await expect(signInWithPassword(email, 'reset-s3cret')).rejects.toThrow();
    await expect(signInWithPassword(email, password)).rejects.toThrow();
  });
});

describe('an OAuth connect bound to the browser that started it', () => {
  it('is refused in another browser (no binding cookie) and stores nothing', async () => {
    // Prepare: A starts a connect and sends the consent link to someone else, who allows it.
    const user = await aConfirmedUser();
    const location = await consent('facebook', await initiate('facebook', user.accessToken));

    // Act: the other browser has no cookie of A's.
    const res = await fetch(location, { redirect: 'manual' });

    // Assess
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe(OTHER_BROWSER_MESSAGE);
    expect(await accountsOf(user.accessToken)).toEqual([]);
    expect((await itemsOfUser(user.userId)).filter((i) => /^(ACCOUNT|TOKEN|PLATFORMACCOUNT)#/.test(i.sk))).toEqual([]);
  });

  it('is refused with another browser binding cookie, and the state is spent', async () => {
    // Prepare: the attacker's own cookie from a connect of their own does not fit A's state.
    const a = await aConfirmedUser();
    const b = await aConfirmedUser();
    const aLocation = await consent('facebook', await initiate('facebook', a.accessToken));
    const bCookie = bindingCookieOf(await initiate('facebook', b.accessToken))!;

    // Act
    const { to } = await followCallback(aLocation, { cookie: bCookie });
    const replay = await followCallback(aLocation);

    // Assess
    expect(to.searchParams.get('error')).toBe(OTHER_BROWSER_MESSAGE);
    expect(replay.to.searchParams.get('error')).toMatch(/expired or was already used/);
    expect(await accountsOf(a.accessToken)).toEqual([]);
  });

  it('completes in the browser that started it, whose cookie is HttpOnly, Lax, scoped to the callback and cleared after use', async () => {
    // Prepare
    const user = await aConfirmedUser();
    const init = await fetch(`${cloud().url}/api/accounts/facebook/oauth/initiate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    const setCookie = init.headers.getSetCookie();
    const authUrl = new URL(((await init.json()) as { authUrl: string }).authUrl);
    const location = await consent('facebook', authUrl);

    // Act
    const res = await fetch(location, { redirect: 'manual', headers: { cookie: setCookie[0]!.split(';')[0]! } });

    // Assess
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^sa_oauth_binding=[\w-]{43}; Path=\/api\/oauth\/facebook\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(new URL(res.headers.get('location')!).searchParams.get('status')).toBe('ok');
    expect(res.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^sa_oauth_binding=; Path=\/api\/oauth\/facebook\/callback; Max-Age=0; HttpOnly; SameSite=Lax$/),
    ]);
    expect((await accountsOf(user.accessToken)).map((a) => a.platform)).toContain('facebook');
  });
});
