import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import * as z from 'zod';
import { secretsClient } from './aws';
import { env } from './env';

/**
 * The Stripe client and its secrets. Keys come from env locally (STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET) and from the Secrets Manager secret STRIPE_SECRET_NAME on AWS
 * (`{"secretKey", "webhookSecret"}`, read once per container). On the local cloud the library is
 * pointed at the emulator with its own host/port/protocol options; nothing else differs.
 */
export type StripeApi = {
  checkout: { sessions: Pick<Stripe.Checkout.SessionsResource, 'create' | 'retrieve'> };
  subscriptions: Pick<Stripe.SubscriptionsResource, 'retrieve' | 'update'>;
  webhooks: Pick<Stripe.Webhooks, 'constructEvent'>;
};

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

const SecretSchema = z.object({ secretKey: z.string().min(1), webhookSecret: z.string().min(1) });

let keys: Promise<StripeKeys> | undefined;
let client: Promise<StripeApi> | undefined;

export function stripeKeys(): Promise<StripeKeys> {
  keys ??= (async () => {
    const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_SECRET_NAME } = env();
    if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) return { secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET };
    if (!STRIPE_SECRET_NAME) throw new Error('Stripe is not configured: set STRIPE_SECRET_NAME (AWS) or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (local)');
    const out = await secretsClient().send(new GetSecretValueCommand({ SecretId: STRIPE_SECRET_NAME }));
    const parsed = SecretSchema.safeParse(JSON.parse(out.SecretString ?? 'null'));
    if (!parsed.success) throw new Error(`Secret ${STRIPE_SECRET_NAME} must be {"secretKey", "webhookSecret"}`);
    return parsed.data;
  })().catch((error) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

export function stripe(): Promise<StripeApi> {
  client ??= (async () => {
    const { STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL } = env();
    return new Stripe((await stripeKeys()).secretKey, {
      ...(STRIPE_API_HOST ? { host: STRIPE_API_HOST } : {}),
      ...(STRIPE_API_PORT ? { port: STRIPE_API_PORT } : {}),
      ...(STRIPE_API_PROTOCOL ? { protocol: STRIPE_API_PROTOCOL } : {}),
      // A Lambda has 10 s; the library's default 80 s timeout would outlive it.
      timeout: 8_000,
      maxNetworkRetries: 1,
    }) as StripeApi;
  })().catch((error) => {
    client = undefined;
    throw error;
  });
  return client;
}

const PricesSchema = z.record(z.string().min(1), z.string().min(1));

/** The Stripe price sold for one of our product ids (STRIPE_PRICES), or undefined when none is set. */
export function priceFor(productId: string): string | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(env().STRIPE_PRICES);
  } catch {
    throw new Error('STRIPE_PRICES is not valid JSON');
  }
  const parsed = PricesSchema.safeParse(raw);
  if (!parsed.success) throw new Error('STRIPE_PRICES must be {"<product id>": "<price id>"}');
  return parsed.data[productId];
}

/** Tests that change the environment between cases call this. */
export function resetStripeForTests(): void {
  keys = undefined;
  client = undefined;
}
