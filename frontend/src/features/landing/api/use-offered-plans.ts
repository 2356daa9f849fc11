import { useEffect, useState } from 'react';
import { PLANS, type Plan } from '@shared/plans';

/**
 * The plans as this deployment sells them. Pro's "Coming Soon" is a deployment setting in
 * /config.json (issue 3); the landing reads just that flag with a plain fetch, keeping zod and the
 * runtime-config module out of its bundle. Until the answer arrives (or if it fails) Pro stays
 * "Coming Soon", the safe reading.
 */
export function useOfferedPlans(): readonly Plan[] {
  const [proComingSoon, setProComingSoon] = useState(true);
  useEffect(() => {
    let active = true;
    fetch('/config.json', { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ proComingSoon?: unknown }>) : null))
      .then((config) => {
        if (active && config?.proComingSoon === false) setProComingSoon(false);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return proComingSoon ? PLANS : PLANS.map((plan) => (plan.id === 'pro' ? { ...plan, comingSoon: false } : plan));
}
