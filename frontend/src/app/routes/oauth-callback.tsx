import { OAuthCallback } from '@/features/connections/components/oauth-callback';

export default function OAuthCallbackRoute() {
  return <OAuthCallback />;
}
