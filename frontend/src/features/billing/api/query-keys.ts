/** Query keys of the billing feature. */
export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  checkoutStatus: (sessionId: string, email: string) => [...billingKeys.all, 'checkout-status', sessionId, email] as const,
};
