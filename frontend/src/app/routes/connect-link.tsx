import { AuthLayout } from '@/components/layouts/auth-layout';
import { ConnectLinkPage } from '@/features/connections/components/connect-link-page';

export default function ConnectLinkRoute() {
  return (
    <AuthLayout>
      <ConnectLinkPage />
    </AuthLayout>
  );
}
