import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPassword } from '@/features/auth/components/forgot-password';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout>
      <ForgotPassword />
    </AuthLayout>
  );
}
