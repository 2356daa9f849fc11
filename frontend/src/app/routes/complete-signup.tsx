import { Navigate, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { CompleteSignupForm } from '@/features/billing/components/complete-signup-form';

/** The success URL of a public checkout: /complete-signup?email=…&session_id=… (docs/product-rules.md#complete-signup). */
export default function CompleteSignupRoute() {
  const [params] = useSearchParams();
  const email = params.get('email');
  if (!email) return <Navigate to={paths.landing.getHref()} replace />;
  return (
    <AuthLayout>
      <CompleteSignupForm email={email} sessionId={params.get('session_id') ?? ''} />
    </AuthLayout>
  );
}
