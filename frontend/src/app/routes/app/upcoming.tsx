import { useMatches } from 'react-router-dom';
import { UpcomingSection } from '@/components/upcoming-section';
import type { RouteHandle } from '../../root-layout';

/** Compose, Schedule, … until their own issues replace this module in the router. */
export default function UpcomingRoute() {
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return <UpcomingSection title={handle?.title ?? 'Coming soon'} />;
}
