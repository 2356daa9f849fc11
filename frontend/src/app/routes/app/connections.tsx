import { ConnectionsPage } from '@/features/accounts/components/connections-page';

export default function ConnectionsRoute() {
  return <ConnectionsPage />;
}
