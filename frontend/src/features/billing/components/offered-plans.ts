import { PLANS, type Plan } from '@shared/plans';
import { getRuntimeConfig } from '@/config/runtime-config';

/** The plans as this deployment sells them: Pro's "Coming Soon" is the runtime flag proComingSoon. */
export function offeredPlans(): readonly Plan[] {
  const { proComingSoon } = getRuntimeConfig();
  return PLANS.map((plan) => (plan.id === 'pro' ? { ...plan, comingSoon: proComingSoon } : plan));
}
