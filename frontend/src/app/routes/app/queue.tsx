import { QueuePage } from '@/features/queue/components/queue-page';

export default function QueueRoute() {
  return <QueuePage />;
}
