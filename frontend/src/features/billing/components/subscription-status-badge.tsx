import { Badge, type BadgeProps } from '@chakra-ui/react';
import { capitalize, subscriptionBadgeVariant, type BadgeVariant } from '@shared/statuses';

/** docs/product-rules.md#subscription-statuses: active default, trialing secondary, canceled/incomplete/past_due destructive, other secondary. */
const LOOK: Record<BadgeVariant, Pick<BadgeProps, 'colorPalette' | 'variant'>> = {
  default: { colorPalette: 'brand', variant: 'solid' },
  secondary: { colorPalette: 'gray', variant: 'subtle' },
  destructive: { colorPalette: 'red', variant: 'solid' },
};

export function SubscriptionStatusBadge({ status }: { status: string }) {
  const variant = subscriptionBadgeVariant(status);
  return (
    <Badge {...LOOK[variant]} data-testid="subscription-status" data-variant={variant}>
      {capitalize(status.replace(/_/g, ' '))}
    </Badge>
  );
}
