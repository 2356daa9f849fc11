import { BlueskySignIn } from '@/features/connections/components/bluesky-sign-in';

export default function BlueskySignInRoute() {
  return <BlueskySignIn />;
}
