import { describe, expect, it } from 'vitest';
import { checkSendEmail, LOCAL_MAIL_FROM, LOCAL_MAIL_IDENTITY, MAX_MESSAGE_BYTES } from '../../../local/ses';

const send = (html: string) => ({
  FromEmailAddress: LOCAL_MAIL_FROM,
  Destination: { ToAddresses: ['someone@example.com'] },
  Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Html: { Data: html } } } },
});

describe('the local SES message checks', () => {
  it('takes a message up to 40 MB and refuses a larger one as SES does, with MessageRejected', () => {
    // Prepare: the From, recipient and subject count too.
    const overhead = Buffer.byteLength(`${LOCAL_MAIL_FROM}someone@example.comHi`);
    const largest = 'x'.repeat(MAX_MESSAGE_BYTES - overhead);

    // Act
    const accepted = checkSendEmail(send(largest), [LOCAL_MAIL_IDENTITY], 'us-east-1');
    const refused = (() => {
      try {
        return checkSendEmail(send(`${largest}x`), [LOCAL_MAIL_IDENTITY], 'us-east-1');
      } catch (error) {
        return error;
      }
    })();

    // Assess
    expect(accepted.recipients).toEqual(['someone@example.com']);
    expect(refused).toMatchObject({ type: 'MessageRejected', status: 400, message: expect.stringMatching(/^Message length is more than 41943040 bytes long/) });
  });

  it("counts a verified domain for its own and its subdomains' addresses, and an address identity for itself only", () => {
    const from = (address: string, identities: string[]) => () => checkSendEmail({ ...send('<p>Hi</p>'), FromEmailAddress: address }, identities, 'eu-west-1');

    expect(from('a@Mail.Local.Test', ['mail.local.test'])).not.toThrow();
    expect(from('a@sub.mail.local.test', ['mail.local.test'])).not.toThrow();
    expect(from('a@othermail.local.test', ['mail.local.test'])).toThrow(/failed the check in region EU-WEST-1: a@othermail\.local\.test$/);
    expect(from('team@example.com', ['team@example.com'])).not.toThrow();
    expect(from('other@example.com', ['team@example.com'])).toThrow(/not verified/);
  });
});
