import { AuthLayout } from '@/components/layouts/auth-layout';
import { AuthForm } from '@/features/auth/components/auth-form';

export default function AuthRoute() {
  return (
    <AuthLayout>
      <AuthForm />
    </AuthLayout>
  );
}
