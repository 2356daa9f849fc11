import { ComposePage } from '@/features/compose/components/compose-page';

export default function ComposeRoute() {
  return <ComposePage />;
}
