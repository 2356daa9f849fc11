import { ImportPage } from '@/features/import/components/import-page';

export default function ImportRoute() {
  return <ImportPage />;
}
