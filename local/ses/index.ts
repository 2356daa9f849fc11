import { randomUUID } from 'node:crypto';
import { listenLocal } from '../http-server';
import type { Inbox } from '../inbox';
import type { LocalModule } from '../modules';

/**
 * The local SES: the one call of the API v2 the app makes, SendEmail (`POST /v2/email/outbound-emails`,
 * rest-json, as @aws-sdk/client-sesv2 speaks it), with Simple content. Each recipient's copy lands in
 * the local inbox (local/inbox), where the inbox page and the tests read it.
 *
 * It refuses what SES refuses for that call: a From outside the verified identities, no recipient,
 * more than 50 recipients, a message over 40 MB, a missing subject or body; with SES's error
 * shape (status, `x-amzn-errortype`, `{ "message" }`). The account is taken to be out of the SES
 * sandbox (recipients are not checked). Raw and templated content, attachments, configuration sets
 * and sending quotas are not emulated. Signatures are not checked.
 */

/** The domain the local cloud's SES treats as verified, and the From the functions send with. */
export const LOCAL_MAIL_IDENTITY = 'mail.local.test';
export const LOCAL_MAIL_FROM = `Schedule & Autopost <no-reply@${LOCAL_MAIL_IDENTITY}>`;

/** SES's own limits for one message (https://docs.aws.amazon.com/ses/latest/dg/quotas.html). */
export const MAX_RECIPIENTS = 50;
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

export class SesError extends Error {
  constructor(
    readonly type: 'BadRequestException' | 'MessageRejected' | 'NotFoundException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const badRequest = (message: string) => new SesError('BadRequestException', 400, message);

/** What SendEmail accepted: one delivery per recipient. */
export interface AcceptedMail {
  from: string;
  recipients: string[];
  subject: string;
  html?: string;
  text?: string;
}

interface Content {
  Data?: unknown;
  Charset?: unknown;
}

/** `Name <addr@domain>` or `addr@domain` → the address. */
function addressOf(value: string): string {
  return (/<([^<>]*)>\s*$/.exec(value)?.[1] ?? value).trim();
}

const ADDRESS = /^[^\s@<>(),;:"[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** An address identity covers itself; a domain identity its addresses and its subdomains' (SES's inherited verification). */
function isVerified(address: string, identities: readonly string[]): boolean {
  const lower = address.toLowerCase();
  const domain = lower.slice(lower.lastIndexOf('@') + 1);
  return identities.some((identity) => {
    const id = identity.toLowerCase();
    return id.includes('@') ? id === lower : domain === id || domain.endsWith(`.${id}`);
  });
}

function textOf(part: unknown, field: string): string | undefined {
  if (part === undefined) return undefined;
  const data = (part as Content | null)?.Data;
  if (typeof data !== 'string')
    throw badRequest(`1 validation error detected: Value null at '${field}.data' failed to satisfy constraint: Member must not be null`);
  return data;
}

/**
 * Checks a SendEmail request body as SES does and returns the message to deliver, or throws the
 * SesError SES would answer. The error texts follow SES's where it has a known one (unverified
 * sender, recipient count, message length); the others are in the same style.
 */
export function checkSendEmail(body: Record<string, unknown>, identities: readonly string[], region: string): AcceptedMail {
  const content = body.Content as { Simple?: { Subject?: unknown; Body?: { Html?: unknown; Text?: unknown } }; Raw?: unknown; Template?: unknown } | undefined;
  if (!content || typeof content !== 'object')
    throw badRequest("1 validation error detected: Value null at 'content' failed to satisfy constraint: Member must not be null");
  if (content.Raw !== undefined || content.Template !== undefined) throw badRequest('The local SES sends Simple content only (no Raw or Template).');
  const simple = content.Simple;
  if (!simple) throw badRequest('Content must contain one of Simple, Raw or Template.');
  if (simple.Subject === undefined)
    throw badRequest("1 validation error detected: Value null at 'content.simple.subject' failed to satisfy constraint: Member must not be null");
  const subject = textOf(simple.Subject, 'content.simple.subject')!;
  if (!simple.Body) throw badRequest("1 validation error detected: Value null at 'content.simple.body' failed to satisfy constraint: Member must not be null");
  const html = textOf(simple.Body.Html, 'content.simple.body.html');
  const text = textOf(simple.Body.Text, 'content.simple.body.text');
  if (html === undefined && text === undefined) throw badRequest('The message body must contain Html or Text.');

  const from = body.FromEmailAddress;
  if (typeof from !== 'string' || !from.trim()) throw badRequest('Missing required field FromEmailAddress for Simple content.');
  const fromAddress = addressOf(from);
  if (!ADDRESS.test(fromAddress)) throw badRequest(`Invalid email address ${from}.`);
  if (!isVerified(fromAddress, identities)) {
    const failed = fromAddress === from ? from : `${from}, ${fromAddress}`;
    throw new SesError(
      'MessageRejected',
      400,
      `Email address is not verified. The following identities failed the check in region ${region.toUpperCase()}: ${failed}`,
    );
  }

  const destination = (body.Destination ?? {}) as { ToAddresses?: unknown; CcAddresses?: unknown; BccAddresses?: unknown };
  const lists = [destination.ToAddresses, destination.CcAddresses, destination.BccAddresses].map((list) => (Array.isArray(list) ? (list as unknown[]) : []));
  const recipients = lists.flat().map((r) => (typeof r === 'string' ? r : ''));
  if (recipients.length === 0) throw badRequest('The message must have at least one recipient: set Destination.ToAddresses, CcAddresses or BccAddresses.');
  if (recipients.length > MAX_RECIPIENTS) throw badRequest(`Recipient count exceeds ${MAX_RECIPIENTS}.`);
  for (const recipient of recipients) if (!ADDRESS.test(addressOf(recipient))) throw badRequest(`Invalid email address ${recipient}.`);

  // SES counts the whole MIME message; its headers and the parts' text are most of it.
  const bytes = [from, subject, html ?? '', text ?? '', ...recipients].reduce((sum, part) => sum + Buffer.byteLength(part, 'utf8'), 0);
  if (bytes > MAX_MESSAGE_BYTES) throw new SesError('MessageRejected', 400, `Message length is more than ${MAX_MESSAGE_BYTES} bytes long: '${bytes}'.`);

  return { from, recipients: recipients.map(addressOf), subject, html, text };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SesOptions {
  inbox: Inbox;
  /** Verified identities: domains (`example.com`) or addresses (`me@example.com`). */
  identities: readonly string[];
  region: string;
  port?: number;
  log?: (line: string) => void;
}

export interface LocalSes {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export async function startSes(options: SesOptions): Promise<LocalSes> {
  const log = options.log ?? ((line: string) => console.error(line));
  const server = await listenLocal(options.port, (req, res, raw) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers }).end(JSON.stringify(body));
    const fail = (error: SesError) => send(error.status, { message: error.message }, { 'x-amzn-errortype': error.type });
    try {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (req.method !== 'POST' || path !== '/v2/email/outbound-emails')
        return fail(new SesError('NotFoundException', 404, `The local SES does not serve ${req.method ?? 'GET'} ${path}.`));
      let body: Record<string, unknown>;
      try {
        body = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return fail(badRequest('The request body is not valid JSON.'));
      }
      const mail = checkSendEmail(body, options.identities, options.region);
      // Without an HTML part the inbox page shows the text as it is.
      const html = mail.html ?? `<pre>${escapeHtml(mail.text ?? '')}</pre>`;
      for (const to of mail.recipients)
        options.inbox.deliver(to, mail.subject, html, { from: mail.from, ...(mail.text !== undefined ? { text: mail.text } : {}) });
      send(200, { MessageId: `${Date.now().toString(16)}-${randomUUID()}-000000` });
    } catch (error) {
      if (error instanceof SesError) return fail(error);
      log(`[local ses] ${String((error as Error).stack ?? error)}`);
      send(500, { message: 'Local SES error' }, { 'x-amzn-errortype': 'InternalServiceErrorException' });
    }
  });
  return { endpoint: server.endpoint, stop: () => server.close() };
}

/** SES as a module of the local cloud: the functions send from LOCAL_MAIL_FROM, the one verified identity's address. */
export const sesModule: LocalModule = {
  name: 'SES (local stand-in, into the inbox)',
  async start({ inbox, env }) {
    const ses = await startSes({ inbox, identities: [LOCAL_MAIL_IDENTITY], region: env.AWS_REGION ?? 'us-east-1' });
    return { env: { SES_ENDPOINT: ses.endpoint, MAIL_FROM: LOCAL_MAIL_FROM }, stop: () => ses.stop() };
  },
};
