import { ApiReferencePage } from '@/features/settings/components/api-reference-page';

export default function ApiReferenceRoute() {
  return <ApiReferencePage />;
}
