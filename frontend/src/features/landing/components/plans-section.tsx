import { Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PLANS } from '@shared/plans';
import { paths } from '@/config/paths';
import { PlanCard } from './plan-card';

export function PlansSection() {
  return (
    <Container as="section" id="pricing" maxW="6xl" py={{ base: '14', md: '20' }} scrollMarginTop="16">
      <Stack align="center" textAlign="center" gap="3" mb="10">
        <Heading as="h2" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="tight">
          Simple, monthly pricing
        </Heading>
        <Text color="fg.muted" maxW="xl">
          Start free. Upgrade when you post more. Paid plans can be canceled anytime.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" alignItems="stretch">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} highlighted={plan.id === 'basic'} />
        ))}
      </SimpleGrid>
      <Text textAlign="center" mt="8" color="fg.muted">
        Already have an account?{' '}
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={paths.auth.getHref()}>Sign in</RouterLink>
        </Link>
      </Text>
    </Container>
  );
}
