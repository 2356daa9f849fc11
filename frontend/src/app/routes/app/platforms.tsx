import { PlatformsPage } from '@/features/accounts/components/platforms-page';

export default function PlatformsRoute() {
  return <PlatformsPage />;
}
