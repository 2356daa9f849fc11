import { Alert, Button, Skeleton, Stack, Tabs } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BILLING_MSG } from '@shared/billing-messages';
import { PageHeader } from '@/components/page-header';
import { toaster } from '@/components/ui/toaster';
import { useClaimCheckout } from '../api/claim-checkout';
import { useSubscription } from '../api/get-subscription';
import { billingKeys } from '../api/query-keys';
import { OverviewTab } from './overview-tab';
import { PlansTab } from './plans-tab';

type TabId = 'overview' | 'plans';

/** After a paid checkout the provider's webhook may land a moment after the browser returns. */
const CHECKOUT_POLL_MS = 1000;
const CHECKOUT_POLL_FOR_MS = 10_000;

/**
 * The Subscription view (docs/product-rules.md#subscription): Overview and Plans. Returning from the hosted payment page with
 * ?checkout=success shows the success toast and polls until the new plan is visible; ?claim=<session>
 * (signing in from /complete-signup) attaches that paid public checkout to the account.
 */
export function SubscriptionPage() {
  const [tab, setTab] = useState<TabId>('overview');
  const pollUntil = useCheckoutReturn();
  useClaimFromSignIn();
  const query = useSubscription({
    refetchInterval: (q) => (pollUntil !== null && Date.now() < pollUntil && (q.state.data?.plan ?? 'free') === 'free' ? CHECKOUT_POLL_MS : false),
  });

  return (
    <Stack gap="6">
      <PageHeader title="Subscription" description="Your plan, this month's usage and billing." />
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as TabId)} variant="line">
        <Tabs.List>
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="plans">Plans</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          {query.isPending ? (
            <Stack gap="4" data-testid="subscription-loading">
              <Skeleton h="40" rounded="xl" />
              <Skeleton h="32" rounded="xl" />
            </Stack>
          ) : query.isError ? (
            <Alert.Root status="error" rounded="lg">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Could not load your subscription</Alert.Title>
                <Alert.Description>{query.error.message}</Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" alignSelf="center" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Alert.Root>
          ) : (
            <OverviewTab data={query.data} onViewPlans={() => setTab('plans')} />
          )}
        </Tabs.Content>
        <Tabs.Content value="plans">
          <PlansTab currentPlan={query.data?.plan ?? 'free'} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/**
 * Reads ?checkout=success|canceled once, drops it from the URL (a reload must not repeat the toast)
 * and answers until when to poll for the new plan, or null.
 */
function useCheckoutReturn(): number | null {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const result = params.get('checkout');
  // Poll from the moment the page opens on ?checkout=success (set here, not in the effect: no second render).
  const [pollUntil] = useState<number | null>(() => (result === 'success' ? Date.now() + CHECKOUT_POLL_FOR_MS : null));
  const handled = useRef(false);

  useEffect(() => {
    if (!result || handled.current) return;
    handled.current = true;
    if (result === 'success') {
      toaster.success({ title: BILLING_MSG.paymentSuccessful, description: 'Your new plan will show here in a moment.' });
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );
  }, [result, setParams, queryClient]);

  return pollUntil;
}

/**
 * Reads ?claim=<session> once, drops it from the URL (a reload must not claim again) and claims the
 * paid checkout; the mutation toasts and refreshes the subscription.
 */
function useClaimFromSignIn(): void {
  const [params, setParams] = useSearchParams();
  const { mutate: claim } = useClaimCheckout();
  const sessionId = params.get('claim');
  const handled = useRef(false);

  useEffect(() => {
    if (!sessionId || handled.current) return;
    handled.current = true;
    claim({ session_id: sessionId });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('claim');
        return next;
      },
      { replace: true },
    );
  }, [sessionId, setParams, claim]);
}
