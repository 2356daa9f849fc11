import { UpcomingSection } from '@/components/upcoming-section';

/** Replaced by the schedule feature (issue 4). */
export default function ScheduleRoute() {
  return <UpcomingSection title="Schedule" />;
}
