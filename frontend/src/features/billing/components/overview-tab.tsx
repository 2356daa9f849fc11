import { Alert, Badge, Button, Card, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCalendarClock, LuTriangleAlert } from 'react-icons/lu';
import type { SubscriptionResponse } from '@shared/billing';
import { PLATFORM_NAMES } from '@shared/platforms';
import {
  FREE_PLAN,
  formatPrice,
  PLAN_PLATFORMS,
  planForProductId,
  planLimitMessage,
  PLANS,
  upgradeForMorePostsMessage,
  USAGE_FULL_RATIO,
  USAGE_LOW_RATIO,
  type Plan,
} from '@shared/plans';
import type { Subscription } from '@shared/subscription';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useManageSubscription } from '../api/manage-subscription';
import { PlanFeatures } from './plan-features';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import { usePlanDateFormatter } from './use-plan-dates';

interface OverviewTabProps {
  data: SubscriptionResponse;
  onViewPlans: () => void;
}

/** Subscription → Overview (docs/product-rules.md#subscription): the current plan with its features, the usage bar, the subscription card. */
export function OverviewTab({ data, onViewPlans }: OverviewTabProps) {
  const plan = PLANS.find((p) => p.id === data.plan) ?? PLANS[0];
  return (
    <Stack gap="4">
      <CurrentPlanCard plan={plan} />
      <UsageCard plan={plan} usage={data.usage} onViewPlans={onViewPlans} />
      {data.subscription ? <SubscriptionCard subscription={data.subscription} /> : <NoSubscriptionCard onViewPlans={onViewPlans} />}
    </Stack>
  );
}

function CurrentPlanCard({ plan }: { plan: Plan }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" rounded="xl" data-testid="current-plan">
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap">
          <Stack gap="1">
            <Text textStyle="sm" color="fg.muted">
              Current plan
            </Text>
            <Card.Title as="h2" textStyle="2xl">
              {plan.name}
            </Card.Title>
            <Card.Description>{plan.description}</Card.Description>
          </Stack>
          <Text textStyle="2xl" fontWeight="bold">
            {formatPrice(plan.price)}
            <Text as="span" textStyle="sm" fontWeight="normal" color="fg.muted">
              /month
            </Text>
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body>
        <PlanFeatures features={plan.features} />
      </Card.Body>
    </Card.Root>
  );
}

function UsageCard({ plan, usage, onViewPlans }: { plan: Plan; usage: SubscriptionResponse['usage']; onViewPlans: () => void }) {
  const ratio = usage.limit > 0 ? usage.used / usage.limit : 1;
  const low = ratio >= USAGE_LOW_RATIO;
  const full = ratio >= USAGE_FULL_RATIO;
  const upgrade = full ? upgradeForMorePostsMessage(plan.id) : null;
  return (
    <Card.Root variant="outline" bg="bg.panel" rounded="xl" data-testid="usage-card">
      <Card.Header>
        <Card.Title as="h2" textStyle="lg">
          Monthly usage
        </Card.Title>
        <Card.Description>Scheduled posts created this month count towards your plan's limit.</Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        <Progress.Root
          value={Math.min(usage.used, usage.limit)}
          max={usage.limit}
          colorPalette={full ? 'red' : low ? 'orange' : 'brand'}
          size="md"
          aria-label="Scheduled posts this month"
        >
          <Progress.Track rounded="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text textStyle="sm" color="fg.muted" data-testid="usage-text">
          {usage.used} of {usage.limit} scheduled posts this month
        </Text>
        {low ? (
          <Alert.Root status={full ? 'error' : 'warning'} rounded="lg" data-testid="usage-notice">
            <Alert.Indicator>
              <LuTriangleAlert />
            </Alert.Indicator>
            <Alert.Content>
              {/* docs/product-rules.md#plans-and-limits: 80–99% warns "Running low!"; at 100% the limit is reached and an upgrade is suggested. */}
              <Alert.Title>{full ? (upgrade ? 'Monthly limit reached: time to upgrade' : 'Monthly limit reached') : 'Running low!'}</Alert.Title>
              <Alert.Description>
                {full ? planLimitMessage(usage.limit) : `You have used ${Math.round(ratio * 100)}% of this month's scheduled posts.`}
                {upgrade ? ` ${upgrade}` : null}
              </Alert.Description>
            </Alert.Content>
            {upgrade ? (
              <Button size="sm" colorPalette="brand" alignSelf="center" onClick={onViewPlans}>
                Upgrade
              </Button>
            ) : null}
          </Alert.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const plan = planForProductId(subscription.product_id);
  const formatDate = usePlanDateFormatter();
  const manage = useManageSubscription();
  const periodEnd = subscription.current_period_end ? formatDate(subscription.current_period_end) : null;
  const ending = subscription.cancel_at_period_end;
  const action = ending ? 'reactivate' : 'cancel';
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // Reactivating loses nothing, so only cancelling asks first.
  const run = () => manage.mutate({ subscriptionId: subscription.id, action }, { onSettled: () => setConfirmingCancel(false) });

  return (
    <Card.Root variant="outline" bg="bg.panel" rounded="xl" data-testid="subscription-card">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Card.Title as="h2" textStyle="lg">
            Subscription
          </Card.Title>
          <SubscriptionStatusBadge status={subscription.status} />
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <HStack gap="2">
          <Text fontWeight="semibold">{plan.name}</Text>
          <Badge variant="outline">{formatPrice(plan.price)}/month</Badge>
        </HStack>
        {periodEnd ? (
          <HStack gap="2" color="fg.muted" textStyle="sm">
            <LuCalendarClock aria-hidden />
            <Text data-testid="subscription-period">{ending ? `Expires on ${periodEnd}` : `Renews on ${periodEnd}`}</Text>
          </HStack>
        ) : null}
        {ending ? (
          <Alert.Root status="warning" rounded="lg" data-testid="subscription-ending">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>
                Your subscription is canceled and will end {periodEnd ? `on ${periodEnd}` : 'at the end of this period'}. You keep {plan.name} until then.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Card.Body>
      {subscription.status === 'active' ? (
        <Card.Footer>
          <Button
            variant={ending ? 'solid' : 'outline'}
            colorPalette={ending ? 'brand' : 'red'}
            loading={manage.isPending}
            onClick={() => (ending ? run() : setConfirmingCancel(true))}
          >
            {ending ? 'Reactivate Subscription' : 'Cancel Subscription'}
          </Button>
        </Card.Footer>
      ) : null}
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={`Cancel your ${plan.name} subscription?`}
        description={`You keep ${plan.name} ${periodEnd ? `until ${periodEnd}` : 'until the end of this period'}, then move to ${FREE_PLAN.name}: ${FREE_PLAN.postLimit} scheduled posts a month, on ${PLAN_PLATFORMS.free.map((p) => PLATFORM_NAMES[p]).join(' and ')} only. You can reactivate before then.`}
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        pending={manage.isPending}
        onConfirm={run}
      />
    </Card.Root>
  );
}

function NoSubscriptionCard({ onViewPlans }: { onViewPlans: () => void }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" rounded="xl" data-testid="no-subscription">
      <Card.Header>
        <Card.Title as="h2" textStyle="lg">
          No active subscription
        </Card.Title>
        <Card.Description>You are on the Free plan. Pick a plan to schedule more posts each month.</Card.Description>
      </Card.Header>
      <Card.Footer>
        <Button colorPalette="brand" onClick={onViewPlans}>
          View plans
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
