import { PLANS, type Plan } from '@shared/plans';
import { env } from '../lib/env';

/** The plans as this deployment sells them: Pro's "Coming Soon" is a deployment setting. */
export function offeredPlans(): Plan[] {
  const proComingSoon = env().PRO_COMING_SOON === 'true';
  return PLANS.map((plan) => (plan.id === 'pro' ? { ...plan, comingSoon: proComingSoon } : plan));
}
