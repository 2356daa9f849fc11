import { NETWORKS } from './networks';
import { PLATFORM_NAMES, type Platform } from './platforms';

/** Monthly subscription plans (docs/product-rules.md#plans-and-limits, #constants). Product ids are deployment-independent fixed values. */
export const PLAN_IDS = ['free', 'basic', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly description: string;
  /** Price per month in US dollars. */
  readonly price: number;
  readonly features: readonly string[];
  /** The payment provider's product id; null for Free, which is never sold. */
  readonly productId: string | null;
  /** Scheduled posts allowed per calendar month. */
  readonly postLimit: number;
  readonly isFree: boolean;
  readonly comingSoon: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'For trying things out',
    price: 0,
    features: ['5 scheduled posts per month', 'Facebook and Instagram', 'Essential insights', 'Community support'],
    productId: null,
    postLimit: 5,
    isFree: true,
    comingSoon: false,
  },
  {
    id: 'basic',
    name: 'Basic',
    description: 'For creators who post every week',
    price: 4.99,
    features: [
      '15 scheduled posts per month',
      'Facebook, Instagram, X (text only), Bluesky, Threads, LinkedIn and Pinterest',
      'Basic analytics',
      'Email support',
    ],
    productId: 'prod_sa_basic_monthly',
    postLimit: 15,
    isFree: false,
    comingSoon: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For businesses and agencies',
    price: 19.99,
    features: ['30 scheduled posts per month', 'All nine platforms', 'Advanced analytics', 'Priority support'],
    productId: 'prod_sa_pro_monthly',
    postLimit: 30,
    isFree: false,
    comingSoon: true,
  },
];

export const FREE_PLAN: Plan = PLANS[0];

/** The current plan is found by the subscription's product id; default Free (docs/product-rules.md#plans-and-limits). */
export function planForProductId(productId: string | null | undefined): Plan {
  return PLANS.find((p) => p.productId !== null && p.productId === productId) ?? FREE_PLAN;
}

export function formatPrice(price: number): string {
  return `$${price % 1 === 0 ? price.toFixed(0) : price.toFixed(2)}`;
}

/** Usage notices (docs/product-rules.md#plans-and-limits, #constants). */
export const USAGE_LOW_RATIO = 0.8;
export const USAGE_FULL_RATIO = 1;

/**
 * Which platforms each plan may connect and publish to: a plan takes every network whose descriptor
 * names it or a cheaper plan (Free has Facebook and Instagram, Basic adds X, Bluesky, Threads,
 * LinkedIn and Pinterest, Pro adds TikTok and YouTube). Each plan lists the cheaper plans' networks
 * first, each plan's own by name, so messages name them in a stable order.
 */
export const PLAN_PLATFORMS: Record<PlanId, readonly Platform[]> = Object.fromEntries(
  PLAN_IDS.map((plan, i): [PlanId, readonly Platform[]] => [
    plan,
    PLAN_IDS.slice(0, i + 1).flatMap((tier) =>
      NETWORKS.filter((n) => n.plan === tier)
        .map((n) => n.id)
        .sort(),
    ),
  ]),
) as Record<PlanId, readonly Platform[]>;

export function planAllows(plan: PlanId, platform: Platform): boolean {
  return PLAN_PLATFORMS[plan].includes(platform);
}

/** The cheapest plan that includes the platform. */
export function minimumPlanFor(platform: Platform): Plan {
  return PLANS.find((p) => planAllows(p.id, platform)) ?? PLANS[PLANS.length - 1];
}

/** "Upgrade to {plan} to connect {Platform}" */
export function upgradeToConnectMessage(platform: Platform): string {
  return `Upgrade to ${minimumPlanFor(platform).name} to connect ${PLATFORM_NAMES[platform]}`;
}

/** "Upgrade to {plan} to post to {Platform}": a compose tile the user's plan locks. */
export function upgradeToPostMessage(platform: Platform): string {
  return `Upgrade to ${minimumPlanFor(platform).name} to post to ${PLATFORM_NAMES[platform]}`;
}

/** The next plan up with a higher post limit, or null on the top plan. */
export function nextPlanAfter(plan: PlanId): Plan | null {
  const current = PLANS.find((p) => p.id === plan) ?? FREE_PLAN;
  return PLANS.find((p) => p.postLimit > current.postLimit) ?? null;
}

/** "You've reached your plan's limit of {n} scheduled posts this month." A sentence: the upgrade follows it. */
export function planLimitMessage(limit: number): string {
  return `You've reached your plan's limit of ${limit} scheduled posts this month.`;
}

/** The upgrade suggestion that follows the limit message. */
export function upgradeForMorePostsMessage(plan: PlanId): string | null {
  const next = nextPlanAfter(plan);
  return next ? `Upgrade to ${next.name} for ${next.postLimit} scheduled posts a month.` : null;
}
