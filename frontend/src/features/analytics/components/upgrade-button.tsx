import { Button } from '@chakra-ui/react';
import { LuSparkles } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PLANS, type PlanId } from '@shared/plans';
import { paths } from '@/config/paths';

/** "Upgrade to Basic": to the Subscription page, where the plan is chosen. */
export function UpgradeButton({ plan, size = 'sm' }: { plan: PlanId; size?: 'xs' | 'sm' }) {
  const name = PLANS.find((p) => p.id === plan)?.name ?? plan;
  return (
    <Button asChild size={size} colorPalette="brand" alignSelf="flex-start">
      <RouterLink to={paths.app.subscription.getHref()}>
        <LuSparkles aria-hidden />
        Upgrade to {name}
      </RouterLink>
    </Button>
  );
}
