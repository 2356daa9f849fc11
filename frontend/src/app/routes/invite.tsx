import { AuthLayout } from '@/components/layouts/auth-layout';
import { InvitePage } from '@/features/workspaces/components/invite-page';

export default function InviteRoute() {
  return (
    <AuthLayout>
      <InvitePage />
    </AuthLayout>
  );
}
