import { OAuthCallback } from '@/features/accounts/components/oauth-callback';

export default function OAuthCallbackRoute() {
  return <OAuthCallback />;
}
