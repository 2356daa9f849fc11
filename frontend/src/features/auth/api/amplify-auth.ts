import { useEffect } from 'react';
import { afterPageLoad } from '@/lib/after-page-load';
import { loadAuthSession } from '@/lib/amplify-loader';

/**
 * Amplify's auth API, configured. The sign-in and reset forms paint without it (~40 KB gzip) and
 * fetch it once they have painted (warmAmplifyAuth) or, at the latest, when they are submitted.
 */
export async function amplifyAuth(): Promise<typeof import('aws-amplify/auth')> {
  const [auth] = await Promise.all([import('aws-amplify/auth'), loadAuthSession()]);
  return auth;
}

/**
 * Once the form has painted and the browser is idle, fetches Amplify (and `alsoLoad`, e.g. the
 * form's validation rules) so that submitting does not wait for the download.
 */
export function useAmplifyAuthAfterPaint(alsoLoad?: () => Promise<unknown>): void {
  useEffect(() => {
    let cancelled = false;
    void afterPageLoad().then(() => {
      if (cancelled) return;
      // A failed download is retried by the submit that needs it; nothing to report here.
      amplifyAuth().catch(() => undefined);
      alsoLoad?.().catch(() => undefined);
    });
    return () => void (cancelled = true);
  }, [alsoLoad]);
}
