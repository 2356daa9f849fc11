import { SchedulePage } from '@/features/schedule/components/schedule-page';

export default function ScheduleRoute() {
  return <SchedulePage />;
}
