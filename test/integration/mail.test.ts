import { BadRequestException, MessageRejected, SendEmailCommand, SESv2Client, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '../../functions/lib/env';
import { DependencyError } from '../../functions/lib/errors';
import { MAIL_NOT_SENT, sendMail } from '../../functions/lib/mail';
import { aRandomEmail, cloud, mailsTo } from '../helpers/given';

/** A client of the local SES, as a function's (functions/lib/aws.ts) but free to send what the app never would. */
const ses = () => new SESv2Client({ region: 'us-east-1', endpoint: cloud().env.SES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

const aMessage = (overrides: Partial<SendEmailCommandInput> = {}): SendEmailCommandInput => ({
  FromEmailAddress: cloud().env.MAIL_FROM,
  Destination: { ToAddresses: [aRandomEmail()] },
  Content: { Simple: { Subject: { Data: 'Hello', Charset: 'UTF-8' }, Body: { Text: { Data: 'Hello there', Charset: 'UTF-8' } } } },
  ...overrides,
});

/** What the SDK threw, by SES's error type and message. */
async function refusalOf(input: SendEmailCommandInput) {
  const error = await ses()
    .send(new SendEmailCommand(input))
    .then(
      () => undefined,
      (e: unknown) => e as Error & { $metadata: { httpStatusCode?: number } },
    );
  return error && { type: error.name, status: error.$metadata.httpStatusCode, message: error.message, error };
}

describe('sendMail', () => {
  afterEach(() => {
    process.env.MAIL_FROM = cloud().env.MAIL_FROM;
    resetEnvForTests();
  });

  it('delivers the message from the configured sender to the recipient, HTML and text', async () => {
    // Prepare
    const to = aRandomEmail();

    // Act
    await sendMail({
      to,
      subject: 'You are invited to Acme — join the team',
      html: '<p>Join <a href="https://app.example/i/1">Acme</a></p>',
      text: 'Join Acme: https://app.example/i/1',
    });

    // Assess
    expect(await mailsTo(to)).toEqual([
      expect.objectContaining({
        to,
        from: cloud().env.MAIL_FROM,
        subject: 'You are invited to Acme — join the team',
        html: '<p>Join <a href="https://app.example/i/1">Acme</a></p>',
        text: 'Join Acme: https://app.example/i/1',
      }),
    ]);
  });

  it('answers a plain-language dependency error, and delivers nothing, when SES refuses the sender', async () => {
    // Prepare: a From outside the verified identity, as after a deployment's identity lapsed.
    process.env.MAIL_FROM = 'no-reply@not-verified.example';
    resetEnvForTests();
    const to = aRandomEmail();

    // Act
    const error = await sendMail({ to, subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' }).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(DependencyError);
    expect(error).toMatchObject({ statusCode: 502, message: MAIL_NOT_SENT, cause: expect.any(MessageRejected) });
    expect(await mailsTo(to)).toEqual([]);
  });
});

describe('the local SES refuses what SES refuses', () => {
  it('an unverified sender: MessageRejected, naming the identity that failed', async () => {
    // Act
    const refusal = await refusalOf(aMessage({ FromEmailAddress: 'Someone <someone@not-verified.example>' }));

    // Assess
    expect(refusal?.error).toBeInstanceOf(MessageRejected);
    expect(refusal).toMatchObject({
      status: 400,
      message:
        'Email address is not verified. The following identities failed the check in region US-EAST-1: Someone <someone@not-verified.example>, someone@not-verified.example',
    });
  });

  it('a message without a recipient, or with more than 50: BadRequestException', async () => {
    // Act
    const none = await refusalOf(aMessage({ Destination: undefined }));
    const empty = await refusalOf(aMessage({ Destination: { ToAddresses: [] } }));
    const tooMany = await refusalOf(
      aMessage({ Destination: { ToAddresses: Array.from({ length: 30 }, aRandomEmail), BccAddresses: Array.from({ length: 21 }, aRandomEmail) } }),
    );

    // Assess
    expect(none?.error).toBeInstanceOf(BadRequestException);
    expect(empty?.error).toBeInstanceOf(BadRequestException);
    expect(none).toMatchObject({ status: 400, message: expect.stringMatching(/at least one recipient/) });
    expect(tooMany).toMatchObject({ type: 'BadRequestException', status: 400, message: 'Recipient count exceeds 50.' });
  });

  it('a message without a subject or a body: BadRequestException, nothing delivered', async () => {
    // Prepare
    const to = aRandomEmail();
    const destination = { ToAddresses: [to] };

    // Act
    const noSubject = await refusalOf(
      aMessage({ Destination: destination, Content: { Simple: { Subject: undefined, Body: { Text: { Data: 'Hi' } } } } as never }),
    );
    const noBody = await refusalOf(aMessage({ Destination: destination, Content: { Simple: { Subject: { Data: 'Hi' }, Body: {} } } }));

    // Assess
    expect(noSubject).toMatchObject({ type: 'BadRequestException', status: 400, message: expect.stringMatching(/content\.simple\.subject/) });
    expect(noBody).toMatchObject({ type: 'BadRequestException', status: 400 });
    expect(await mailsTo(to)).toEqual([]);
  });

  it("answers in SES's error shape: the type in x-amzn-errortype, the text as { message }", async () => {
    // Act
    const res = await fetch(`${cloud().env.SES_ENDPOINT}/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aMessage({ FromEmailAddress: 'someone@not-verified.example' })),
    });

    // Assess
    expect({ status: res.status, type: res.headers.get('x-amzn-errortype'), body: await res.json() }).toEqual({
      status: 400,
      type: 'MessageRejected',
      body: { message: 'Email address is not verified. The following identities failed the check in region US-EAST-1: someone@not-verified.example' },
    });
  });
});
