import { useEffect, useState } from 'react';
import { PLANS, type Plan } from '@shared/plans';
import { fetchLandingConfig } from './landing-config';

/**
 * The plans as this deployment sells them. Pro's "Coming Soon" is a deployment setting in
 * /config.json. Until the answer arrives (or if it fails) Pro stays "Coming Soon", the
 * safe reading.
 */
export function useOfferedPlans(): readonly Plan[] {
  const [proComingSoon, setProComingSoon] = useState(true);
  useEffect(() => {
    let active = true;
    void fetchLandingConfig().then((config) => {
      if (active && !config.proComingSoon) setProComingSoon(false);
    });
    return () => {
      active = false;
    };
  }, []);
  return proComingSoon ? PLANS : PLANS.map((plan) => (plan.id === 'pro' ? { ...plan, comingSoon: false } : plan));
}
