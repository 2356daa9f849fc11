import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formatPrice } from '@shared/plans';
import type { LocalModule } from '../modules';
import { asList, asRecord, asString, decodeForm, type FormValue } from './form';
import {
  LOCAL_PRICES,
  LOCAL_PROMOTION_CODES,
  StripeWorld,
  stripeId,
  type LocalInvoice,
  type LocalSession,
  type StoredEvent,
  type StripeEvent,
  type StripeObject,
} from './state';

/**
 * The local Stripe (docs/local-cloud.md#what-each-one-enforces-and-where-it-differs-from-aws): the API endpoints the `stripe` library calls for billing, on their
 * own port (the app's client is pointed here with the library's host/port/protocol options), plus,
 * behind the front door at /_local/stripe, the hosted checkout page and a control API for tests.
 * Webhooks go to the app's real endpoint, signed with Stripe's scheme (`t=…,v1=…`).
 */
export const STRIPE_PREFIX = '/_local/stripe';
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_schedule_autopost';
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_schedule_autopost';

/** Stripe's signature header: HMAC-SHA256 over `${t}.${payload}` with the endpoint secret. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;
}

export function createLocalStripe(options: { publicUrl: string; dataDir?: string; webhookSecret?: string; secretKey?: string }) {
  const world = new StripeWorld(options.dataDir ? path.join(options.dataDir, 'stripe.json') : undefined);
  const secret = options.webhookSecret ?? LOCAL_WEBHOOK_SECRET;
  const apiKey = options.secretKey ?? LOCAL_STRIPE_SECRET_KEY;
  const webhookUrl = `${options.publicUrl}/api/stripe/webhook`;
  let hold = false;

  async function deliver(stored: StoredEvent): Promise<number> {
    const payload = JSON.stringify(stored.event, null, 2);
    let status: number;
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(payload, secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    world.recordDelivery(stored.event.id, status);
    return status;
  }

  /** Sends new events in order (awaited, so a test sees their effect) unless delivery is on hold. */
  async function emit(events: StripeEvent[]): Promise<void> {
    if (hold) return;
    for (const event of events) {
      const stored = world.events().find((e) => e.event.id === event.id);
      if (stored) await deliver(stored);
    }
  }

  // ---- The API (its own port, as api.stripe.com would be) ----

  function stripeError(status: number, message: string, extra: Record<string, unknown> = {}) {
    return { status, body: { error: { type: 'invalid_request_error', message, ...extra } } };
  }
  const missing = (kind: string, id: string) => stripeError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'id' });

  function expand(object: StripeObject, paths: FormValue[]): StripeObject {
    const out = { ...object };
    for (const p of paths) {
      if (p === 'subscription' && typeof out.subscription === 'string') out.subscription = world.get('subscriptions', out.subscription) ?? out.subscription;
      if (p === 'customer' && typeof out.customer === 'string') out.customer = world.get('customers', out.customer) ?? out.customer;
      if (p === 'latest_invoice' && typeof out.latest_invoice === 'string')
        out.latest_invoice = world.get('invoices', out.latest_invoice) ?? out.latest_invoice;
    }
    return out;
  }

  async function api(method: string, pathname: string, params: Record<string, FormValue>): Promise<{ status: number; body: unknown }> {
    const parts = pathname.split('/').filter(Boolean); // ['v1', ...]
    const [, a, b, c] = parts;
    const expansions = asList(params.expand);
    if (method === 'POST' && a === 'checkout' && b === 'sessions' && !c) {
      const item = asList(params.line_items)[0] as Record<string, FormValue> | undefined;
      const priceId = asString(item?.price);
      if (asString(params.mode) !== 'subscription') return stripeError(400, 'The local Stripe supports mode=subscription only.', { param: 'mode' });
      if (!priceId) return stripeError(400, 'Missing required param: line_items[0][price].', { param: 'line_items' });
      if (!world.get('prices', priceId)) return missing('price', priceId);
      const successUrl = asString(params.success_url);
      if (!successUrl) return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
      const session = world.createSession({
        priceId,
        successUrl,
        cancelUrl: asString(params.cancel_url) ?? options.publicUrl,
        customerEmail: asString(params.customer_email) ?? null,
        clientReferenceId: asString(params.client_reference_id) ?? null,
        metadata: asRecord(params.metadata),
        subscriptionMetadata: asRecord((params.subscription_data as Record<string, FormValue> | undefined)?.metadata),
        allowPromotionCodes: asString(params.allow_promotion_codes) === 'true',
        hostedPageBase: `${options.publicUrl}${STRIPE_PREFIX}/checkout`,
      });
      return { status: 200, body: session };
    }
    if (method === 'GET' && a === 'checkout' && b === 'sessions' && c) {
      const session = world.get('sessions', c);
      return session ? { status: 200, body: expand(session, expansions) } : missing('checkout.session', c);
    }
    if (a === 'subscriptions' && b) {
      const sub = world.get('subscriptions', b);
      if (!sub) return missing('subscription', b);
      if (method === 'GET') return { status: 200, body: expand(sub, expansions) };
      if (method === 'POST') {
        const cap = asString(params.cancel_at_period_end);
        const events = world.updateSubscription(b, {
          ...(cap !== undefined ? { cancelAtPeriodEnd: cap === 'true' } : {}),
          ...(params.metadata ? { metadata: asRecord(params.metadata) } : {}),
        });
        // Stripe answers the API call first and sends the webhook afterwards.
        setImmediate(() => void emit(events));
        return { status: 200, body: expand(world.get('subscriptions', b)!, expansions) };
      }
      if (method === 'DELETE') {
        const events = world.cancelNow(b);
        setImmediate(() => void emit(events));
        return { status: 200, body: world.get('subscriptions', b) };
      }
    }
    const kinds: Record<string, 'customers' | 'prices' | 'products' | 'invoices'> = {
      customers: 'customers',
      prices: 'prices',
      products: 'products',
      invoices: 'invoices',
    };
    if (method === 'GET' && a && kinds[a] && b) {
      const object = world.get(kinds[a], b);
      return object ? { status: 200, body: object } : missing(a.replace(/s$/, ''), b);
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${pathname}). The local Stripe does not serve it.`);
  }

  const apiServer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const reply = (status: number, body: unknown) =>
        res
          .writeHead(status, {
            'content-type': 'application/json',
            'request-id': stripeId('req', 14),
            'stripe-version': String(req.headers['stripe-version'] ?? ''),
          })
          .end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const params = decodeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      api(method, url.pathname, params)
        .then((r) => reply(r.status, r.body))
        .catch((error: unknown) => reply(500, { error: { type: 'api_error', message: String(error) } }));
    });
  });

  // ---- The front door: hosted checkout page, control API ----

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', options.publicUrl);
    const rest = url.pathname.slice(STRIPE_PREFIX.length) || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const [, section = '', id = '', action = ''] = rest.split('/');

    if (section === 'checkout' && id) {
      const session = world.get('sessions', id);
      if (!session) return html(res, 404, page('Checkout not found', '<p>This checkout session does not exist.</p>'));
      if (method === 'GET' && !action) return html(res, 200, checkoutPage(session));
      if (method === 'POST' && action === 'pay') {
        if (session.status === 'open') {
          const form = new URLSearchParams(body.toString('utf8'));
          const email = session.customer_email ?? form.get('email') ?? '';
          if (!email) return html(res, 400, checkoutPage(session, 'Enter your email'));
          const code = (form.get('promotion_code') ?? '').trim();
          if (code && (!world.sessionInput(id)?.allowPromotionCodes || !LOCAL_PROMOTION_CODES[code.toUpperCase()])) {
            return html(res, 400, checkoutPage(session, 'This code is invalid.'));
          }
          await emit(world.pay(id, email, form.get('name') || null, code || undefined));
        }
        const success = world.get('sessions', id)!.success_url.replaceAll('{CHECKOUT_SESSION_ID}', id);
        return redirect(res, success);
      }
      if (method === 'POST' && action === 'cancel') return redirect(res, session.cancel_url);
    }

    if (section === 'control') return json(res, ...(await control(method, rest.slice('/control'.length), body)));
    if (rest === '/' && method === 'GET') return html(res, 200, indexPage());
    return json(res, 404, { error: `The local Stripe has no page ${method} ${url.pathname}` });
  }

  /**
   * Control API (tests):
   *  GET  /control/events?subscription=&type=         the events so far, with their delivery statuses
   *  POST /control/subscriptions/:id/advance-period    the period ends: cancel-pending ends (deleted), others renew
   *  POST /control/subscriptions/:id/fail-payment      invoice.payment_failed + past_due
   *  POST /control/events/:id/resend                   delivers an event again (same id)
   *  POST /control/delivery {hold: boolean}            hold new events instead of sending them
   *  POST /control/deliver {eventIds?: string[], order?: 'created'|'reverse'}  sends held events (or these) in that order
   */
  async function control(method: string, route: string, body: Buffer): Promise<[number, unknown]> {
    let input: Record<string, unknown>;
    try {
      input = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      return [400, { error: 'body must be JSON' }];
    }
    const [, kind = '', id = '', action = ''] = route.split('/');
    if (method === 'GET' && kind.startsWith('events')) {
      const q = new URLSearchParams(route.split('?')[1] ?? '');
      const sub = q.get('subscription');
      const type = q.get('type');
      const events = world.events().filter(({ event }) => (!type || event.type === type) && (!sub || relatesTo(event, sub)));
      return [200, { events: events.map(({ event, deliveries }) => ({ id: event.id, type: event.type, created: event.created, deliveries })) }];
    }
    if (method === 'POST' && kind === 'subscriptions' && id) {
      if (!world.get('subscriptions', id)) return [404, { error: `No such subscription: ${id}` }];
      const events = action === 'advance-period' ? world.advancePeriod(id) : action === 'fail-payment' ? world.failPayment(id) : undefined;
      if (!events) return [404, { error: `unknown action ${action}` }];
      await emit(events);
      return [200, { subscription: world.get('subscriptions', id), events: events.map((e) => ({ id: e.id, type: e.type })) }];
    }
    if (method === 'POST' && kind === 'events' && id && action === 'resend') {
      const stored = world.events().find((e) => e.event.id === id);
      if (!stored) return [404, { error: `No such event: ${id}` }];
      return [200, { id, status: await deliver(stored) }];
    }
    if (method === 'POST' && kind === 'delivery') {
      hold = input.hold === true;
      return [200, { hold }];
    }
    if (method === 'POST' && kind === 'deliver') {
      let chosen = Array.isArray(input.eventIds)
        ? (input.eventIds as string[]).map((e) => world.events().find((s) => s.event.id === e)).filter((s): s is StoredEvent => Boolean(s))
        : world.events().filter((s) => s.deliveries.length === 0);
      if (input.order === 'reverse') chosen = [...chosen].reverse();
      const results: { id: string; type: string; status: number }[] = [];
      for (const stored of chosen) results.push({ id: stored.event.id, type: stored.event.type, status: await deliver(stored) });
      return [200, { delivered: results }];
    }
    return [404, { error: `unknown control ${method} ${route}` }];
  }

  function relatesTo(event: StripeEvent, subscriptionId: string): boolean {
    const o = event.data.object;
    return (
      o.id === subscriptionId ||
      o.subscription === subscriptionId ||
      (o.object === 'invoice' && (o as LocalInvoice).parent.subscription_details.subscription === subscriptionId)
    );
  }

  function checkoutPage(session: LocalSession, error?: string): string {
    const input = world.sessionInput(session.id)!;
    const price = world.get('prices', input.priceId)!;
    const product = world.get('products', price.product)!;
    const amount = formatPrice(price.unit_amount / 100);
    const done = session.status !== 'open';
    const emailField = session.customer_email
      ? `<p class="muted">Email</p><p><strong>${esc(session.customer_email)}</strong></p>`
      : '<label>Email<input name="email" type="email" required></label>';
    return page(
      `Pay ${product.name}`,
      `<p class="muted">Schedule &amp; Autopost · local Stripe test mode</p>
<h1>${esc(product.name)}</h1><p class="price">${esc(amount)} <span class="muted">per month</span></p>
${error ? `<p class="error">${esc(error)}</p>` : ''}
${done ? '<p>This checkout is already paid.</p>' : ''}
<form method="post" action="${STRIPE_PREFIX}/checkout/${esc(session.id)}/pay">${emailField}
${input.allowPromotionCodes ? `<label>Promotion code<input name="promotion_code" autocomplete="off" placeholder="${esc(Object.keys(LOCAL_PROMOTION_CODES).join(', '))}"></label>` : ''}
<p class="muted">Card: 4242 4242 4242 4242 (test mode: nothing is charged)</p>
<button type="submit" name="pay" value="1">Pay ${esc(amount)}</button></form>
<form method="post" action="${STRIPE_PREFIX}/checkout/${esc(session.id)}/cancel"><button type="submit" class="secondary">Cancel</button></form>`,
    );
  }

  function indexPage(): string {
    const rows = world
      .events()
      .slice(-50)
      .reverse()
      .map(
        ({ event, deliveries }) =>
          `<tr><td><code>${esc(event.id)}</code></td><td>${esc(event.type)}</td><td>${new Date(event.created * 1000).toISOString()}</td><td>${deliveries.join(', ') || 'held'}</td></tr>`,
      )
      .join('');
    return page(
      'Local Stripe',
      `<h1>Local Stripe</h1><p class="muted">Webhooks go to <code>${esc(webhookUrl)}</code>. Prices: ${Object.entries(LOCAL_PRICES)
        .map(([p, id]) => `<code>${esc(p)} → ${esc(id)}</code>`)
        .join(' ')}</p><table><tr><th>Event</th><th>Type</th><th>Created</th><th>Deliveries</th></tr>${rows}</table>`,
    );
  }

  return {
    world,
    handle,
    deliver,
    async listen(): Promise<{ port: number; stop(): Promise<void> }> {
      await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', () => resolve()));
      return {
        port: (apiServer.address() as AddressInfo).port,
        stop: () =>
          new Promise<void>((resolve) => {
            apiServer.closeAllConnections();
            apiServer.close(() => resolve());
          }),
      };
    },
  };
}

export const stripeModule: LocalModule = {
  name: 'Stripe (local)',
  async start({ publicUrl, dataDir }) {
    const local = createLocalStripe({ publicUrl, dataDir });
    const server = await local.listen();
    return {
      env: {
        STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(server.port),
        STRIPE_API_PROTOCOL: 'http',
        STRIPE_PRICES: JSON.stringify(LOCAL_PRICES),
      },
      routes: [{ prefix: STRIPE_PREFIX, handle: local.handle }],
      stop: async () => {
        await server.stop();
        local.world.flush();
      },
    };
  },
};

const esc = (s: string) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
};
const html = (res: http.ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
};
const redirect = (res: http.ServerResponse, location: string) => {
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
};

function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;padding:48px 16px} main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:22px;margin:8px 0} .price{font-size:28px;font-weight:700} .muted{color:#697386;font-size:13px} .error{color:#c0123c}
label{display:block;margin:12px 0;font-size:13px} input{display:block;width:100%;padding:10px;margin-top:4px;border:1px solid #ccd;border-radius:6px;box-sizing:border-box}
button{width:100%;padding:12px;margin-top:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;cursor:pointer} button.secondary{background:#e3e8ee;color:#1a1f36}
table{font-size:12px;border-collapse:collapse;width:100%} td,th{border-bottom:1px solid #e3e8ee;padding:6px;text-align:left}</style></head>
<body><main>${content}</main></body></html>`;
}
