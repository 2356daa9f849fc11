import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILLING_MSG, type SubscriptionResponse } from '@shared/billing';
import type { Subscription } from '@shared/subscription';
import { resetAmplifyMocks, signedInAs } from './helpers/amplify-mocks';
import { meResponse, mockApi, shellRoutes } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const BASIC = 'prod_sa_basic_monthly';

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    status: 'active',
    product_id: BASIC,
    // 23:30 UTC: already the next day in the user's zone (Asia/Tokyo below).
    current_period_end: '2026-07-14T23:30:00.000Z',
    cancel_at_period_end: false,
    created_at: '2026-06-14T23:30:00.000Z',
    ...overrides,
  };
}

function state(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return { subscription: null, plan: 'free', usage: { month: '2026-06', used: 1, limit: 5 }, ...overrides };
}

function routes(response: SubscriptionResponse | (() => SubscriptionResponse), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...shellRoutes({ me: meResponse({ settings: { timezone: 'Asia/Tokyo' } }) }),
    'GET /subscription': () => ({ body: typeof response === 'function' ? response() : response }),
    ...extra,
  });
}

describe('the Subscription page', () => {
  beforeEach(() => {
    resetAmplifyMocks();
    signedInAs();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows Free with its features, the usage bar and an invitation to pick a plan without a subscription', async () => {
    routes(state({ usage: { month: '2026-06', used: 3, limit: 5 } }));
    const { user } = renderApp('/home/subscription');
    const plan = await screen.findByTestId('current-plan');
    expect(within(plan).getByRole('heading', { name: 'Free' })).toBeInTheDocument();
    expect(within(plan).getByText('5 scheduled posts per month')).toBeInTheDocument();
    expect(screen.getByTestId('usage-text')).toHaveTextContent('3 of 5 scheduled posts this month');
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Running low!')).not.toBeInTheDocument();

    const none = screen.getByTestId('no-subscription');
    await user.click(within(none).getByRole('button', { name: 'View plans' }));
    expect(await screen.findByText('Paid plans can be canceled anytime.')).toBeVisible();
  });

  it('warns "Running low!" at 80% without suggesting an upgrade yet', async () => {
    routes(state({ usage: { month: '2026-06', used: 4, limit: 5 } }));
    renderApp('/home/subscription');
    const notice = await screen.findByTestId('usage-notice');
    expect(within(notice).getByText('Running low!')).toBeInTheDocument();
    expect(within(notice).queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('still says "Running low!" at 99%, one post before the limit', async () => {
    routes(state({ plan: 'pro', subscription: subscription({ product_id: 'prod_sa_pro_monthly' }), usage: { month: '2026-06', used: 29, limit: 30 } }));
    renderApp('/home/subscription');
    const notice = await screen.findByTestId('usage-notice');
    expect(within(notice).getByText('Running low!')).toBeInTheDocument();
  });

  it('says the limit is reached on the top plan at 100%, with no upgrade to offer', async () => {
    routes(state({ plan: 'pro', subscription: subscription({ product_id: 'prod_sa_pro_monthly' }), usage: { month: '2026-06', used: 30, limit: 30 } }));
    renderApp('/home/subscription');
    const notice = await screen.findByTestId('usage-notice');
    expect(within(notice).getByText('Monthly limit reached')).toBeInTheDocument();
    expect(within(notice).queryByText('Running low!')).not.toBeInTheDocument();
    expect(within(notice).queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('suggests the next plan at 100%', async () => {
    routes(state({ usage: { month: '2026-06', used: 5, limit: 5 } }));
    const { user } = renderApp('/home/subscription');
    const notice = await screen.findByTestId('usage-notice');
    expect(within(notice).getByText('Monthly limit reached: time to upgrade')).toBeInTheDocument();
    expect(within(notice).queryByText('Running low!')).not.toBeInTheDocument();
    expect(notice).toHaveTextContent("You've reached your plan's limit of 5 scheduled posts this month. Upgrade to Basic for 15 scheduled posts a month.");
    await user.click(within(notice).getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByTestId('plan-option-basic')).toBeVisible();
  });

  it('shows an active Basic subscription with its badge, renewal date in the user zone and Cancel Subscription', async () => {
    routes(state({ plan: 'basic', subscription: subscription(), usage: { month: '2026-06', used: 2, limit: 15 } }));
    renderApp('/home/subscription');
    const card = await screen.findByTestId('subscription-card');
    expect(within(screen.getByTestId('current-plan')).getByRole('heading', { name: 'Basic' })).toBeInTheDocument();
    expect(within(card).getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(within(card).getByTestId('subscription-status')).toHaveAttribute('data-variant', 'default');
    expect(within(card).getByText('Renews on Jul 15, 2026')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
  });

  it.each([
    ['trialing', 'Trialing', 'secondary'],
    ['past_due', 'Past due', 'destructive'],
    ['canceled', 'Canceled', 'destructive'],
    ['incomplete', 'Incomplete', 'destructive'],
    ['paused', 'Paused', 'secondary'],
  ])('badges a %s subscription as %s (%s) and offers no button', async (status, label, variant) => {
    routes(state({ plan: 'basic', subscription: subscription({ status }) }));
    renderApp('/home/subscription');
    const badge = await screen.findByTestId('subscription-status');
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveAttribute('data-variant', variant);
    const card = screen.getByTestId('subscription-card');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels at period end: posts the action, toasts, and then shows "Expires on" with the notice and Reactivate', async () => {
    let current = state({ plan: 'basic', subscription: subscription() });
    const api = routes(() => current, {
      'POST /billing/subscription': (call) => {
        current = state({ plan: 'basic', subscription: subscription({ cancel_at_period_end: (call.body as { action: string }).action === 'cancel' }) });
        return { body: { subscription: current.subscription, message: BILLING_MSG.subscriptionUpdated } };
      },
    });
    const { user } = renderApp('/home/subscription');
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel your Basic subscription?' });
    expect(confirm).toHaveTextContent(
      'You keep Basic until Jul 15, 2026, then move to Free: 5 scheduled posts a month, on Facebook and Instagram only. You can reactivate before then.',
    );
    expect(api.callsTo('POST', '/billing/subscription')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Subscription' }));

    expect(await screen.findByText(BILLING_MSG.subscriptionUpdated)).toBeInTheDocument();
    expect(api.callsTo('POST', '/billing/subscription')[0]!.body).toEqual({ subscriptionId: 'sub_1', action: 'cancel' });
    const card = screen.getByTestId('subscription-card');
    expect(await within(card).findByText('Expires on Jul 15, 2026')).toBeInTheDocument();
    expect(within(card).getByTestId('subscription-ending')).toHaveTextContent('will end on Jul 15, 2026');

    await user.click(within(card).getByRole('button', { name: 'Reactivate Subscription' }));
    expect(await within(card).findByText('Renews on Jul 15, 2026')).toBeInTheDocument();
    expect(api.callsTo('POST', '/billing/subscription')[1]!.body).toEqual({ subscriptionId: 'sub_1', action: 'reactivate' });
  });

  it('keeps the subscription when the user chooses "Keep Subscription"', async () => {
    const api = routes(state({ plan: 'basic', subscription: subscription() }));
    const { user } = renderApp('/home/subscription');
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel your Basic subscription?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep Subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/billing/subscription')).toHaveLength(0);
    expect(within(screen.getByTestId('subscription-card')).getByText('Renews on Jul 15, 2026')).toBeInTheDocument();
  });

  it('shows the refusal of a change in an Error toast', async () => {
    routes(state({ plan: 'basic', subscription: subscription() }), {
      'POST /billing/subscription': { status: 409, body: { error: { code: 'CONFLICT', message: BILLING_MSG.subscriptionNotActive } } },
    });
    const { user } = renderApp('/home/subscription');
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Subscription' }));
    const title = await screen.findByText('Error');
    const toast = title.closest('[data-scope="toast"][data-part="root"]') as HTMLElement;
    expect(within(toast).getByText(BILLING_MSG.subscriptionNotActive)).toBeInTheDocument();
  });

  it('lists the three plans with the current one marked, Pro coming soon, and sends an upgrade to checkout', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = routes(state(), { 'POST /billing/checkout': { body: { checkoutUrl: 'http://localhost/_local/stripe/checkout/cs_1' } } });
    const { user } = renderApp('/home/subscription');
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));

    const free = await screen.findByTestId('plan-option-free');
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).getByText('$0')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-option-pro')).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(screen.getByText('Paid plans can be canceled anytime.')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('plan-option-basic')).getByRole('button', { name: 'Upgrade to Basic' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/_local/stripe/checkout/cs_1'));
    expect(api.callsTo('POST', '/billing/checkout')[0]!.body).toEqual({ productId: BASIC });
  });

  it('sells Pro when the deployment turns "Coming Soon" off', async () => {
    routes(state());
    const { user } = renderApp('/home/subscription', { config: { proComingSoon: false } });
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    expect(within(await screen.findByTestId('plan-option-pro')).getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
  });

  it('does not offer another paid plan while one is live (the API allows one subscription)', async () => {
    routes(state({ plan: 'basic', subscription: subscription() }));
    const { user } = renderApp('/home/subscription', { config: { proComingSoon: false } });
    await user.click(await screen.findByRole('tab', { name: 'Plans' }));
    const pro = await screen.findByTestId('plan-option-pro');
    expect(within(pro).getByRole('button', { name: 'Upgrade to Pro' })).toBeDisabled();
    expect(within(pro).getByText('Available once your current plan has ended.')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-option-basic')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  });

  it('after a paid checkout, toasts success and polls until the new plan shows', async () => {
    // The page's own clock, so "no more polls" is checked over polling periods that really passed.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    routes(() => {
      reads += 1;
      return reads < 3 ? state() : state({ plan: 'basic', subscription: subscription() });
    });
    const { location } = renderApp('/home/subscription?checkout=success');
    expect(await screen.findByText(BILLING_MSG.paymentSuccessful)).toBeInTheDocument();
    await waitFor(() => expect(location().search).toBe(''));
    await waitFor(() => expect(within(screen.getByTestId('current-plan')).getByRole('heading', { name: 'Basic' })).toBeInTheDocument(), {
      timeout: 5000,
    });
    const readsWhenShown = reads;
    await vi.advanceTimersByTimeAsync(5_000); // several of the page's polling periods
    expect(reads).toBe(readsWhenShown);
  });
});
