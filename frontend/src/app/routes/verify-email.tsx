import { AuthLayout } from '@/components/layouts/auth-layout';
import { VerifyEmail } from '@/features/auth/components/verify-email';

export default function VerifyEmailRoute() {
  return (
    <AuthLayout>
      <VerifyEmail />
    </AuthLayout>
  );
}
