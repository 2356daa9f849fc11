import { beforeAll, describe, expect, it } from 'vitest';
import { parseAppConfig } from '../../infra/config';
import { type SynthesizedApp, synthApp, type TemplateJson } from './synth';

/** Stripe settings reach only the functions that call Stripe; only signup completion creates users. */
type Resource = { Properties: TemplateJson };
const PRICES = { prod_sa_basic_monthly: 'price_basic123', prod_sa_pro_monthly: 'price_pro456' };

const appFunctions = (synth: SynthesizedApp) =>
  Object.entries(synth.template.findResources('AWS::Lambda::Function') as Record<string, Resource>).filter(
    ([, fn]) => fn.Properties.Environment?.Variables?.TABLE_NAME,
  );
const policiesMentioning = (synth: SynthesizedApp, text: string) =>
  Object.entries(synth.template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter(([, p]) =>
    JSON.stringify(p.Properties.PolicyDocument).includes(text),
  );

describe('AppStack with Stripe configured', () => {
  let synth: SynthesizedApp;

  beforeAll(() => {
    synth = synthApp({ stripeSecretName: 'schedule-autopost/stripe', stripePrices: PRICES });
  });

  it('gives the Stripe-calling functions the price list and the secret name, and lets only them read the keys', () => {
    // Prepare
    const stripeFns = appFunctions(synth).filter(([, fn]) => fn.Properties.Environment.Variables.STRIPE_SECRET_NAME);
    // Every API function also reads the CloudFront origin secret (test/infra/hardening.test.ts); count the Stripe secret's readers.
    const readers = policiesMentioning(synth, 'secretsmanager:GetSecretValue').filter((policy) => JSON.stringify(policy).includes('schedule-autopost/stripe'));

    // Assess
    // Account deletion cancels the user's subscription at once.
    expect(stripeFns.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'ApiAccountDeleteAccount',
      'ApiBillingCheckout',
      'ApiBillingCheckoutStatus',
      'ApiBillingClaimCheckout',
      'ApiBillingCompleteSignup',
      // The overview reconciles a subscription with Stripe (test/unit/infra/capabilities.test.ts).
      'ApiBillingGetSubscription',
      'ApiBillingManageSubscription',
      'ApiBillingPublicCheckout',
      'ApiStripeWebhook',
      // Deleting a workspace cancels the subscription that pays for it, as account deletion does.
      'ApiWorkspacesDeleteWorkspace',
    ]);
    for (const [, fn] of stripeFns) {
      expect(fn.Properties.Environment.Variables).toMatchObject({ STRIPE_SECRET_NAME: 'schedule-autopost/stripe', STRIPE_PRICES: JSON.stringify(PRICES) });
    }
    expect(readers).toHaveLength(stripeFns.length);
  });

  it('lets no function create confirmed users, and sets passwords only where a proof comes first', () => {
    // Act
    const creators = [...policiesMentioning(synth, 'cognito-idp:AdminCreateUser'), ...policiesMentioning(synth, 'cognito-idp:AdminConfirmSignUp')];
    const passwordSetters = policiesMentioning(synth, 'cognito-idp:AdminSetUserPassword');
    const passwordCheckers = policiesMentioning(synth, 'cognito-idp:AdminInitiateAuth');
    const lookups = policiesMentioning(synth, 'cognito-idp:AdminGetUser');
    const deleters = policiesMentioning(synth, 'cognito-idp:AdminDeleteUser');
    const signOuts = policiesMentioning(synth, 'cognito-idp:AdminUserGlobalSignOut');
    const functions = synth.template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
    const withClientId = Object.entries(functions).filter(([, fn]) => fn.Properties.Environment?.Variables?.USER_POOL_CLIENT_ID);
    const names = (entries: [string, unknown][]) => entries.map(([id]) => id.replace(/Role.*$/, '')).sort();

    // Assess
    expect(creators).toEqual([]);
    // The password change (after the current password, checked by AdminInitiateAuth) and a checkout
    // account's verification (after the mailed code) alone set passwords (test/unit/infra/capabilities.test.ts).
    expect(names(passwordSetters)).toEqual(['ApiAccountChangePassword', 'ApiBillingConfirmSignup']);
    expect(names(passwordCheckers)).toEqual(['ApiAccountChangePassword']);
    // Signup completion, the checkout account's verification and the complete-signup page's payment
    // check (an existing account signs in instead of choosing a password) look an e-mail up.
    expect(names(lookups)).toEqual(['ApiBillingCheckoutStatus', 'ApiBillingCompleteSignup', 'ApiBillingConfirmSignup']);
    expect(withClientId.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'ApiAccountChangePassword',
      'ApiBillingCheckoutStatus',
      'ApiBillingCompleteSignup',
      'ApiBillingConfirmSignup',
      // Verifies realtime subscribers' access tokens, which name the app client.
      'RealtimeAuthorizer',
    ]);
    // Only account deletion may delete users; "sign out everywhere" and the password change end their sessions.
    expect(names(deleters)).toEqual(['ApiAccountDeleteAccount']);
    expect(names(signOuts)).toEqual(['ApiAccountChangePassword', 'ApiAccountSignOutEverywhere']);
    const statement = lookups[0]![1].Properties.PolicyDocument.Statement.find((s: { Action: unknown }) => JSON.stringify(s.Action).includes('cognito-idp'));
    expect(statement).toMatchObject({
      Action: 'cognito-idp:AdminGetUser',
      Effect: 'Allow',
      Resource: { 'Fn::GetAtt': [expect.stringMatching(/^AuthUserPool/), 'Arn'] },
    });
  });

  it('routes the webhook and the public billing calls without the authorizer, and the rest with it', () => {
    // Prepare
    const routes = Object.values(synth.template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).map((r) => r.Properties);
    const byKey = (key: string) => routes.find((r) => r.RouteKey === key)!;

    // Assess
    for (const key of [
      'POST /api/stripe/webhook',
      'POST /api/billing/public-checkout',
      'POST /api/billing/complete-signup',
      'POST /api/billing/confirm-signup',
      'GET /api/billing/checkout-status',
    ])
      expect(byKey(key).AuthorizationType).toBe('NONE');
    for (const key of ['POST /api/billing/checkout', 'POST /api/billing/subscription', 'POST /api/billing/claim-checkout', 'GET /api/subscription'])
      expect(byKey(key).AuthorizationType).toBe('JWT');
  });

  it('passes cdk-nag with no unacknowledged finding', () => {
    expect(synth.violations.map((v) => `${v.ruleName} at ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`)).toEqual([]);
  });
});

describe('Stripe deployment settings', () => {
  const context =
    (values: Record<string, unknown> = {}) =>
    (key: string) =>
      values[key];

  it('reads the secret name and the price list from the environment or cdk.json', () => {
    const fromEnv = parseAppConfig(context(), { STRIPE_SECRET_NAME: 'sa/stripe', STRIPE_PRICES: JSON.stringify(PRICES) });
    const fromContext = parseAppConfig(context({ stripePrices: PRICES }), {});

    expect(fromEnv).toMatchObject({ stripeSecretName: 'sa/stripe', stripePrices: PRICES });
    expect(fromContext.stripePrices).toEqual(PRICES);
  });

  it('refuses a price list that is not {product: price_…}', () => {
    expect(() => parseAppConfig(context(), { STRIPE_PRICES: '{"prod_sa_basic_monthly": "prod_oops"}' })).toThrow(/stripePrices/);
    expect(() => parseAppConfig(context(), { STRIPE_PRICES: 'not json' })).toThrow(/stripePrices/);
  });
});
