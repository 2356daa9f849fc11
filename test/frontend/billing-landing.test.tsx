import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAmplifyMocks } from './helpers/amplify-mocks';
import { mockApi } from './helpers/api-mock';
import { renderApp } from './helpers/render-app';

const CHECKOUT_URL = 'http://localhost/_local/stripe/checkout/cs_test_123';

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetAmplifyMocks();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openBasicCheckout() {
  const view = renderApp('/');
  const basic = await screen.findByTestId('plan-basic');
  await view.user.click(within(basic).getByRole('button', { name: 'Get Basic' }));
  const dialog = await screen.findByRole('dialog', { name: 'Complete Your Subscription' });
  return { ...view, dialog };
}

describe('the landing checkout dialog', () => {
  it('opens on a paid plan with Email, optional Name and a disabled "Proceed to Payment" until an email is entered', async () => {
    mockApi({});
    const { dialog, user } = await openBasicCheckout();
    const proceed = within(dialog).getByRole('button', { name: 'Proceed to Payment' });
    expect(within(dialog).getByLabelText(/Email/)).toHaveFocus();
    expect(within(dialog).getByLabelText(/Name/)).toBeInTheDocument();
    expect(proceed).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/Email/), 'buyer@example.com');
    expect(proceed).toBeEnabled();
  });

  it('starts the public checkout with the name defaulting to the email and goes to the payment page', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi({ 'POST /billing/public-checkout': { body: { checkoutUrl: CHECKOUT_URL } } });
    const fetchMock = api.fetchMock;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('public-checkout')) await gate;
      return original(input, init);
    });
    const { dialog, user } = await openBasicCheckout();

    await user.type(within(dialog).getByLabelText(/Email/), 'buyer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));

    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('POST', '/billing/public-checkout')).toHaveLength(1);
    expect(api.callsTo('POST', '/billing/public-checkout')[0]!.body).toEqual({
      productId: 'prod_sa_basic_monthly',
      email: 'buyer@example.com',
      name: 'buyer@example.com',
    });
  });

  it('sends the name when one is given', async () => {
    const api = mockApi({ 'POST /billing/public-checkout': { body: { checkoutUrl: CHECKOUT_URL } } });
    const { dialog, user } = await openBasicCheckout();
    await user.type(within(dialog).getByLabelText(/Email/), 'buyer@example.com');
    await user.type(within(dialog).getByLabelText(/Name/), 'Ada Buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo('POST', '/billing/public-checkout')[0]!.body).toMatchObject({ name: 'Ada Buyer' });
  });

  it('shows the sign-up rule for an invalid email without calling the API', async () => {
    const api = mockApi({});
    const { dialog, user } = await openBasicCheckout();
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Please enter a valid email address');
    expect(api.callsTo('POST', '/billing/public-checkout')).toHaveLength(0);
    // The e-mail field is marked and described by that message; typing clears the mark.
    const email$ = within(dialog).getByLabelText(/Email/);
    expect(email$).toHaveAttribute('aria-invalid', 'true');
    expect(email$).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address'));
    expect(within(dialog).getByLabelText(/Name/)).not.toHaveAttribute('aria-invalid');
    await user.type(email$, '@example.com');
    expect(email$).not.toHaveAttribute('aria-invalid');
  });

  it("shows the API's refusal in the dialog and lets the visitor try again", async () => {
    mockApi({
      'POST /billing/public-checkout': { status: 400, body: { error: { code: 'BAD_REQUEST', message: "This plan can't be bought right now" } } },
    });
    const { dialog, user } = await openBasicCheckout();
    await user.type(within(dialog).getByLabelText(/Email/), 'buyer@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent("This plan can't be bought right now");
    expect(within(dialog).getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
    // A refusal about the plan is not the e-mail's fault: the field stays unmarked.
    expect(within(dialog).getByLabelText(/Email/)).not.toHaveAttribute('aria-invalid');
  });

  it('closes with Escape and keeps the coming-soon plan disabled', async () => {
    mockApi({});
    const { user } = await openBasicCheckout();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('plan-pro')).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  });
});
