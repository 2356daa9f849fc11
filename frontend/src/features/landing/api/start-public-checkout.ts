import { useCallback, useState } from 'react';
import { fetchLandingConfig } from './landing-config';

/** POST /api/billing/public-checkout's body (shared/billing.ts PublicCheckoutBody, kept free of zod here). */
export interface PublicCheckoutInput {
  productId: string;
  email: string;
  name?: string;
}

const GENERIC_FAILURE = 'Could not start the checkout. Please try again.';

/**
 * Starts a paid checkout without an account (docs/product-rules.md#the-product, #roles-and-permissions) and answers the hosted payment page's URL.
 * A plain fetch rather than lib/api-client: that client parses with zod and loads Amplify, and the
 * landing must stay light. Refusals carry our error shape `{ error: { message } }`.
 */
export async function startPublicCheckout(input: PublicCheckoutInput): Promise<string> {
  const { apiBasePath } = await fetchLandingConfig();
  let response: Response;
  try {
    response = await fetch(`${apiBasePath}/billing/public-checkout`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new Error(GENERIC_FAILURE);
  }
  const body = (await response.json().catch(() => null)) as { checkoutUrl?: unknown; error?: { message?: unknown } } | null;
  if (!response.ok) {
    const message = body?.error?.message;
    throw new Error(typeof message === 'string' && message ? message : GENERIC_FAILURE);
  }
  if (typeof body?.checkoutUrl !== 'string' || !body.checkoutUrl) throw new Error(GENERIC_FAILURE);
  return body.checkoutUrl;
}

/** The dialog's submit state: running while the request is out, the failure's message afterwards. */
export function useStartPublicCheckout() {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(async (input: PublicCheckoutInput) => {
    setPending(true);
    setError(null);
    try {
      const checkoutUrl = await startPublicCheckout(input);
      // Stay "Processing..." while the browser leaves for the payment page.
      window.location.assign(checkoutUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : GENERIC_FAILURE);
      setPending(false);
    }
  }, []);
  const reset = useCallback(() => setError(null), []);
  return { start, isPending, error, reset };
}
