import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatPrice, type Plan, type PlanId } from '@shared/plans';
import { useStartCheckout } from '../api/start-checkout';
import { offeredPlans } from './offered-plans';
import { PlanFeatures } from './plan-features';

/** Subscription → Plans (docs/product-rules.md#subscription): three plan cards and the cancel-anytime note. */
export function PlansTab({ currentPlan }: { currentPlan: PlanId }) {
  const plans = offeredPlans();
  const current = plans.find((p) => p.id === currentPlan) ?? plans[0];
  const checkout = useStartCheckout();
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {plans.map((plan) => (
          <PlanOption
            key={plan.id}
            plan={plan}
            isCurrent={plan.id === current.id}
            isUpgrade={plan.price > current.price}
            pending={checkout.isPending && checkout.variables?.productId === plan.productId}
            // One subscription per user (the API answers 409): a paid plan must end before buying another.
            disabled={checkout.isPending || !current.isFree}
            locked={!current.isFree}
            onChoose={() => plan.productId && checkout.mutate({ productId: plan.productId })}
          />
        ))}
      </SimpleGrid>
      <Text textStyle="sm" color="fg.muted" textAlign="center">
        Paid plans can be canceled anytime.
      </Text>
    </Stack>
  );
}

interface PlanOptionProps {
  plan: Plan;
  isCurrent: boolean;
  isUpgrade: boolean;
  pending: boolean;
  disabled: boolean;
  /** On a paid plan already: another can only be bought after it ends. */
  locked: boolean;
  onChoose: () => void;
}

function PlanOption({ plan, isCurrent, isUpgrade, pending, disabled, locked, onChoose }: PlanOptionProps) {
  return (
    <Card.Root
      variant="outline"
      bg="bg.panel"
      rounded="xl"
      borderColor={isCurrent ? 'brand.solid' : undefined}
      borderWidth={isCurrent ? '2px' : undefined}
      opacity={plan.comingSoon ? 0.75 : undefined}
      data-testid={`plan-option-${plan.id}`}
    >
      <Card.Header gap="1">
        <HStack justify="space-between">
          <Card.Title as="h3" textStyle="lg">
            {plan.name}
          </Card.Title>
          {isCurrent ? (
            <Badge colorPalette="brand" variant="solid">
              Current plan
            </Badge>
          ) : plan.comingSoon ? (
            <Badge variant="outline">Coming soon</Badge>
          ) : null}
        </HStack>
        <Card.Description>{plan.description}</Card.Description>
        <Text textStyle="3xl" fontWeight="bold" mt="2">
          {formatPrice(plan.price)}
          <Text as="span" textStyle="sm" fontWeight="normal" color="fg.muted">
            /month
          </Text>
        </Text>
      </Card.Header>
      <Card.Body>
        <PlanFeatures features={plan.features} />
      </Card.Body>
      <Card.Footer>
        <PlanButton plan={plan} isCurrent={isCurrent} isUpgrade={isUpgrade} pending={pending} disabled={disabled} locked={locked} onChoose={onChoose} />
      </Card.Footer>
    </Card.Root>
  );
}

function PlanButton({ plan, isCurrent, isUpgrade, pending, disabled, locked, onChoose }: PlanOptionProps) {
  if (isCurrent) {
    return (
      <Button w="full" variant="subtle" disabled>
        Current Plan
      </Button>
    );
  }
  // Free is what every account falls back to; there is nothing to buy.
  if (plan.isFree) return null;
  if (plan.comingSoon) {
    return (
      <Button w="full" variant="subtle" disabled>
        Coming Soon
      </Button>
    );
  }
  return (
    <Stack w="full" gap="1.5">
      <Button w="full" colorPalette="brand" variant={isUpgrade ? 'solid' : 'outline'} loading={pending} disabled={disabled} onClick={onChoose}>
        {isUpgrade ? `Upgrade to ${plan.name}` : `Choose ${plan.name}`}
      </Button>
      {locked ? (
        <Text textStyle="xs" color="fg.muted" textAlign="center">
          Available once your current plan has ended.
        </Text>
      ) : null}
    </Stack>
  );
}
