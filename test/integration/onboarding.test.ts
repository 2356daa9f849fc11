import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as postConfirmation } from '../../functions/handlers/auth/post-confirmation';
import { resetEnvForTests } from '../../functions/lib/env';
import { aConfirmedUser, anUnconfirmedUser, cloud, mailsTo, verificationCodeIn } from '../helpers/given';
import { itemsOfUser } from '../helpers/then';
import { weCallTheApi } from '../helpers/when';

const aPostConfirmationEvent = (
  sub: string,
  triggerSource: PostConfirmationTriggerEvent['triggerSource'] = 'PostConfirmation_ConfirmSignUp',
): PostConfirmationTriggerEvent => ({
  version: '1',
  region: 'us-east-1',
  userPoolId: 'pool',
  userName: sub,
  triggerSource,
  callerContext: { awsSdkVersion: 'x', clientId: 'c' },
  request: { userAttributes: { sub, email: `${sub}@example.com` } },
  response: {},
});

describe('signing up', () => {
  it('sends a verification mail whose link opens the app on /auth/verify with the e-mail and code', async () => {
    // Prepare / Act
    const { email } = await anUnconfirmedUser();

    // Assess
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Verify your Schedule & Autopost email');
    const link = /href="([^"]+)"/.exec(mail!.html)?.[1];
    expect(link).toBe(`${cloud().url}/auth/verify?email=${encodeURIComponent(email)}&code=${verificationCodeIn(mail!)}`);
    expect(mail!.html).not.toContain('{####}');
  });

  it('creates the settings, profile and default client "My Account" once the e-mail is verified', async () => {
    // Act
    const user = await aConfirmedUser();

    // Assess
    const items = await itemsOfUser(user.userId);
    expect(items.find((i) => i.sk === 'SETTINGS')).toMatchObject({ mode: 'creator', onboarding_completed: true });
    expect(items.find((i) => i.sk === 'PROFILE')).toMatchObject({ email: user.email });
    expect(items.filter((i) => i.sk.startsWith('CLIENT#')).map((i) => i.name)).toEqual(['My Account']);
  });

  it('answers GET /api/me with the new user’s settings and profile', async () => {
    const user = await aConfirmedUser();

    const res = await weCallTheApi('GET', '/api/me', { token: user.accessToken });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: user.userId,
      email: user.email,
      settings: { mode: 'creator', timezone: null, push_opt_in: false, onboarding_completed: true, email_approvals: true },
      profile: { username: null, bio: null, website: null, avatar_url: null },
    });
  });
});

describe('the post-confirmation trigger', () => {
  it('creates nothing twice when Cognito calls it again for the same user', async () => {
    const sub = `retry-${Date.now()}`;

    await postConfirmation(aPostConfirmationEvent(sub));
    await postConfirmation(aPostConfirmationEvent(sub));

    const items = await itemsOfUser(sub);
    expect(items.filter((i) => i.sk.startsWith('CLIENT#'))).toHaveLength(1);
    expect(items.filter((i) => i.sk === 'SETTINGS')).toHaveLength(1);
  });

  it('does not onboard anyone when a password reset is confirmed', async () => {
    const sub = `reset-${Date.now()}`;

    await postConfirmation(aPostConfirmationEvent(sub, 'PostConfirmation_ConfirmForgotPassword'));

    expect(await itemsOfUser(sub)).toEqual([]);
  });

  it('logs a storage failure and still lets the confirmation through (docs/product-rules.md#messages-and-errors)', async () => {
    const sub = `broken-${Date.now()}`;
    const table = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'no-such-table';
    resetEnvForTests();
    try {
      const event = aPostConfirmationEvent(sub);
      await expect(postConfirmation(event)).resolves.toBe(event);
    } finally {
      process.env.TABLE_NAME = table;
      resetEnvForTests();
    }
    expect(await itemsOfUser(sub)).toEqual([]);
  });
});
