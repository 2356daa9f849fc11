import { describe, expect, it } from 'vitest';
import { formatPrice, PLAN_IDS, PLAN_PLATFORMS, planForProductId, planLimitMessage, PLANS, upgradeForMorePostsMessage, type PlanId } from '@shared/plans';
import { PLATFORM_NAMES, PLATFORMS } from '@shared/platforms';

function plan(id: PlanId) {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

function featureText(id: PlanId): string {
  return plan(id).features.join(' | ').toLowerCase();
}

describe('the subscription plans', () => {
  it('are Free, Basic and Pro with ids free, basic and pro, in that order (docs/product-rules.md#plans-and-limits)', () => {
    expect([...PLAN_IDS]).toEqual(['free', 'basic', 'pro']);
    expect(PLANS.map((p) => [p.id, p.name])).toEqual([
      ['free', 'Free'],
      ['basic', 'Basic'],
      ['pro', 'Pro'],
    ]);
  });

  it.each([
    ['free', 0, 5],
    ['basic', 4.99, 15],
    ['pro', 19.99, 30],
  ] as const)('price the %s plan at $%s a month with %i scheduled posts (docs/product-rules.md#plans-and-limits, #constants)', (id, price, postLimit) => {
    expect(plan(id).price).toBe(price);
    expect(plan(id).postLimit).toBe(postLimit);
  });

  it('flag only Free as free', () => {
    expect(PLANS.map((p) => [p.id, p.isFree])).toEqual([
      ['free', true],
      ['basic', false],
      ['pro', false],
    ]);
  });

  it('mark only Pro as coming soon (docs/product-rules.md#plans-and-limits)', () => {
    expect(PLANS.map((p) => [p.id, p.comingSoon])).toEqual([
      ['free', false],
      ['basic', false],
      ['pro', true],
    ]);
  });

  it('give every plan a name and a description', () => {
    for (const p of PLANS) {
      expect(p.name).not.toBe('');
      expect(p.description).not.toBe('');
    }
  });

  it('give each paid plan its own fixed provider product id', () => {
    const ids = [plan('basic').productId, plan('pro').productId];
    for (const id of ids) expect(id).toMatch(/\S/);
    expect(new Set(ids).size).toBe(2);
  });

  it('list Facebook and Instagram, essential insights and community support for Free (docs/product-rules.md#plans-and-limits)', () => {
    const text = featureText('free');
    for (const item of ['facebook', 'instagram', 'essential insights', 'community support']) expect(text).toContain(item);
  });

  it('list every network Basic includes, X text only, basic analytics and email support for Basic (docs/product-rules.md#plans-and-limits)', () => {
    const text = featureText('basic');
    for (const platform of PLAN_PLATFORMS.basic) expect(text).toContain(PLATFORM_NAMES[platform].toLowerCase());
    for (const item of ['text only', 'basic analytics', 'email support']) expect(text).toContain(item);
  });

  it('list all the platforms by their number, advanced analytics and priority support for Pro (docs/product-rules.md#plans-and-limits)', () => {
    const text = featureText('pro');
    const count = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'][PLATFORMS.length];
    expect(PLAN_PLATFORMS.pro).toHaveLength(PLATFORMS.length);
    for (const item of [`all ${count} platforms`, 'advanced analytics', 'priority support']) expect(text).toContain(item);
  });
});

describe('planForProductId', () => {
  it('finds Basic by its product id', () => {
    expect(planForProductId(plan('basic').productId).id).toBe('basic');
  });

  it('finds Pro by its product id', () => {
    expect(planForProductId(plan('pro').productId).id).toBe('pro');
  });

  it.each([null, undefined, '', 'prod_unknown'])('defaults to Free for the product id %j (docs/product-rules.md#plans-and-limits)', (productId) => {
    expect(planForProductId(productId).id).toBe('free');
  });
});

describe('formatPrice', () => {
  it('shows the monthly prices as $0, $4.99 and $19.99 (docs/product-rules.md#constants)', () => {
    expect(PLANS.map((p) => formatPrice(p.price))).toEqual(['$0', '$4.99', '$19.99']);
  });

  it('keeps two decimals for a price with cents', () => {
    expect(formatPrice(4.5)).toBe('$4.50');
  });
});

describe('usage notices', () => {
  it('end the plan-limit message with a full stop, so the upgrade that follows reads as its own sentence', () => {
    expect(`${planLimitMessage(5)} ${upgradeForMorePostsMessage('free')}`).toBe(
      "You've reached your plan's limit of 5 scheduled posts this month. Upgrade to Basic for 15 scheduled posts a month.",
    );
  });
});
