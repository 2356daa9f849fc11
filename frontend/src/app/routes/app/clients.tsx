import { ClientsPage } from '@/features/clients/components/clients-page';

export default function ClientsRoute() {
  return <ClientsPage />;
}
