import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { StripeWorld, type StripeObject } from '../../../local/stripe/state';

/**
 * The local Stripe serves whole objects, as Stripe does: every field the installed stripe package's
 * types declare as always present (optional ones aside) is on the local subscription, customer,
 * checkout session, invoice, subscription item, price and event, and nothing the types do not know
 * is. The expected keys are read from node_modules/stripe's declarations at test time, so a stripe
 * upgrade that adds a field fails here until the local Stripe serves it.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TYPES = {
  subscription: 'Stripe.Subscription',
  customer: 'Stripe.Customer',
  session: 'Stripe.Checkout.Session',
  invoice: 'Stripe.Invoice',
  item: 'Stripe.SubscriptionItem',
  price: 'Stripe.Price',
  event: 'Stripe.Event',
} as const;
type Kind = keyof typeof TYPES;

/** Each type's properties from the stripe package's .d.ts files: all of them, and those not optional. */
function declaredKeys(): Record<Kind, { all: string[]; required: string[] }> {
  const file = path.join(REPO_ROOT, 'node_modules/.cache/stripe-shapes-probe.ts');
  const source = `import type Stripe from 'stripe';\n${Object.entries(TYPES)
    .map(([kind, type]) => `export type ${kind} = ${type};`)
    .join('\n')}\n`;
  const host = ts.createCompilerHost({});
  const read = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : read(name));
  host.fileExists = (
    (exists) => (name: string) =>
      path.resolve(name) === file || exists(name)
  )(host.fileExists.bind(host));
  const program = ts.createProgram([file], { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [], noEmit: true }, host);
  const checker = program.getTypeChecker();
  const out = {} as Record<Kind, { all: string[]; required: string[] }>;
  for (const statement of program.getSourceFile(file)!.statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    const props = checker.getPropertiesOfType(checker.getTypeAtLocation(statement.name));
    expect(props.length, `no properties read for ${statement.name.text}`).toBeGreaterThan(5);
    out[statement.name.text as Kind] = {
      all: props.map((p) => p.name),
      required: props.filter((p) => !(p.flags & ts.SymbolFlags.Optional)).map((p) => p.name),
    };
  }
  return out;
}

/** A checkout paid on the local Stripe's hosted page: the objects a real one leaves behind. */
function aPaidCheckout() {
  const world = new StripeWorld();
  const priceId = Object.keys((world as unknown as { world: { prices: Record<string, unknown> } }).world.prices)[0]!;
  const session = world.createSession({
    priceId,
    successUrl: 'http://localhost/ok',
    cancelUrl: 'http://localhost/cancel',
    customerEmail: 'ada@example.com',
    clientReferenceId: null,
    metadata: {},
    subscriptionMetadata: { userId: 'u1' },
    allowPromotionCodes: true,
    hostedPageBase: 'http://localhost/pay',
  });
  const events = world.pay(session.id, 'ada@example.com', 'Ada');
  const subscription = world.get('subscriptions', String(world.get('sessions', session.id)!.subscription))!;
  return {
    subscription,
    customer: world.get('customers', String(subscription.customer))!,
    session: world.get('sessions', session.id)!,
    invoice: world.get('invoices', String(subscription.latest_invoice))!,
    item: subscription.items.data[0] as unknown as StripeObject,
    price: world.get('prices', priceId)!,
    event: events[0]!,
  } satisfies Record<Kind, StripeObject>;
}

describe('the local Stripe objects', () => {
  const declared = declaredKeys();
  const objects = aPaidCheckout();

  it.each(Object.keys(TYPES) as Kind[])('%s has every field the stripe package declares, and none it does not', (kind) => {
    const keys = Object.keys(objects[kind]);
    const { all, required } = declared[kind];

    expect(required.filter((k) => !keys.includes(k)).sort(), `missing from the local ${kind}`).toEqual([]);
    expect(keys.filter((k) => !all.includes(k)).sort(), `not a field of ${TYPES[kind]}`).toEqual([]);
  });
});
