import { Badge, Box, Button, Card, HStack, List, Text } from '@chakra-ui/react';
import { LuCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { formatPrice, type Plan } from '@shared/plans';
import { paths } from '@/config/paths';

/** Free goes to sign-in; a paid plan to sign-up (checkout arrives with billing); coming soon is disabled. */
function PlanAction({ plan }: { plan: Plan }) {
  if (plan.comingSoon) {
    return (
      <Button w="full" variant="subtle" disabled>
        Coming Soon
      </Button>
    );
  }
  if (plan.isFree) {
    return (
      <Button asChild w="full" variant="outline">
        <RouterLink to={paths.auth.getHref()}>Get Started</RouterLink>
      </Button>
    );
  }
  return (
    <Button asChild w="full" colorPalette="brand">
      <RouterLink to={paths.auth.getHref({ mode: 'signup' })}>Get {plan.name}</RouterLink>
    </Button>
  );
}

export function PlanCard({ plan, highlighted = false }: { plan: Plan; highlighted?: boolean }) {
  return (
    <Card.Root
      data-testid={`plan-${plan.id}`}
      variant="outline"
      rounded="2xl"
      bg="bg.panel"
      position="relative"
      borderColor={highlighted ? 'brand.solid' : 'border'}
      shadow={highlighted ? '0 0 0 1px var(--chakra-colors-brand-solid), 0 20px 50px -20px rgba(99,102,241,0.45)' : 'none'}
      opacity={plan.comingSoon ? 0.85 : 1}
    >
      <Card.Header gap="2">
        <HStack justify="space-between">
          <Card.Title as="h3" textStyle="lg">
            {plan.name}
          </Card.Title>
          {highlighted ? (
            <Badge colorPalette="brand" variant="solid" rounded="full">
              Most popular
            </Badge>
          ) : null}
          {plan.comingSoon ? (
            <Badge variant="outline" rounded="full">
              Coming soon
            </Badge>
          ) : null}
        </HStack>
        <Card.Description>{plan.description}</Card.Description>
        <HStack align="baseline" gap="1" pt="2">
          <Text fontSize="4xl" fontWeight="bold" letterSpacing="tight">
            {formatPrice(plan.price)}
          </Text>
          <Text color="fg.muted" textStyle="sm">
            /month
          </Text>
        </HStack>
      </Card.Header>
      <Card.Body>
        <List.Root gap="2.5" variant="plain">
          {plan.features.map((feature) => (
            <List.Item key={feature} textStyle="sm" alignItems="flex-start">
              <List.Indicator asChild color="brand.fg" mt="0.5">
                <Box as="span">
                  <LuCheck />
                </Box>
              </List.Indicator>
              {feature}
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <PlanAction plan={plan} />
      </Card.Footer>
    </Card.Root>
  );
}
