import { BILLING_MSG, CompleteSignupBodySchema, PublicCheckoutBodySchema } from '@shared/billing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sellablePlan } from '../../../functions/domain/billing';
import { offeredPlans } from '../../../functions/domain/plans';
import { resetEnvForTests } from '../../../functions/lib/env';

/** Which plans a checkout may sell: paid, on sale in this deployment, with a configured price. */
const BASIC = 'prod_sa_basic_monthly';
const PRO = 'prod_sa_pro_monthly';
const saved = { ...process.env };

function withEnv(values: Record<string, string>) {
  Object.assign(
    process.env,
    { TABLE_NAME: 't', MEDIA_BUCKET: 'b', APP_ORIGIN: 'https://app.example.com', STRIPE_PRICES: JSON.stringify({ [BASIC]: 'price_b', [PRO]: 'price_p' }) },
    values,
  );
  resetEnvForTests();
}

describe('sellable plans', () => {
  beforeEach(() => withEnv({}));
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });

  it('sells Basic at its configured price', () => {
    expect(sellablePlan(BASIC, offeredPlans())).toMatchObject({ plan: { id: 'basic' }, priceId: 'price_b' });
  });

  it('refuses Pro while the deployment marks it coming soon', () => {
    withEnv({ PRO_COMING_SOON: 'true' });

    expect(() => sellablePlan(PRO, offeredPlans())).toThrow(expect.objectContaining({ statusCode: 400, message: 'Pro is coming soon' }));
  });

  it('sells Pro when the deployment turns coming-soon off', () => {
    withEnv({ PRO_COMING_SOON: 'false' });

    expect(sellablePlan(PRO, offeredPlans()).plan.id).toBe('pro');
  });

  it('refuses unknown products, and a plan without a configured price', () => {
    withEnv({ PRO_COMING_SOON: 'false', STRIPE_PRICES: JSON.stringify({ [BASIC]: 'price_b' }) });

    expect(() => sellablePlan('prod_nope', offeredPlans())).toThrow(expect.objectContaining({ statusCode: 400, message: BILLING_MSG.unknownPlan }));
    expect(() => sellablePlan(PRO, offeredPlans())).toThrow(expect.objectContaining({ statusCode: 400, message: BILLING_MSG.planNotForSale }));
  });
});

describe('billing request bodies', () => {
  it('needs a valid email for a public checkout and keeps the name optional', () => {
    expect(PublicCheckoutBodySchema.safeParse({ productId: BASIC, email: 'a@b.co' }).success).toBe(true);
    expect(PublicCheckoutBodySchema.safeParse({ productId: BASIC, email: 'nope' }).error?.issues[0]?.message).toBe('Please enter a valid email address');
  });

  it('checks the signup password rules and the confirmation', () => {
    const base = { email: 'a@b.co', session_id: 'cs_1' };
    expect(CompleteSignupBodySchema.safeParse({ ...base, password: '12345' }).error?.issues[0]?.message).toBe('Password must be at least 6 characters');
    expect(CompleteSignupBodySchema.safeParse({ ...base, password: 'x'.repeat(73) }).error?.issues[0]?.message).toBe(
      'Password must be less than 72 characters',
    );
    expect(CompleteSignupBodySchema.safeParse({ ...base, password: 'secret1', confirm: 'secret2' }).error?.issues[0]?.message).toBe("Passwords don't match");
    expect(CompleteSignupBodySchema.safeParse({ ...base, password: 'secret1', confirm: 'secret1' }).success).toBe(true);
  });
});
