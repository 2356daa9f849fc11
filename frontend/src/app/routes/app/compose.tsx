import { UpcomingSection } from '@/components/upcoming-section';

/** Replaced by the compose feature (issue 4). */
export default function ComposeRoute() {
  return <UpcomingSection title="Compose" />;
}
