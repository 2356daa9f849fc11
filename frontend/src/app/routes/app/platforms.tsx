import { PlatformsPage } from '@/features/connections/components/platforms-page';

export default function PlatformsRoute() {
  return <PlatformsPage />;
}
