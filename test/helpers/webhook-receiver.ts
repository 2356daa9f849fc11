import { WebhookWithSecretSchema } from '@shared/webhooks';
import { expect } from 'vitest';
import type { ReceivedWebhook } from '../../local/sandbox/public-web';
import { cloud } from './given';
import { weCallTheApi } from './when';

/**
 * The local public-web stand-in's webhook receiver (docs/webhooks.md#the-local-receiver): it verifies
 * every delivery with the standardwebhooks library against the endpoint's secret, as a customer's
 * server would, and lists what it got.
 */
const web = () => cloud().env.LOCAL_PUBLIC_WEB_ORIGIN!;
let inboxes = 0;

/** A fresh inbox's URL on the receiver. */
export const anInboxUrl = () => `${web()}/webhook-receiver/inbox-${process.pid}-${Date.now()}-${inboxes++}`;

/** An endpoint made through Settings → Webhooks for `url`, with the receiver told its secret. */
export async function aVerifyingEndpoint(ownerToken: string, url: string, events: string[]) {
  const made = await weCallTheApi('POST', '/api/workspace/webhooks', { token: ownerToken, body: { url, events, description: 'Receiver' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const endpoint = WebhookWithSecretSchema.parse(made.body);
  const configured = await fetch(`${url}/config`, { method: 'PUT', body: JSON.stringify({ secret: endpoint.secret }) });
  expect(configured.status).toBe(204);
  return endpoint;
}

export const whatTheReceiverGot = async (url: string) => (await (await fetch(`${url}/received`)).json()) as ReceivedWebhook[];
